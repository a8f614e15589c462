import type { BrowserAction } from '../../shared/action';
import { currentTrial, type StepRecord } from '../run-state';
import { describeAtPoint, describeOnCurrentPage } from './describe';
import { executeAction } from './execute';
import type { Ctx } from '../ctx';

/**
 * Replays the previous attempt's steps up to the corrected one, without asking the model. Each
 * step's element must still show the same line; if it does not, replay stops there and the model
 * takes over from the page as it is.
 */
export async function replayPrefix(ctx: Ctx): Promise<void> {
  const trial = currentTrial(ctx.run);
  while (trial.replay.length) {
    const step = trial.replay[0] as StepRecord;
    if (!(await stillMatches(ctx, step))) {
      trial.replay = [];
      break;
    }
    const out = await executeAction(ctx, step.action as BrowserAction, {
      policy: step.policy,
      planNo: step.planNo,
      planIndex: step.planIndex,
      thought: step.thought,
      replayed: true,
    });
    trial.replay.shift();
    if (out.kind === 'rejected' || out.kind === 'refused') trial.replay = [];
    await ctx.save();
  }
}

async function stillMatches(ctx: Ctx, step: StepRecord): Promise<boolean> {
  if (step.action.kind === 'done' || step.action.kind === 'ask_user') return false;
  const id = 'id' in step.action ? step.action.id : undefined;
  // a point is replayed only if the same element is still there (a canvas that moved is not)
  if (step.action.kind === 'click_at') return !!step.line && identity((await describeAtPoint(ctx, step.action))?.line ?? '') === identity(step.line);
  if (id === undefined || !step.line) return true;
  const element = await describeOnCurrentPage(ctx, id);
  return !!element && identity(element.line) === identity(step.line);
}

/** An element's line without its current state: a reloaded form may or may not keep its values. */
function identity(line: string): string {
  return line
    .replace(/\s(?:value|checked|selected|expanded)=("[^"]*"|\S+?)(?=[\s>])/g, '')
    .replace(/\s(?:new|checked|selected|expanded|collapsed|pressed|invalid)(?=[\s>])/g, '');
}
