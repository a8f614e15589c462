// The co-pilot drawn in the page while it works: a glow around the viewport, the element it is
// about to act on, the field the person is asked to fill, and a Stop button. The content script
// draws it in a closed shadow root (src/content/overlay); the service worker says what to show.
import { z } from 'zod';
import { defineMessage, type MessageDef } from '../protocol-core';
import { lazy } from '../lazy';

export const OverlayState = lazy(() => z.enum(['acting', 'waiting', 'handoff', 'paused', 'recording', 'off']));
export type OverlayState = z.infer<typeof OverlayState>;

export const OverlayView = lazy(() => z.object({
  state: OverlayState,
  /** page-model id of the element about to be acted on (outlined for a moment) or, in a hand-off, the field to fill (outlined until it ends) */
  elementId: z.number().int().nonnegative().optional(),
  /** what the co-pilot does now, in the person's words ("click “Next”"), shown in the page's pill */
  doing: z.string().max(160).optional(),
}));
export type OverlayView = z.infer<typeof OverlayView>;

export const overlayMessages = {
  'overlay.show': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Show what the co-pilot does in this page (or, with state off, nothing).',
    params: OverlayView,
    result: z.object({ shown: z.boolean() }),
  })),
  'overlay.stop': lazy(() => defineMessage({
    direction: 'content->background',
    doc: "The person pressed Stop in the page's overlay: stop the run in the sender's tab.",
    params: z.object({}),
    result: z.object({ ok: z.boolean(), message: z.string().default('') }),
  })),
  'overlay.personInput': lazy(() => defineMessage({
    direction: 'content->background',
    doc: "The person pressed a key or a pointer in the page after a run ended (asked by page.watchPerson): the request hold's wait for that run ends, and what the page sends now is theirs.",
    params: z.object({}),
    result: z.object({ ok: z.literal(true) }),
  })),
} satisfies Record<string, MessageDef>;
