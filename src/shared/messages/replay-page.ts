// The service worker asking the page to find a recorded element again (a workflow's fingerprint,
// or a Chrome Recorder file's selectors) and to read a field after a step. A group of its own: the
// content script checks what it receives with these schemas without building the rest of the
// registry (see ../protocol-content.ts). Format: docs/workflows.md.
import { z } from 'zod';
import { Ack, defineMessage } from '../protocol-core';
import { ElementId } from '../action';
import { Fingerprint, MatchStrategy } from '../fingerprint';
import { ElementInfo } from '../page';
import { RecorderSelector, RecorderWait } from '../recorder-target';
import { lazy } from '../lazy';


const AimPurpose = lazy(() => z.enum(['pointer', 'choose', 'hover', 'edit', 'check']));

/**
 * A look that aims too, when the element is found: scrolled to, hit-tested and described, its
 * input guarded for a short while (page.target with `describe`), so the step needs no page.target
 * of its own. Only on the step's site and page (`site`, `path`): a look at a page the step will not
 * act on never scrolls it.
 */
/** A candidate the replay may ask the person about (never acted on unasked). */
const GuessShape = lazy(() => z.object({ id: z.number().int(), tag: z.string(), role: z.string(), name: z.string(), line: z.string(), secret: z.boolean().default(false) }));
const AimAsk = lazy(() => z.object({ purpose: AimPurpose, checked: z.boolean().optional(), site: z.string(), path: z.string().optional() }));

export const Resolution = lazy(() => z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    id: z.number().int(),
    strategy: MatchStrategy,
    tag: z.string(),
    role: z.string(),
    name: z.string(),
    inputType: z.string().optional(),
    /** a password, card, CVC or one-time-code field (only a secret value may be typed into it, and a secret only into it) */
    secret: z.boolean().default(false),
    line: z.string(),
    /** the element's facts as the safety gate reads them, in the same look: no second round trip to describe it */
    info: ElementInfo.optional(),
    /** a full fingerprint, for an element found by a Chrome Recorder file's selectors: learned once the step has run */
    fingerprint: Fingerprint.optional(),
    /** the address of the document that answered: an id means an element of that document only */
    url: z.string().optional(),
    /** asked with `aim` and found on the step's page: the element aimed at as page.target does (LookAim in ../page.ts) */
    aim: z
      .object({ purpose: AimPurpose, x: z.number(), y: z.number(), skip: z.boolean(), native: z.enum(['select', 'value']).nullable(), info: ElementInfo })
      .optional(),
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['not_found', 'ambiguous', 'weak', 'disagree', 'frame']),
    message: z.string(),
    /** the candidate ranked first, which the replay may ask the person about (never acted on unasked) */
    guess: GuessShape.optional(),
    /** the next best, offered one after another when the person says the guess is not it */
    others: z.array(GuessShape).max(5).optional(),
  }),
]));

export const replayPageMessages = {
  'replay.resolve': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Find a recorded element again from its fingerprint, demanding agreement (docs/workflows.md).',
    params: z.object({ fingerprint: Fingerprint, aim: AimAsk.optional() }),
    result: Resolution,
  })),
  'replay.resolveSelectors': lazy(() => defineMessage({
    direction: 'background->content',
    doc: "Find an imported Chrome Recorder step's element from its selectors, as Chrome's runner does, refusing when its selectors contradict each other.",
    params: z.object({ selectors: z.array(RecorderSelector).min(1), frame: z.array(z.number().int().nonnegative()).default([]), aim: AimAsk.optional() }),
    result: Resolution,
  })),
  'replay.checkSelectors': lazy(() => defineMessage({
    direction: 'background->content',
    doc: "Whether a Chrome Recorder waitForElement is met now (count, visibility, attributes, properties).",
    params: z.object({ selectors: z.array(RecorderSelector).min(1), frame: z.array(z.number().int().nonnegative()).default([]), wait: RecorderWait }),
    // url: the address of the document that answered (a check sent as the tab moved on may be of the page before)
    result: z.object({ met: z.boolean(), count: z.number().int(), url: z.string().optional() }),
  })),
  'replay.scrollTo': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'A Chrome Recorder scroll: the element of the selectors, or the window, scrolled to x, y.',
    params: z.object({ selectors: z.array(RecorderSelector).default([]), frame: z.array(z.number().int().nonnegative()).default([]), x: z.number(), y: z.number() }),
    result: Ack,
  })),
  'replay.field': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Value and checked state of a field after a step (a secret field only says whether it is filled).',
    params: z.object({ id: ElementId }),
    result: z.object({ value: z.string().optional(), checked: z.boolean().nullable(), filled: z.boolean() }).nullable(),
  })),
  'replay.fingerprint': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'A fresh fingerprint of an element, written back into a workflow after a step healed.',
    params: z.object({ id: ElementId }),
    result: Fingerprint.nullable(),
  })),
};
