import type { TrialStatus } from '../../shared/run-events';
import { currentTrial } from '../run-state';
import { makePlan } from './planner';
import { askPlanApproval } from './plan-approval';
import { runWebPolicy } from './policy-runner';
import { replayPrefix } from './replay';
import { GroundingFailed } from './repair';
import { hasUnreadFollowUps } from '../follow-ups';
import { fieldsOff, reportFields } from './fields-check';
import type { Ctx } from '../ctx';

export interface TrialResult {
  status: TrialStatus;
  reason: string;
}

/**
 * One attempt at the task: replay the corrected prefix if there is one, then plan, run each policy
 * call, and plan again when the calls are used up, until the planner returns an empty plan.
 * Picks up where the stored trial left off, so it is also the resume path.
 */
export async function runTrial(ctx: Ctx): Promise<TrialResult> {
  const { run } = ctx;
  const trial = currentTrial(run);
  await replayPrefix(ctx);
  for (;;) {
    await ctx.checkpoint();
    const plan = trial.planNo >= 0 ? trial.plans[trial.planNo] : undefined;
    if (!plan || trial.planIndex >= plan.steps.length) {
      if (trial.plans.length >= run.config.maxPlans) {
        return { status: 'incomplete', reason: `still not finished after ${run.config.maxPlans} plans` };
      }
      let next;
      try {
        next = await makePlan(ctx);
      } catch (error) {
        if (error instanceof GroundingFailed) return { status: 'exception', reason: `planner: ${error.reason}` };
        throw error;
      }
      // a note the person added while this plan was made: "done" is not the last word yet
      if (!next.steps.length && !hasUnreadFollowUps(ctx)) {
        // the page is looked at once more before "done": a field it cut or emptied since it was typed into
        const off = await fieldsOff(ctx, trial.steps);
        const note = reportFields(ctx, off, true);
        // told once; and never at the cost of the plans left (a plan more would end the attempt unfinished)
        if (!note || trial.fieldsTold || trial.plans.length >= run.config.maxPlans) return { status: 'done', reason: next.reasoning || 'The task is done.' };
        trial.fieldsTold = true;
        trial.plannerNotes.push(note);
        await ctx.save();
        continue;
      }
      await askPlanApproval(ctx, next);
      continue;
    }
    const call = plan.steps[trial.planIndex];
    const policy = call && ctx.policies.get(call.policy);
    if (!call || !policy) {
      trial.planIndex += 1;
      continue;
    }
    ctx.emit({ type: 'policy_started', planIndex: trial.planIndex, call });
    const outcome = await runWebPolicy(ctx, policy, call, trial.planIndex);
    if (outcome.kind === 'trial_end') {
      ctx.emit({ type: 'policy_finished', planIndex: trial.planIndex, call, status: 'failed', summary: outcome.reason });
      return { status: outcome.status, reason: outcome.reason };
    }
    ctx.emit({ type: 'policy_finished', planIndex: trial.planIndex, call, status: 'done', summary: outcome.summary });
    trial.planIndex += 1;
    const upcoming = plan.steps[trial.planIndex];
    const upcomingPolicy = upcoming && ctx.policies.get(upcoming.policy);
    if (outcome.navigated && upcomingPolicy && !upcomingPolicy.freeTarget && (await unexpectedPage(ctx, upcoming.target))) {
      // The page went somewhere the plan did not foresee: the rest of it is planned again.
      trial.planIndex = plan.steps.length;
    }
    // the person added something while this step ran: the plan is made again with their words
    if (hasUnreadFollowUps(ctx)) trial.planIndex = plan.steps.length;
    await ctx.save();
  }
}

/**
 * After a navigation, does the next planned call still have something to act on? Plans describe
 * targets loosely ("cheapest flight"), so any of the description's words on the page will do.
 */
async function unexpectedPage(ctx: Ctx, nextTarget: string | undefined): Promise<boolean> {
  const words = (nextTarget ?? '').toLowerCase().match(/[\p{L}\p{N}$]{3,}/gu) ?? [];
  if (!words.length) return false;
  for (const word of words) {
    if ((await ctx.ports.browser.find({ text: word, limit: 1 })).length) return false;
  }
  return true;
}
