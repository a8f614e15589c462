import { z } from 'zod';
import { Fingerprint } from './fingerprint';
import { PlanStep } from './plan-step';
import { lazy } from './lazy';

/**
 * What the person did in one recorded step. Element ids are the page model's ids in `page`,
 * the snapshot taken just before the step; `target` finds the element again later.
 * Typed text is the field's final value, never keystrokes. A secret (password, card number,
 * CVC, one-time code) is never stored: `secret` is set, `value` is empty and `variable` names
 * what to ask for at replay.
 */
export const RecordedAction = lazy(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('click'), id: z.number().int() }),
  z.object({ kind: z.literal('type'), id: z.number().int(), value: z.string(), secret: z.boolean().default(false) }),
  z.object({ kind: z.literal('select'), id: z.number().int(), values: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('check'), id: z.number().int(), checked: z.boolean() }),
  /** Enter, Escape, Tab, arrows: only keys that do something beyond typing */
  z.object({ kind: z.literal('press'), id: z.number().int().optional(), keys: z.string().min(1) }),
  /** a file the person chose in a file field: its name only, never its bytes */
  z.object({ kind: z.literal('upload'), id: z.number().int(), file: z.string() }),
  /** the person (or a link) took the tab to a new address */
  z.object({ kind: z.literal('navigate'), url: z.string() }),
]));
export type RecordedAction = z.infer<typeof RecordedAction>;

export const DemoStep = lazy(() => z.object({
  at: z.number(),
  url: z.string(),
  title: z.string(),
  action: RecordedAction,
  /** the element acted on (absent for navigate and page-level keys) */
  target: Fingerprint.optional(),
  /**
   * the page model text just before the step (the ids in `action` refer to it), as stored: only the
   * lines around the elements acted on, with values, typed text, e-mails and amounts masked
   * (src/memory/reduce.ts); a recording in progress holds the whole page until it is saved
   */
  page: z.string(),
  /** for a secret: the variable to ask for at replay, e.g. "password" or "card_number" */
  variable: z.string().optional(),
  /**
   * the tab the step happened in: 1 (or absent) the tab the recording started in, 2 the first tab a
   * step opened (a target=_blank link, window.open), and so on
   */
  tab: z.number().int().min(1).optional(),
  /** the step opened a new tab, where the following steps happen */
  opensTab: z.boolean().optional(),
}));
export type DemoStep = z.infer<typeof DemoStep>;

/** The web-policy call a run of steps belongs to (HeaP's auto-labelling, done once at save). */
export const StepLabel = lazy(() => z.object({
  call: PlanStep,
  /** indexes into `steps` covered by this call */
  steps: z.array(z.number().int().nonnegative()).min(1),
}));
export type StepLabel = z.infer<typeof StepLabel>;

export const DEMONSTRATION_FORMAT = 'copilot-demonstration';
export const DEMONSTRATION_VERSION = 1;

export const Demonstration = lazy(() => z.object({
  format: z.literal(DEMONSTRATION_FORMAT),
  version: z.literal(DEMONSTRATION_VERSION),
  id: z.string().min(1),
  /** what the person says the task is ("book the cheapest flight from Boston to Denver") */
  task: z.string().min(1),
  description: z.string().default(''),
  /** host of the first page, e.g. "127.0.0.1:4173" or "www.example.com" */
  site: z.string(),
  startUrl: z.string(),
  /** first page's title and headings: part of the retrieval key, as Synapse encodes task + state */
  title: z.string().default(''),
  headings: z.array(z.string()).default([]),
  createdAt: z.number(),
  steps: z.array(DemoStep),
  /** filled once at save time by the auto-label call; empty until then or when it failed */
  labels: z.array(StepLabel).default([]),
}));
export type Demonstration = z.infer<typeof Demonstration>;
