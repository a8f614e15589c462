import { z } from 'zod';
import { Cell } from './table';
import { lazy } from './lazy';

/**
 * A workflow on a schedule: when it runs, with which values, what it does when a step needs a
 * model, and what the last run found. Stored in db.schedules; the service worker runs it in a
 * background tab of its own (src/background/schedules/); the rules are in src/workflows/schedule/.
 */
export const Cadence = lazy(() => z.discriminatedUnion('kind', [
  /** every N minutes, hours or days, counted from when the schedule was made */
  z.object({ kind: z.literal('every'), amount: z.number().int().min(1).max(1000), unit: z.enum(['minutes', 'hours', 'days']) }),
  /** once a day at a time of day, the browser's local time ("08:30") */
  z.object({ kind: z.literal('daily'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day such as 08:30') }),
]));
export type Cadence = z.infer<typeof Cadence>;

/** What a run found, kept to compare with the next run: the table of an extract step, or the final page's text. */
export const RunResult = lazy(() => z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('table'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(Cell)),
    /** each cell's page text where it says more than the value (`ExtractedTable.shown`); absent in results kept before it */
    shown: z.array(z.array(z.string().nullable())).optional().catch(undefined),
  }),
  z.object({ kind: z.literal('text'), lines: z.array(z.string()) }),
]));
export type RunResult = z.infer<typeof RunResult>;

export const LastRun = lazy(() => z.object({
  at: z.number(),
  /** changed/unchanged: done, compared with the run before; first: done, nothing to compare with yet */
  outcome: z.enum(['done', 'first', 'changed', 'unchanged', 'waiting', 'failed']),
  /** in plain words, as the notification said it */
  message: z.string(),
  replayId: z.string().optional(),
}));
export type LastRun = z.infer<typeof LastRun>;

export const Schedule = lazy(() => z.object({
  id: z.string(),
  workflowId: z.string(),
  /** the workflow's name when scheduled, for the message when the workflow is gone */
  name: z.string(),
  cadence: Cadence,
  /** the variables' values, fixed when scheduled (never secrets: a workflow with a secret cannot be scheduled) */
  values: z.record(z.string(), z.string()).default({}),
  /** "tell me when it changes": compare each run's result with the last one and notify the difference */
  watch: z.boolean().default(true),
  /** a step that no longer matches may ask a model to repair it; off: the run waits and notifies */
  allowModel: z.boolean().default(false),
  paused: z.boolean().default(false),
  nextRunAt: z.number(),
  createdAt: z.number(),
  /** the run under way (its replay); cleared when that replay ends */
  running: z.object({ replayId: z.string(), tabId: z.number().int(), startedAt: z.number() }).optional(),
  last: LastRun.optional(),
  /** the last finished run's result, the one the next run is compared with */
  result: RunResult.optional(),
}));
export type Schedule = z.infer<typeof Schedule>;

/** The alarm that wakes the worker for a schedule (src/platform/alarms.ts). */
export const alarmName = (scheduleId: string) => `schedule:${scheduleId}`;
export const scheduleIdOfAlarm = (name: string) => (name.startsWith('schedule:') ? name.slice('schedule:'.length) : undefined);
