import { z } from 'zod';
import { AttachmentInfo, attachmentLine } from '../shared/attachment';
import { templates } from '../core/prompts/templates';
import { AgentAction, PageChange, ActionErrorCode } from '../shared/action';
import { PlanStep, TrialStatus, UsageTotalsSchema } from '../shared/run-events';
import { AgentConfig } from './config';
import { Exemplar } from '../shared/exemplar';
import { ExtractedTable } from '../shared/table';
import { RunTabs, startTabs } from './tabs/state';
import { EachProgress } from './policies/each-progress';
import { lazy } from '../shared/lazy';

export const ChatTurnSchema = lazy(() => z.object({ role: z.enum(['user', 'assistant']), content: z.string() }));

/** One executed (or refused) action of a trial; its index is the step index of structured reflection. */
export const StepRecord = lazy(() => z.object({
  index: z.number().int().nonnegative(),
  action: AgentAction,
  /** the element's line when the action ran, so replay can check it still means the same thing */
  line: z.string().default(''),
  planNo: z.number().int().nonnegative(),
  planIndex: z.number().int().nonnegative(),
  policy: z.string(),
  thought: z.string().default(''),
  ok: z.boolean(),
  change: PageChange.optional(),
  error: z.object({ code: z.union([ActionErrorCode, z.literal('refused')]), message: z.string() }).optional(),
  irreversible: z.boolean().default(false),
  /** the person did this step in the tab (a secret field); replay hands it to them again */
  byPerson: z.boolean().default(false),
  replayed: z.boolean().default(false),
  forced: z.boolean().default(false),
}));
export type StepRecord = z.infer<typeof StepRecord>;

export const PlanRecord = lazy(() => z.object({ reasoning: z.string(), steps: z.array(PlanStep) }));
export type PlanRecord = z.infer<typeof PlanRecord>;

export const TrialRecord = lazy(() => z.object({
  n: z.number().int().nonnegative(),
  steps: z.array(StepRecord).default([]),
  plans: z.array(PlanRecord).default([]),
  /** where the current plan is: which plan (planNo) and which call in it */
  planNo: z.number().int().default(-1),
  planIndex: z.number().int().default(0),
  /** steps of the previous trial to replay before the model is asked again */
  replay: z.array(StepRecord).default([]),
  /**
   * page states (url + text hash) seen during the current policy call, for cycle detection; a
   * policy is a closed loop, so coming back to one of its own states is the loop going round,
   * while a later policy returning to an earlier page (back to the form) is normal
   */
  seen: z.array(z.string()).default([]),
  seenFor: z.string().default(''),
  noChangeStreak: z.number().int().default(0),
  /** how many steps had run at the last look, to know whether anything was done since */
  lastLookSteps: z.number().int().default(0),
  status: TrialStatus.optional(),
  reason: z.string().default(''),
  /** the policy loop's note for the next model call: a refused action, an answer, a failed action */
  notes: z.array(z.string()).default([]),
  /** fields found not showing what was typed, by step and value (fields-check.ts): each said once */
  fieldChecks: z.array(z.string()).default([]),
  /** what the planner is told before it may finish (a field that does not show what was typed), once per attempt */
  plannerNotes: z.array(z.string()).default([]),
  fieldsTold: z.boolean().default(false),
}));
export type TrialRecord = z.infer<typeof TrialRecord>;

/** Algorithm 1's memory: the correction per step index, and the actions disabled at that index. */
export const ReflectionMemory = lazy(() => z.object({
  corrections: z.record(
    z.string(),
    z.object({ wrong: AgentAction.nullable(), correction: AgentAction, reason: z.string() }),
  ),
  disabled: z.record(z.string(), z.array(AgentAction)),
}));
export type ReflectionMemory = z.infer<typeof ReflectionMemory>;

export const RunStatus = lazy(() => z.enum(['running', 'paused', 'waiting', 'done', 'failed', 'stopped', 'error']));
export type RunStatus = z.infer<typeof RunStatus>;

export const RunState = lazy(() => z.object({
  version: z.literal(1),
  runId: z.string(),
  chatId: z.string(),
  status: RunStatus,
  /** the person's latest request; earlier turns are in history */
  task: z.string(),
  history: z.array(ChatTurnSchema).default([]),
  startUrl: z.string(),
  /** sites the person named or started on; others need a confirmation */
  allowedHosts: z.array(z.string()),
  startedAt: z.number(),
  updatedAt: z.number(),
  /** last event seq, so a resumed run continues the numbering */
  seq: z.number().int().nonnegative(),
  stepsTaken: z.number().int().nonnegative().default(0),
  trials: z.array(TrialRecord).min(1),
  memory: ReflectionMemory,
  /** demonstrations retrieved at the start, kept so a resumed run prompts the same way */
  exemplars: z.array(Exemplar).default([]),
  /**
   * what the person allowed for the rest of the run, as the gate's approval keys (`form:site`,
   * `navigation:site`, `other:site:words`); irreversible kinds are never among them
   */
  approvals: z.array(z.string()).default([]),
  /** what the person refused, so it is not asked again before they say something new (loop/refusals.ts) */
  refusals: z.array(z.string()).default([]),
  /** the first plan as the person answered it, when they are asked to (config.approvePlan): what it may send unasked */
  planApproval: z.object({ approved: z.boolean(), sites: z.array(z.string()), controls: z.array(z.string()) }).optional(),
  pageBudget: z.number().int().positive(),
  usage: UsageTotalsSchema,
  config: AgentConfig,
  /** the tabs the run started in and opened, and which one it works in */
  tabs: RunTabs.default(startTabs),
  /** tables EXTRACT read in this run, kept with it */
  tables: z.array(ExtractedTable).default([]),
  /** the EACH call under way: its items and what came of those visited */
  each: EachProgress.optional(),
  /**
   * files the person attached to the task (name, type, size; the bytes stay with the host) and the
   * site each was attached on: an upload elsewhere is asked about (safety/upload.ts)
   */
  files: z.array(AttachmentInfo.extend({ site: z.string() })).default([]),
  /** what the person added while the run worked (secrets masked), and whether a plan read it */
  followUps: z.array(z.object({ id: z.string(), text: z.string(), read: z.boolean() })).default([]),
  /** one action an app chose (given-action.ts), not a task a model plans: never resumed into planning */
  given: z.boolean().optional(),
  result: z.object({ success: z.boolean(), summary: z.string() }).optional(),
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
}));
export type RunState = z.infer<typeof RunState>;

export function currentTrial(run: RunState): TrialRecord {
  const trial = run.trials[run.trials.length - 1];
  if (!trial) throw new Error('run has no trial');
  return trial;
}

export function newTrial(n: number): TrialRecord {
  return TrialRecord.parse({ n });
}

/** The task as the models read it: the person's words, and the files they attached, by name, for an upload. */
export function taskText(run: Pick<RunState, 'task' | 'files'>): string {
  if (!run.files.length) return run.task;
  return `${run.task}\n(${templates.filesAttached.trim()} ${run.files.map(attachmentLine).join('; ')})`;
}
