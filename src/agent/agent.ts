import type { ChatTurn } from '../shared/llm';
import { backWhereItStopped } from './loop/resume-page';
import type { AttachmentInfo } from '../shared/attachment';
import { AgentConfig, type AgentConfigInput } from './config';
import { createCtx } from './context';
import { RunControl } from './control';
import { systemClock, type AgentPorts } from './ports';
import { currentTrial, newTrial, RunState, type TrialRecord } from './run-state';
import { createPolicyRegistry } from './policies/registry';
import { runTrial, type TrialResult } from './loop/trial';
import { GroundingFailed } from './loop/repair';
import { reflect } from './reflection/reflect';
import { applyCorrection, emptyMemory } from './reflection/memory';
import { hostOf, hostsNamedIn } from './safety/hosts';
import { actionLine } from '../core/actions/validate';
import { fail, finish, outcomeOf, type RunOutcome } from './lifecycle';
import { runVaults } from './run-vaults';
import type { SecretVault } from './safety/secrets';
import { withPageWaits } from './page-waits';
import { placeOf } from './safety/place';
import type { Ctx, WebPolicy } from './ctx';
import type { BrowserAction } from '../shared/action';
import { driveGivenAction, INTERRUPTED_GIVEN } from './given-action';

export type { RunOutcome } from './lifecycle';

export interface StartInput {
  chatId: string;
  /** the person's new message */
  task: string;
  /** earlier turns of the same chat, oldest first; a follow-up continues in their context */
  history?: ChatTurn[];
  runId?: string;
  /** files attached to the message, for an upload (their bytes stay with the host: AgentPorts' browser reads them) */
  files?: AttachmentInfo[];
}

/** One action another program chose, by the element ids of the page's last reading (given-action.ts). */
export interface GivenActionInput {
  chatId: string;
  action: BrowserAction;
  /** who chose it, in the timeline's words: the app's name */
  by: string;
  runId?: string;
}

export interface RunHandle {
  runId: string;
  control: RunControl;
  done: Promise<RunOutcome>;
}

export interface Agent {
  start(input: StartInput): RunHandle;
  /** runs one given action through the gate, with no model call, as a run of its own */
  act(input: GivenActionInput): RunHandle;
  /** continues a stored run (after a service worker restart, a pause, or a provider error) */
  resume(runId: string): Promise<RunHandle | undefined>;
  /** the person says a finished run is wrong: reflect on it and try again */
  reportWrong(runId: string, note: string): Promise<RunHandle | undefined>;
}

export interface AgentOptions {
  config?: AgentConfigInput;
  policies?: WebPolicy[];
}

const FINISHED = new Set(['done', 'failed', 'stopped']);

/** A given action as its run's task: what an app types is not kept in the run (it may be a secret the page will hand to the person). */
function givenTask(input: GivenActionInput): string {
  return `${input.by}: ${actionLine(input.action.kind === 'type' ? { ...input.action, text: '…' } : input.action)}`;
}

function notStarted(runId: string, noun: string, error: unknown): RunOutcome {
  const message = `The ${noun} could not start: ${error instanceof Error ? error.message : String(error)}`;
  return { runId, status: 'error', success: false, summary: message, error: { kind: 'internal', message } };
}

