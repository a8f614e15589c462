import { z } from 'zod';
import { Fingerprint, MatchStrategy } from '../../shared/fingerprint';
import { ConfirmCategory, ConfirmRequest } from '../../shared/run-events';
import { lazy } from '../../shared/lazy';

export const ReplayStatus = lazy(() => z.enum(['running', 'paused', 'waiting', 'done', 'failed', 'stopped']));
export type ReplayStatus = z.infer<typeof ReplayStatus>;

export const ReplayLogEntry = lazy(() => z.object({
  index: z.number().int().nonnegative(),
  status: z.enum(['done', 'healed', 'asked', 'failed', 'skipped']),
  strategy: MatchStrategy.nullable(),
  /** the element acted on, as the page model described it (for wrong-element audits) */
  element: z.string().default(''),
}));
export type ReplayLogEntry = z.infer<typeof ReplayLogEntry>;

/**
 * A replay as persisted after every step (db.runs, kind 'replay'): enough to resume after the service worker
 * restarts. Secret values are not here: they live in memory only (the background keeps them in
 * session storage), so a replay that lost them asks again instead of reading them from disk.
 */
export const ReplayState = lazy(() => z.object({
  replayId: z.string(),
  workflowId: z.string(),
  name: z.string(),
  tabId: z.number().int(),
  chatId: z.string(),
  status: ReplayStatus,
  /** the next step to run */
  index: z.number().int().nonnegative(),
  /** non-secret variable values */
  values: z.record(z.string(), z.string()),
  secretNames: z.array(z.string()).default([]),
  /** pause after every step */
  stepMode: z.boolean().default(false),
  /** no model may be asked to repair a step (a scheduled run that was not allowed one): such a step waits for the person */
  noModel: z.boolean().default(false),
  /** nobody watches the run (a schedule): a step the resolver is unsure of is not put to the person before the model */
  unattended: z.boolean().default(false),
  /** the start sent the tab to the first step's own address (a navigate; src/workflows/replay/start-place.ts): that step is done */
  openedFirst: z.boolean().default(false),
  seq: z.number().int().nonnegative().default(0),
  log: z.array(ReplayLogEntry).default([]),
  modelCalls: z.number().int().nonnegative().default(0),
  message: z.string().default(''),
  /** the safety question the replay waits on (status waiting); answered with replay.confirm */
  confirm: ConfirmRequest.optional(),
  /** "allow once": the step and the question it answers; used by that step's next attempt only */
  approved: z.object({ index: z.number().int().nonnegative(), key: z.string() }).optional(),
  /** reversible categories the person allowed for the rest of this replay */
  approvals: z.array(ConfirmCategory).default([]),
  /** the model's repair (or the resolver's guess put to the person) for a step that then stopped for a question: reused when the step runs again, with no second call or question */
  healHit: z.object({ index: z.number().int().nonnegative(), id: z.number().int(), tag: z.string(), line: z.string(), name: z.string(), renamed: z.boolean().optional(), guessed: z.boolean().optional() }).optional(),
  /** guesses the person said the step's element is not ("Pick another"): the next one is offered instead */
  notThese: z.object({ index: z.number().int().nonnegative(), ids: z.array(z.number().int()) }).optional(),
  /** repairs made in this replay, kept in the workflow only when the person says so (replay.keepRepair) */
  repairs: z.array(z.object({ index: z.number().int().nonnegative(), stepId: z.string(), line: z.string(), fingerprint: Fingerprint })).default([]),
  startedAt: z.number(),
  updatedAt: z.number(),
}));
export type ReplayState = z.infer<typeof ReplayState>;

export function newReplayState(init: { replayId: string; workflowId: string; name: string; tabId: number; chatId: string; values: Record<string, string>; secretNames: string[]; stepMode?: boolean; noModel?: boolean; unattended?: boolean; openedFirst?: boolean; now: number }): ReplayState {
  return {
    ...init,
    stepMode: init.stepMode ?? false,
    noModel: init.noModel ?? false,
    unattended: init.unattended ?? false,
    openedFirst: init.openedFirst ?? false,
    status: 'running',
    index: 0,
    seq: 0,
    log: [],
    modelCalls: 0,
    message: '',
    approvals: [],
    repairs: [],
    startedAt: init.now,
    updatedAt: init.now,
  };
}
