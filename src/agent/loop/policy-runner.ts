import type { AgentAction, BrowserAction } from '../../shared/action';
import type { PlanStep, TrialStatus } from '../../shared/run-events';
import { currentTrial, type StepRecord } from '../run-state';
import { forcedAt, isDisabled } from '../reflection/memory';
import { observeState, stateKey } from '../reflection/status';
import { actionLine } from '../../core/actions/validate';
import { withContextRetry } from '../model/call';
import { decide, type Decision } from './decide';
import { executeAction } from './execute';
import { look } from './observe';
import { screenshotFor } from '../vision/look';
import { GroundingFailed } from './repair';
import { filesRead } from './downloaded';
import type { Ctx, PolicyOutcome, WebPolicy } from '../ctx';

export type { PolicyOutcome } from '../ctx';

const stepLine = (s: StepRecord) =>
  `${actionLine(s.action)}${s.line ? ` on ${s.line}` : ''} -> ${s.byPerson ? 'done by the person' : s.change?.summary || s.change?.kind || 'ok'}`;

/** A policy as a plan's call runs: its own loop when it has one (EXTRACT, EACH), the act-and-look loop otherwise. */
export function runWebPolicy(ctx: Ctx, policy: WebPolicy, call: PlanStep, planIndex: number): Promise<PolicyOutcome> {
  return policy.run ? policy.run(ctx, call, planIndex) : runPolicy(ctx, policy, call, planIndex);
}

/**
 * One web policy as a closed loop (HeaP), with staged plan-and-follow: each turn the model gives
 * every action the current screen allows, they all run, then the policy looks again. A batch stops
 * early when the page navigates or the next action's element disappears, since the rest of it was
 * planned for a page that is gone.
 */
export async function runPolicy(ctx: Ctx, policy: WebPolicy, call: PlanStep, planIndex: number): Promise<PolicyOutcome> {
  const { run } = ctx;
  const trial = currentTrial(run);
  const planNo = trial.planNo;
  const maxTurns = policy.maxTurns ?? run.config.maxPolicyTurns;
  let turns = 0;
  let repairs = 0;
  let navigated = false;
  const scope = `${planNo}:${planIndex}`;
  if (trial.seenFor !== scope) {
    trial.seenFor = scope;
    trial.seen = [];
    trial.noChangeStreak = 0;
  }

  for (;;) {
    await ctx.checkpoint();
    if (turns >= maxTurns) {
      return { kind: 'trial_end', status: 'incomplete', reason: `${policy.name} did not finish in ${maxTurns} turns` };
    }
    const index = trial.steps.length;
    const forced = forcedAt(run.memory, index);
    let decision: Decision;
    if (forced) {
      decision = { thought: `Applying the correction learned from the last attempt: ${actionLine(forced)}.`, actions: [forced], repairs };
    } else {
      const asked = await askPolicy(ctx, policy, call, { planNo, planIndex }, repairs);
      if ('kind' in asked) return asked;
      decision = asked;
      turns += 1;
      repairs = decision.repairs;
    }
    if (decision.thought) ctx.emit({ type: 'thought', source: 'policy', text: decision.thought });
    await ctx.save();

    const outcome = await runBatch(ctx, decision.actions, {
      policy: policy.name,
      planNo,
      planIndex,
      thought: decision.thought,
      forced: !!forced,
    });
    if (outcome.navigated) navigated = true;
    if (outcome.kind === 'done') return { kind: 'done', summary: outcome.summary, navigated };
    if (outcome.kind === 'rejected') {
      repairs += 1;
      ctx.emit({ type: 'grounding_repair', attempt: repairs, reason: outcome.reason });
      if (repairs > run.config.groundingRetries) return { kind: 'trial_end', status: 'exception', reason: outcome.reason };
      trial.notes.push(`${outcome.reason}. Choose an action that can run on the page as it is now.`);
    } else if (outcome.ran) repairs = 0;
    await ctx.save();
  }
}

/**
 * The policy's next actions from a fresh look at the page; the trial's end instead when the page
 * stopped changing or the model's actions could not be grounded.
 */
