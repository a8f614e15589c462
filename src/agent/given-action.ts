import type { BrowserAction } from '../shared/action';
import { actionInWords } from '../shared/plain-words';
import { executeAction, type ExecOutcome } from './loop/execute';
import { describeOnCurrentPage } from './loop/describe';
import { fail, finish, type RunOutcome } from './lifecycle';
import { currentTrial } from './run-state';
import { StopRun } from './control';
import type { Ctx } from './ctx';

/**
 * One action another program chose (an app through the MCP server's `act`), run as a run of its
 * own: the same gate, request hold, questions to the person and timeline as a step the model
 * chose, and no model call. The run ends after the action; what came of it is its summary, in
 * the words the page confirmed (the observation), or why it did not run.
 */
export async function driveGivenAction(ctx: Ctx, action: BrowserAction): Promise<RunOutcome> {
  const { run } = ctx;
  let line = '';
  try {
    run.status = 'running';
    ctx.emit({ type: 'run_started', chatId: run.chatId, task: run.task, resumed: false, trial: currentTrial(run).n });
    await ctx.save();
    // the element's words before it runs, for the summary: a click that loads a page leaves none to read
    if ('id' in action && action.id !== undefined) line = (await describeOnCurrentPage(ctx, action.id).catch(() => null))?.line ?? '';
    const out = await executeAction(ctx, action, { policy: 'APP', planNo: 0, planIndex: 0, thought: '' });
    const { success, summary } = givenSummary(action, line, out);
    // a secret the person typed in a hand-off never reaches the app
    currentTrial(run).status = success ? 'done' : 'failed';
    return await finish(ctx, success, ctx.secrets.hide(summary));
  } catch (error) {
    const out = await fail(ctx, error);
    // stopped: by the person's Stop, or by a refusal of what cannot be undone; the app hears which
    return error instanceof StopRun ? { ...out, summary: `${actionInWords(action, line, 'ask')} did not run: ${error.reason}.` } : out;
  }
}

/** What the app and the person are told, in the person's words: the change the page showed, or why nothing ran. */
export function givenSummary(action: BrowserAction, line: string, out: ExecOutcome): { success: boolean; summary: string } {
  switch (out.kind) {
    case 'ran': {
      const change = out.step.change;
      const seen = change?.summary || (change?.kind === 'navigation' ? `the tab went to ${change.url}` : change?.kind === 'dom' ? 'the page changed' : 'nothing on the page changed');
      return { success: true, summary: `${actionInWords(action, out.step.line || line)}: ${seen}.` };
    }
    case 'by_person':
      return { success: true, summary: 'The person did it themselves: the field is a secret one.' };
    case 'refused':
    case 'rejected':
      return { success: false, summary: `${actionInWords(action, line, 'ask')} did not run: ${out.reason.replace(/^`[^`]*` /, '')}.` };
  }
}

/** A given action cut off by a worker restart is not done again unasked: the app may read the page and decide. */
export const INTERRUPTED_GIVEN = 'The browser stopped the co-pilot while this action ran, so it was not done again: read the page to see whether it took effect.';
