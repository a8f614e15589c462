import { z } from 'zod';
import { lazy } from './lazy';
import { DownloadNote } from './download';

/**
 * The one action vocabulary shared by the agent, the executor, the recorder and replay.
 * Element ids are the short numeric ids of the page model (see docs/page-model.md);
 * models sometimes send them as strings, so they are coerced.
 */
export const ElementId = lazy(() => z.coerce.number().int().nonnegative());
export type ElementId = z.infer<typeof ElementId>;

export const ClickAction = lazy(() => z.object({
  kind: z.literal('click'),
  id: ElementId,
  button: z.enum(['left', 'right', 'middle']).default('left'),
  modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).default([]),
}));
export const DoubleClickAction = lazy(() => z.object({ kind: z.literal('double_click'), id: ElementId }));
export const HoverAction = lazy(() => z.object({ kind: z.literal('hover'), id: ElementId }));
export const TypeAction = lazy(() => z.object({
  kind: z.literal('type'),
  id: ElementId,
  text: z.string(),
  /** replace clears the field first; append types after what is there. */
  mode: z.enum(['replace', 'append']).default('replace'),
}));
export const ClearAction = lazy(() => z.object({ kind: z.literal('clear'), id: ElementId }));
export const SelectAction = lazy(() => z.object({
  kind: z.literal('select'),
  id: ElementId,
  /** option labels or values; several for a multi-select */
  values: z.array(z.string()).min(1),
}));
export const CheckAction = lazy(() => z.object({ kind: z.literal('check'), id: ElementId, checked: z.boolean().default(true) }));
export const PressAction = lazy(() => z.object({
  kind: z.literal('press'),
  /** a key or combination in Playwright's notation: "Enter", "Control+A", "ArrowDown" */
  keys: z.string().min(1),
  /** focus this element first; without it the key goes to the focused element */
  id: ElementId.optional(),
  repeat: z.number().int().min(1).max(50).default(1),
}));
export const ScrollAction = lazy(() => z.object({
  kind: z.literal('scroll'),
  /** without an id the page scrolls; with one, that element scrolls (or is scrolled into view) */
  id: ElementId.optional(),
  direction: z.enum(['up', 'down', 'left', 'right', 'into_view']).default('down'),
  /** pixels; omitted means one screen */
  amount: z.number().int().positive().optional(),
}));
/**
 * A click at a point of the viewport, for what has no element id (a button drawn on a canvas, a map).
 * x and y are CSS pixels of the viewport; the agent converts from the screenshot's pixels.
 */
export const ClickAtAction = lazy(() => z.object({
  kind: z.literal('click_at'),
  x: z.coerce.number().nonnegative(),
  y: z.coerce.number().nonnegative(),
}));
/**
 * Puts a file the person attached to the task into a file field (or drops it on a drop zone), as
 * if they had chosen it. `file` names the attachment; its bytes never travel in the action (they
 * go from the worker's store to the page only as the action runs).
 */
export const UploadAction = lazy(() => z.object({ kind: z.literal('upload'), id: ElementId, file: z.string().min(1) }));
export const NavigateAction = lazy(() => z.object({ kind: z.literal('navigate'), url: z.string().min(1) }));
export const BackAction = lazy(() => z.object({ kind: z.literal('back') }));
export const WaitAction = lazy(() => z.object({
  kind: z.literal('wait'),
  /** wait until this text is on the page, or this element id exists, or just for ms */
  text: z.string().optional(),
  id: ElementId.optional(),
  gone: z.boolean().default(false),
  timeoutMs: z.number().int().positive().max(60_000).default(5_000),
}));

/** Actions the executor runs in the page. */
export const BrowserAction = lazy(() => z.discriminatedUnion('kind', [
  ClickAction,
  ClickAtAction,
  DoubleClickAction,
  HoverAction,
  TypeAction,
  ClearAction,
  SelectAction,
  CheckAction,
  PressAction,
  UploadAction,
  ScrollAction,
  NavigateAction,
  BackAction,
  WaitAction,
]));
export type BrowserAction = z.infer<typeof BrowserAction>;
export type BrowserActionKind = BrowserAction['kind'];

/**
 * Actions on the run's tabs, run by the agent's tab layer rather than in a page. Tabs are numbered
 * as the page model lists them (1 is the tab the task started in); a run only ever touches its own.
 */
export const TabNumber = lazy(() => z.coerce.number().int().min(1));
export const OpenTabAction = lazy(() => z.object({ kind: z.literal('open_tab'), url: z.string().min(1) }));
export const SwitchTabAction = lazy(() => z.object({ kind: z.literal('switch_tab'), n: TabNumber }));
export const CloseTabAction = lazy(() => z.object({ kind: z.literal('close_tab'), n: TabNumber }));
export const TabAction = lazy(() => z.discriminatedUnion('kind', [OpenTabAction, SwitchTabAction, CloseTabAction]));
export type TabAction = z.infer<typeof TabAction>;
export const isTabAction = (a: { kind: string }): a is TabAction => a.kind === 'open_tab' || a.kind === 'switch_tab' || a.kind === 'close_tab';

/** Actions that end a policy or ask the person; the agent handles these itself. */
export const DoneAction = lazy(() => z.object({ kind: z.literal('done'), summary: z.string().default('') }));
export const AskUserAction = lazy(() => z.object({ kind: z.literal('ask_user'), question: z.string().min(1) }));

export const AgentAction = lazy(() => z.discriminatedUnion('kind', [
  ...BrowserAction.options,
  ...TabAction.options,
  DoneAction,
  AskUserAction,
]));
export type AgentAction = z.infer<typeof AgentAction>;

/** Why an action could not run. Specific codes so the agent can explain and repair (RCI grounding). */
export const ActionErrorCode = lazy(() => z.enum([
  'unknown_id',
  'detached',
  'hidden',
  'covered',
  'disabled',
  'not_editable',
  'option_not_found',
  'navigated_away',
  'timeout',
  'blocked',
  'unsupported',
  'internal',
  /** the element is no longer what was checked before acting (relabelled, moved, replaced) */
  'changed',
]));
export type ActionErrorCode = z.infer<typeof ActionErrorCode>;

/** What an action changed, so the agent can tell progress from "no change" and cycles. */
export const PageChange = lazy(() => z.object({
  kind: z.enum(['navigation', 'dom', 'none']),
  url: z.string(),
  added: z.number().int().nonnegative().default(0),
  removed: z.number().int().nonnegative().default(0),
  /** human-readable one-liner for the timeline and the model */
  summary: z.string().default(''),
  /** the new document's title as the browser shows it, after a navigation (for the timeline: "Opened “Catalog”") */
  title: z.string().optional(),
  /** downloads the action started (background/executor/downloads.ts) */
  downloads: z.array(DownloadNote).optional(),
}));
export type PageChange = z.infer<typeof PageChange>;

export const ActionResult = lazy(() => z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), change: PageChange, elapsedMs: z.number().nonnegative().default(0) }),
  z.object({ ok: z.literal(false), code: ActionErrorCode, message: z.string() }),
]));
export type ActionResult = z.infer<typeof ActionResult>;
