import { z } from 'zod';
import { AgentAction, ActionErrorCode, PageChange } from './action';
import { MatchStrategy } from './fingerprint';
import { ExtractedTable } from './table';
import { PlanStep } from './plan-step';
import { DownloadNote } from './download';
import { lazy } from './lazy';

export { PlanStep };

export const ConfirmCategory = lazy(() => z.enum([
  'payment',
  'send',
  'delete',
  'account',
  'credential',
  'navigation',
  'retry_after_irreversible',
  /** sending a form whose effect the gate cannot read (details, sign-in, an order step) */
  'form',
  /** a control whose words the gate does not know as harmless */
  'other',
  /** "Confirm", "Approve", "Yes": commits to something the control does not name */
  'commit',
  /** the first plan of a run, shown before it starts when the person asked for that (src/agent/loop/plan-approval.ts) */
  'plan',
  /** a resumed run whose tab shows another page than the one it stopped on: go back there? (src/agent/loop/resume-page.ts) */
  'return',
]));
export type ConfirmCategory = z.infer<typeof ConfirmCategory>;

/** What the person is asked to approve: exactly the action, the element and where. */
/**
 * What a held request carries, as the card lists it: each field by the words the page shows for
 * it, and how many values the page adds itself (hidden inputs, tokens), counted rather than named.
 */
export const SentDetails = lazy(() => z.object({
  /** where it goes: host and path */
  to: z.string(),
  /** `value` is '' where the label already says it (a chosen option); a secret's is never here */
  fields: z.array(z.object({ label: z.string(), value: z.string(), secret: z.boolean().default(false), /** nothing in it: said so, since a bare label reads as "filled" */ empty: z.boolean().optional() })),
  /** values the page adds that the person never sees */
  hidden: z.number().int().nonnegative().default(0),
}));
export type SentDetails = z.infer<typeof SentDetails>;

export const ConfirmRequest = lazy(() => z.object({
  id: z.string(),
  runId: z.string(),
  category: ConfirmCategory,
  /** true when the action cannot be undone (payment, sending, deleting) */
  irreversible: z.boolean(),
  action: AgentAction.nullable(),
  /** the element's line as the page model shows it, if the action targets one */
  elementLine: z.string().default(''),
  url: z.string().default(''),
  /** one sentence saying exactly what will happen */
  description: z.string(),
  /** why the gate stopped it */
  reason: z.string(),
  /** the tab's real host, shown so a look-alike site is seen for what it is */
  host: z.string().default(''),
  /** words from the page near the control, in the page's own words: the amount, recipient, item */
  context: z.string().default(''),
  /** the other site a held request would send data to (the card names it, not "open another site") */
  to: z.string().default(''),
  /** false for irreversible kinds: each one is asked every time */
  rememberable: z.boolean().default(true),
  /** a replay's unsure match put to the person ("is it this one?"), answered Use this or Not this */
  guess: z.boolean().optional(),
  /** the words on the control the action uses ("Continue"), as the page shows them */
  control: z.string().optional(),
  /** what the held request carries, field by field; absent for a question about words, not a request */
  sends: SentDetails.optional().catch(undefined),
  /** the person's attached files the run put into this page (by name): a post from it may carry them, whatever shape the page gives them */
  files: z.array(z.string()).optional(),
}));
export type ConfirmRequest = z.infer<typeof ConfirmRequest>;

export const ConfirmAnswer = lazy(() => z.enum(['once', 'run', 'refuse']));
export type ConfirmAnswer = z.infer<typeof ConfirmAnswer>;

export const TrialStatus = lazy(() => z.enum(['done', 'cycle', 'no_change', 'incomplete', 'exception', 'failed']));
export type TrialStatus = z.infer<typeof TrialStatus>;

export const LlmRoleName = lazy(() => z.enum(['planner', 'policy', 'reflection']));

const Totals = lazy(() => z.object({
  calls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** null while any call used a model without a known price */
  costUsd: z.number().nonnegative().nullable(),
}));
export type UsageTotals = z.infer<typeof Totals>;

const base = lazy(() => ({ runId: z.string(), seq: z.number().int().nonnegative(), time: z.number() }));
const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...base, ...shape });

