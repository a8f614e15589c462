import { isTabAction } from '../../shared/action';
import { placeOf } from '../safety/place';
import { hostOf } from '../safety/hosts';
import { currentTrial } from '../run-state';
import { waitForAnswer } from './ask-person';
import type { Ctx } from '../ctx';

/** The page the run last was on: its last navigation's address, else where it started. */
function stoppedOn(ctx: Ctx): string {
  let url = ctx.run.startUrl;
  for (const s of ctx.run.trials.flatMap((t) => t.steps)) if (s.change?.kind === 'navigation' && s.change.url) url = s.change.url;
  return url;
}

/**
 * A run the person resumes after it ended on an error (the provider failed) goes on where it
 * stopped, as the Resume button says: when the tab shows another page by then (the person went on
 * browsing), they are asked whether to go back there first; if not, the run goes on in the page
 * the tab shows and the model is told so. Not for a paused run (the person may have taken over on
 * purpose), nor one a worker restart interrupted (its own last action may have moved the page), nor
 * a run that worked across tabs.
 */
export async function backWhereItStopped(ctx: Ctx): Promise<void> {
  const { run } = ctx;
  if (run.trials.some((t) => t.steps.some((s) => isTabAction(s.action)))) return;
  const there = stoppedOn(ctx);
  const here = await ctx.ports.browser.url().catch(() => '');
  if (!here || !there || placeOf(here) === placeOf(there)) return;
  const request = {
    id: `${run.runId}-back${run.seq + 1}`,
    runId: run.runId,
    category: 'return' as const,
    irreversible: false,
    action: { kind: 'navigate' as const, url: there },
    elementLine: '',
    url: here,
    description: `Open ${placeOf(there)} again, where the task stopped, and go on there; or stay, and it goes on in the page the tab shows now (${placeOf(here)}).`,
    reason: `the task stopped on ${placeOf(there)}, and the tab shows ${placeOf(here)} now`,
    host: hostOf(here) ?? '',
    context: '',
    to: '',
    rememberable: false,
  };
  const answer = await waitForAnswer(ctx, request);
  if (answer === 'refuse') {
    currentTrial(run).notes.push(`The task stopped on ${placeOf(there)}; the person chose to go on in the page the tab shows now (${placeOf(here)}).`);
    return;
  }
  const result = await ctx.ports.browser.act({ kind: 'navigate', url: there });
  if (!result.ok) currentTrial(run).notes.push(`The page where the task stopped (${placeOf(there)}) could not be opened again: ${result.message}. Go on from the page the tab shows.`);
}