async function askPolicy(ctx: Ctx, policy: WebPolicy, call: PlanStep, at: { planNo: number; planIndex: number }, repairs: number): Promise<Decision | PolicyOutcome> {
  const { run } = ctx;
  const trial = currentTrial(run);
  try {
    return await withContextRetry(ctx, async () => {
      const { snapshot, hidden } = await look(ctx);
      const verdict = observeState(trial, stateKey(snapshot.url, snapshot.text), run.config.noChangeLimit);
      if (verdict.kind !== 'ok') throw new TrialEnd(verdict.kind, verdict.reason);
      if (trial.noChangeStreak > 0) trial.notes.push('Your last actions did not change the page.');
      const mine = trial.steps.filter((s) => s.planNo === at.planNo && s.planIndex === at.planIndex);
      const notes = trial.notes.splice(0);
      return decide(ctx, { policy, call, snapshot, hidden, previous: mine.map(stepLine), downloads: filesRead(ctx, mine), notes, repairsUsed: repairs, shot: await screenshotFor(ctx, policy) });
    });
  } catch (error) {
    if (error instanceof TrialEnd) return { kind: 'trial_end', status: error.status, reason: error.message };
    if (error instanceof GroundingFailed) return { kind: 'trial_end', status: 'exception', reason: error.reason };
    throw error;
  }
}

class TrialEnd extends Error {
  constructor(
    readonly status: TrialStatus,
    reason: string,
  ) {
    super(reason);
  }
}

type BatchOutcome =
  | { kind: 'done'; summary: string; navigated: boolean }
  | { kind: 'rejected'; reason: string; navigated: boolean }
  | { kind: 'look_again'; ran: boolean; navigated: boolean };

async function runBatch(
  ctx: Ctx,
  actions: AgentAction[],
  meta: { policy: string; planNo: number; planIndex: number; thought: string; forced: boolean },
): Promise<BatchOutcome & { ran?: boolean }> {
  const { run } = ctx;
  const trial = currentTrial(run);
  let ran = false;
  let navigated = false;
  /** the last action changed the page in place: a planned element may be gone, which means look again, not an error */
  let changed = false;
  for (const [i, action] of actions.entries()) {
    const index = trial.steps.length;
    if (!meta.forced && i > 0) {
      // A correction waits at this index, or this action was already found wrong here: look again.
      if (forcedAt(run.memory, index) || isDisabled(run.memory, index, action)) break;
    }
    if (action.kind === 'done') return { kind: 'done', summary: action.summary, navigated };
    if (action.kind === 'ask_user') {
      ctx.emit({ type: 'question', question: action.question });
      run.status = 'waiting';
      await ctx.save();
      // A password or code the person gives here is a secret like one in the task: a placeholder from now on.
      const answer = ctx.secrets.maskAnswer(action.question, await ctx.ports.user.ask(action.question));
      run.status = 'running';
      ctx.emit({ type: 'question', question: action.question, answer });
      trial.notes.push(`You asked the person: "${action.question}". They answered: "${answer}".`);
      break;
    }
    const out = await executeAction(ctx, action as BrowserAction, { ...meta, forced: meta.forced && i === 0 });
    if (out.kind === 'rejected' && out.gone && changed) break;
    if (out.kind === 'rejected') return { kind: 'rejected', reason: out.reason, navigated };
    if (out.kind === 'refused') {
      trial.notes.push(`${out.reason}: do not try it again; find another way, or finish with done and say why.`);
      break;
    }
    ran = true;
    if (out.kind === 'by_person') {
      trial.notes.push(`The person entered the value for ${out.step.line || 'that field'} themselves.`);
      break;
    }
    const change = out.step.change;
    if (change?.kind === 'navigation') {
      navigated = true;
      // A lone `done` after the navigation needs no look at the new page: the click was the goal.
      const rest = actions.slice(i + 1);
      if (rest.length === 1 && rest[0]?.kind === 'done') return { kind: 'done', summary: rest[0].summary, navigated };
      break;
    }
    changed = change?.kind === 'dom';
  }
  return { kind: 'look_again', ran, navigated };
}