/** The agent's trials: plans, policy calls, actions and what came of them, the person's answers. */
const trialEvents = () => [
  ev('run_started', { chatId: z.string(), task: z.string(), resumed: z.boolean(), trial: z.number().int() }),
  ev('plan', { trial: z.number().int(), planNo: z.number().int(), reasoning: z.string(), steps: z.array(PlanStep) }),
  ev('policy_started', { planIndex: z.number().int(), call: PlanStep }),
  ev('policy_finished', {
    planIndex: z.number().int(),
    call: PlanStep,
    status: z.enum(['done', 'failed']),
    summary: z.string(),
  }),
  /** a field the run typed into does not show it (cut to its length, or emptied): said instead of a tick */
  ev('field_check', { step: z.number().int(), line: z.string(), wanted: z.string(), shows: z.string(), final: z.boolean() }),
  ev('thought', { source: LlmRoleName, text: z.string() }),
  ev('action', {
    step: z.number().int(),
    action: AgentAction,
    /** the target element's line, so the timeline can show what was clicked */
    line: z.string(),
    replayed: z.boolean(),
    forced: z.boolean(),
  }),
  ev('observation', {
    step: z.number().int(),
    ok: z.boolean(),
    change: PageChange.optional(),
    error: z.object({ code: z.union([ActionErrorCode, z.literal('refused')]), message: z.string() }).optional(),
    summary: z.string(),
  }),
  /** a screenshot went to the model beside the page text (docs/screenshots.md); the picture itself is not kept */
  ev('screenshot', { reason: z.string(), width: z.number().int(), height: z.number().int(), labels: z.number().int(), blackedOut: z.number().int() }),
  ev('grounding_repair', { attempt: z.number().int(), reason: z.string() }),
  ev('trial_ended', { trial: z.number().int(), status: TrialStatus, reason: z.string() }),
  ev('reflection', {
    trial: z.number().int(),
    step: z.number().int(),
    wrong: z.string(),
    correction: z.string(),
    diagnosis: z.string(),
  }),
  ev('confirmation_needed', { request: ConfirmRequest }),
  ev('confirmation_answered', { requestId: z.string(), answer: ConfirmAnswer, /** the question was a replay's guess ("Is this …?"): the answer says whether it is */ guess: z.boolean().optional() }),
  ev('handoff', { phase: z.enum(['started', 'finished']), reason: z.string() }),
  ev('question', { question: z.string(), answer: z.string().optional() }),
] as const;

/** What runs report besides: usage, examples, replays, tables, items, streamed text, and how a run ends. */
const otherEvents = () => [
  ev('usage', {
    role: LlmRoleName,
    model: z.string(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    costUsd: z.number().nonnegative().nullable(),
    total: Totals,
  }),
  /** streamed model text; shares the seq of the event before it (it is not stored with the run) */
  /** the demonstrations retrieved as examples for this run, and why */
  ev('examples', {
    examples: z.array(z.object({ id: z.string(), task: z.string(), site: z.string(), score: z.number(), why: z.string() })),
  }),
  /** a workflow replay began (values are shown; secrets as ••••) */
  ev('replay_started', { workflowId: z.string(), name: z.string(), values: z.record(z.string(), z.string()), steps: z.number().int() }),
  /** one replayed step: how its element was found, whether it healed or had to ask */
  ev('replay_step', {
    index: z.number().int().nonnegative(),
    intent: z.string(),
    status: z.enum(['done', 'healed', 'asked', 'failed', 'skipped']),
    strategy: MatchStrategy.nullable(),
    message: z.string().default(''),
    /** downloads the step's action started (named, never read) */
    downloads: z.array(DownloadNote).optional(),
  }),
  /** rows read off the page by EXTRACT, every value checked against the page text */
  ev('table', { table: ExtractedTable }),
  /** one item of an EACH call (visit each of these and do X): where it stands and what came of it */
  ev('item', {
    index: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    name: z.string(),
    status: z.enum(['done', 'failed', 'skipped']),
    summary: z.string(),
  }),
  ev('text_delta', { role: LlmRoleName, delta: z.string() }),
  ev('done', { success: z.boolean(), summary: z.string() }),
  ev('error', { kind: z.string(), message: z.string(), resumable: z.boolean() }),
  /** the planner read these notes the person added while the run worked */
  ev('follow_up_read', { ids: z.array(z.string()) }),
  /** the run's page has not answered for a while (a navigation's next page loading), or now has */
  ev('page_wait', { waiting: z.boolean() }),
  ev('paused', {}),
  ev('resumed', {}),
  ev('stopped', { reason: z.string() }),
] as const;

/** What the agent streams to the side panel, in order (seq), one entry per thing that happened. */
export const RunEvent = lazy(() => z.discriminatedUnion('type', [...trialEvents(), ...otherEvents()]));
export type RunEvent = z.infer<typeof RunEvent>;
export type RunEventType = RunEvent['type'];
/** An event before the agent stamps it with runId, seq and time. */
export type RunEventBody = RunEvent extends infer E
  ? E extends RunEvent
    ? Omit<E, 'runId' | 'seq' | 'time'>
    : never
  : never;
export { Totals as UsageTotalsSchema };
