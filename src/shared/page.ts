import { z } from 'zod';
import { lazy } from './lazy';
import type { BrowserAction } from './action';
import { ACTION_KINDS, type AimPurpose } from './action-kinds';

/** The compact view of a live page that the model reads. Format: docs/page-model.md. */
export const PageSnapshot = lazy(() => z.object({
  url: z.string(),
  title: z.string(),
  /** the HTML-like text the model reads, e.g. `<input id=7 label="From" value="Boston">` */
  text: z.string(),
  /** size of `text` in BPE tokens (gpt-tokenizer, o200k) */
  tokens: z.number().int().nonnegative(),
  /** elements carrying an id in `text` */
  elementCount: z.number().int().nonnegative(),
  /** true when the token budget forced parts of the page to be summarized */
  truncated: z.boolean(),
  /** monotonically increasing per page load; ids are stable across snapshots of one load */
  seq: z.number().int().nonnegative(),
  takenAt: z.number(),
}));
export type PageSnapshot = z.infer<typeof PageSnapshot>;

export const SnapshotOptions = lazy(() => z.object({
  /** hard budget in tokens; 0 turns the budget off */
  budget: z.number().int().nonnegative().default(4000),
  /** the task text, so that task-relevant parts are kept first when over budget */
  task: z.string().optional(),
  /** ids to leave out (structured reflection's disabled set) */
  hideIds: z.array(z.number().int()).default([]),
}));
export type SnapshotOptions = z.input<typeof SnapshotOptions>;

export const FindQuery = lazy(() => z.object({
  text: z.string().optional(),
  role: z.string().optional(),
  limit: z.number().int().positive().max(100).default(20),
}));
export type FindQuery = z.input<typeof FindQuery>;

export const FoundElement = lazy(() => z.object({
  id: z.number().int(),
  /** the element's line as it would appear in the page model */
  line: z.string(),
  inViewport: z.boolean(),
}));
export type FoundElement = z.infer<typeof FoundElement>;

/**
 * Structured facts about one element, for decisions that must not rest on reading text
 * (the safety gate, replay's agreement checks).
 */
export const ElementInfo = lazy(() => z.object({
  id: z.number().int(),
  tag: z.string(),
  role: z.string(),
  /** accessible name as the page model shows it */
  name: z.string(),
  /** input type, if any */
  inputType: z.string().optional(),
  href: z.string().optional(),
  /** for a submit control or a text field (Enter submits), the action URL of its form */
  formAction: z.string().optional(),
  /** autocomplete tokens such as cc-number, one-time-code, current-password */
  autocomplete: z.string().optional(),
  /** password, card number, CVC, one-time code: never typed into a prompt or stored */
  secret: z.boolean(),
  /** the element's line as it appears in the page model */
  line: z.string(),
  // Facts read from the element at the moment of asking, not from the last snapshot: a page can
  // relabel a control after the model saw it, or show words that differ from its accessible name.
  /** the accessible name the element has now (aria-label, label, alt, a button input's value) */
  label: z.string().optional(),
  /** the element's own visible text now */
  text: z.string().optional(),
  /** get, post or dialog, for a control or field that submits a form */
  formMethod: z.string().optional(),
  /** the form is a search (role=search, a search field): submitting it only asks for results */
  searchForm: z.boolean().optional(),
  /** for a field, the words of the button that Enter would press (its form's first submit control) */
  submitName: z.string().optional(),
  /** opens a menu, list box, dialog or date picker in place (aria-haspopup, aria-expanded, combobox) */
  popup: z.boolean().optional(),
  /** a link that opens in a new window or tab */
  newWindow: z.boolean().optional(),
  /** a select or checkbox whose change submits its form by itself */
  autoSubmit: z.boolean().optional(),
  /** for a control that submits a form: each named field of the form by the words a person sees for it ('' for a hidden one), so a card names what is sent as the page does */
  fieldLabels: z.record(z.string(), z.string()).optional(),
  /**
   * for a control that submits a form: what the form holds now, as its post would carry it (at most
   * 12 fields; a password's value as "••••", a file by its name), so a question asked before the
   * click shows what it sends
   */
  formValues: z.array(z.object({ name: z.string(), value: z.string() })).max(12).optional(),
  /** words near the control (its form, dialog or section): amounts, recipients, items, for the confirm card */
  context: z.string().optional(),
  /** digest of the facts judged; the executor refuses to act when the element no longer matches it */
  facts: z.string().optional(),
}));
export type ElementInfo = z.infer<typeof ElementInfo>;

export type { AimPurpose } from './action-kinds';

/** The purpose the page aims an action's element for; null for the actions aimed as they run (a press focuses its element then). */
export function aimPurposeOf(a: BrowserAction): AimPurpose | null {
  return ACTION_KINDS[a.kind].aim;
}

/**
 * A replay's look that also aimed, when asked (replay.resolve with `aim`): the element found was
 * scrolled to, hit-tested and described as page.target does, and the input about to come is
 * guarded by those facts for a short while. Saves the step the page.target round trip.
 */
export type LookAim = Omit<AimedTarget, 'id' | 'at'> & { purpose: AimPurpose };

/**
 * An element looked up for an action, scrolled to and hit-tested, with its facts, in one look
 * (page.target with `describe`): the gate judges `info`, and trusted input goes to the point
 * unless too long has passed (a question to the person), when the executor looks again.
 */
export interface AimedTarget {
  info: ElementInfo;
  id: number;
  x: number;
  y: number;
  /** for check: the element is already in the wanted state */
  skip: boolean;
  native: 'select' | 'value' | null;
  /** Date.now() when the page answered */
  at: number;
}