export function createAgent(portsIn: AgentPorts, options: AgentOptions = {}): Agent {
  const ports = { ...portsIn, clock: portsIn.clock ?? systemClock };
  const config = AgentConfig.parse(options.config ?? {});
  const policies = createPolicyRegistry(options.policies);
  const { vaultOf, restoreVault } = runVaults(ports.secrets);

  const launch = (run: RunState, resumed: boolean, afterError = false): RunHandle => {
    const control = new RunControl();
    const ctx = createCtx(run, ports, control, policies, vaultOf(run.runId));
    return { runId: run.runId, control, done: withPageWaits(ctx, () => drive(ctx, resumed, afterError)) };
  };

  const newRunId = () => `run-${ports.clock.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  /** A new run: its state made (which reads the tab), then driven; a state that cannot be made ends it at once. */
  const launchNew = (runId: string, noun: string, make: () => Promise<RunState>, go: (ctx: Ctx) => Promise<RunOutcome>): RunHandle => {
    const control = new RunControl();
    const done = make().then(
      (run) => {
        const ctx = createCtx(run, ports, control, policies, vaultOf(runId));
        return withPageWaits(ctx, () => go(ctx));
      },
      (error: unknown) => notStarted(runId, noun, error),
    );
    return { runId, control, done };
  };

  return {
    start(input) {
      const runId = input.runId ?? newRunId();
      // Not even the tab's address could be read: there is no run to store or resume.
      return launchNew(runId, 'run', () => initialRun(ports, config, runId, input, vaultOf(runId)), (ctx) => drive(ctx, false));
    },
    act(input) {
      const runId = input.runId ?? newRunId();
      const made = async () => ({ ...(await initialRun(ports, config, runId, { chatId: input.chatId, task: givenTask(input) }, vaultOf(runId))), given: true });
      return launchNew(runId, 'action', made, (ctx) => driveGivenAction(ctx, input.action));
    },
    async resume(runId) {
      const stored = await ports.store.load(runId);
      if (!stored) return undefined;
      const run = RunState.parse(stored);
      if (FINISHED.has(run.status) || run.given) {
        const ctx = createCtx(run, ports, new RunControl(), policies);
        // a given action is never planned on by a model, nor done twice: it ends, saying so
        const done = FINISHED.has(run.status) ? Promise.resolve(outcomeOf(ctx)) : finish(ctx, false, INTERRUPTED_GIVEN);
        return { runId, control: ctx.control, done };
      }
      await restoreVault(runId);
      // the person resumes a run a provider's error ended: the tab may have gone elsewhere since
      return launch(run, true, run.status === 'error');
    },
    async reportWrong(runId, note) {
      const stored = await ports.store.load(runId);
      if (!stored) return undefined;
      const run = RunState.parse(stored);
      if (run.given) return undefined;
      await restoreVault(runId);
      const trial = currentTrial(run);
      trial.status = 'failed';
      const said = note ? vaultOf(runId).mask(note) : '';
      trial.reason = said ? `the person says the result is wrong: ${said}` : 'the person says the result is wrong';
      delete run.result;
      // The person asked for another try, so it gets one even when the trials were used up.
      if (run.trials.length >= run.config.maxTrials) run.config.maxTrials = run.trials.length + 1;
      return launch(run, true);
    },
  };
}

async function initialRun(ports: AgentPorts, config: AgentConfig, runId: string, input: StartInput, secrets: SecretVault): Promise<RunState> {
  const now = ports.clock?.now() ?? Date.now();
  const startUrl = await ports.browser.url();
  // Every prompt, event and stored copy of the person's words carries placeholders, not the secrets.
  const history = (input.history ?? []).map((t) => ({ ...t, content: secrets.mask(t.content) }));
  const task = secrets.mask(input.task);
  const personText = [...history.filter((t) => t.role === 'user').map((t) => t.content), task].join('\n');
  const startHost = hostOf(startUrl);
  return RunState.parse({
    version: 1,
    runId,
    chatId: input.chatId,
    status: 'running',
    task,
    history,
    startUrl,
    allowedHosts: [...new Set([...(startHost ? [startHost] : []), ...hostsNamedIn(personText)])],
    startedAt: now,
    updatedAt: now,
    seq: 0,
    trials: [newTrial(0)],
    memory: emptyMemory(),
    pageBudget: config.pageBudget,
    usage: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
    config,
    // a file goes unasked only to the site it was attached on
    files: (input.files ?? []).map((f) => ({ ...f, site: startHost ?? '' })),
  });
}

/** Trials until one is done, the trials run out, or the person stops; reflection in between. */
async function drive(ctx: Ctx, resumed: boolean, afterError = false): Promise<RunOutcome> {
  const { run, ports } = ctx;
  try {
    run.status = 'running';
    ctx.emit({ type: 'run_started', chatId: run.chatId, task: run.task, resumed, trial: currentTrial(run).n });
    await ctx.save();
    if (afterError) await backWhereItStopped(ctx);
    if (!resumed && ports.examples) {
      const url = await ports.browser.url();
      // the title from the browser: a snapshot only to read it walked the whole page once more
      const title = ports.browser.title ? await ports.browser.title() : (await ports.browser.snapshot({ budget: 200, task: run.task })).title;
      run.exemplars = await ports.examples.retrieve({ task: run.task, url, title });
      if (run.exemplars.length > 0) {
        const examples = run.exemplars.map(({ id, task, site, score, why }) => ({ id, task, site, score, why }));
        ctx.emit({ type: 'examples', examples });
      }
      await ctx.save();
    }
    for (;;) {
      const trial = currentTrial(run);
      const result: TrialResult = trial.status ? { status: trial.status, reason: trial.reason } : await endOfTrial(ctx);
      if (!trial.status) {
        trial.status = result.status;
        trial.reason = result.reason;
        ctx.emit({ type: 'trial_ended', trial: trial.n, status: result.status, reason: result.reason });
        await ctx.save();
      }
      if (result.status === 'done') return await finish(ctx, true, result.reason);
      if (run.trials.length >= run.config.maxTrials) {
        return await finish(ctx, false, `Not done after ${run.trials.length} attempts. Last: ${result.status} (${result.reason}).`);
      }
      if (!(await mayRetry(ctx, trial))) return await finish(ctx, false, `Stopped after an irreversible step: ${result.reason}`);
      await nextTrial(ctx, trial);
    }
  } catch (error) {
    return fail(ctx, error);
  }
}

/** Runs the trial and, when it claims success, lets the judge (if any) have the last word. */
async function endOfTrial(ctx: Ctx): Promise<TrialResult> {
  const result = await runTrial(ctx);
  if (result.status !== 'done' || !ctx.ports.judge) return result;
  const verdict = await ctx.ports.judge.judge(ctx.run);
  return verdict.success ? { status: 'done', reason: verdict.reason || result.reason } : { status: 'failed', reason: verdict.reason };
}

/** Retrying replays actions from the start; after a payment or a message that is not safe to do alone. */
async function mayRetry(ctx: Ctx, trial: TrialRecord): Promise<boolean> {
  const done = trial.steps.filter((s) => s.irreversible);
  if (!done.length) return true;
  const request = {
    id: `${ctx.run.runId}-retry${trial.n}`,
    runId: ctx.run.runId,
    category: 'retry_after_irreversible' as const,
    irreversible: true,
    action: null,
    elementLine: done[0]?.line ?? '',
    url: ctx.run.startUrl,
    description: `Start again from ${placeOf(ctx.run.startUrl)}. This attempt already did: ${done.map((s) => actionLine(s.action)).join(', ')}.`,
    reason: `the attempt ended as ${trial.status} (${trial.reason}) after a step that cannot be undone`,
    host: '',
    context: '',
    to: '',
    rememberable: false,
  };
  ctx.emit({ type: 'confirmation_needed', request });
  const answer = await ctx.ports.user.confirm(request);
  ctx.emit({ type: 'confirmation_answered', requestId: request.id, answer });
  return answer !== 'refuse';
}

/**
 * Structured reflection between trials: find the earliest wrong step, store the correction in the
 * memory, and set up the next trial to replay the steps before it and resume the plan there.
 */
async function nextTrial(ctx: Ctx, trial: TrialRecord): Promise<void> {
  const { run } = ctx;
  let reflection;
  try {
    reflection = await reflect(ctx);
  } catch (error) {
    if (error instanceof GroundingFailed) throw new GroundingFailed(`reflection: ${error.reason}`);
    throw error;
  }
  const wrong = trial.steps[reflection.step]?.action ?? null;
  run.memory = applyCorrection(run.memory, reflection.step, wrong, reflection.correction, reflection.diagnosis);
  ctx.emit({
    type: 'reflection',
    trial: trial.n,
    step: reflection.step,
    wrong: wrong ? actionLine(wrong) : '(missing step)',
    correction: actionLine(reflection.correction),
    diagnosis: reflection.diagnosis,
  });
  const next = newTrial(trial.n + 1);
  next.replay = trial.steps.slice(0, reflection.step).map((s) => ({ ...s, replayed: true }));
  const at = trial.steps[reflection.step];
  const planNo = at ? at.planNo : trial.planNo;
  const planIndex = at ? at.planIndex : trial.planIndex;
  if (planNo >= 0) {
    next.plans = trial.plans.slice(0, planNo + 1);
    next.planNo = planNo;
    next.planIndex = planIndex;
  }
  run.trials.push(next);
  await ctx.save();
  // Back to where the task started; the replay then redoes the steps that were right.
  run.tabs.current = 1;
  const back = await ctx.ports.browser.act({ kind: 'navigate', url: run.startUrl });
  if (!back.ok) throw new Error(`could not return to ${run.startUrl}: ${back.message}`);
}
