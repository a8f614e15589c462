import { stepInWords } from '../../shared/plain-words';
import type { ConfirmRequest } from '../../shared/run-events';
import { hostOf, hostsNamedIn, sameSite } from '../safety/hosts';
import type { Effect } from '../safety/effects';
import type { PlanRecord, RunState } from '../run-state';
import { StopRun } from '../control';
import { waitForAnswer } from './ask-person';
import type { Ctx } from '../ctx';

/**
 * "Approve the plan, then let it work inside it" (config.approvePlan, a setting the person turns
 * on). The first plan of a run is shown before anything is done: its steps in words, the sites it
 * works on, and what it will send. Approved, a form its steps name (the request a control the plan
 * names sends, on one of those sites) goes without a card of its own. Payments, transfers,
 * messages, deletions and account changes are asked each time, and so is anything the plan does
 * not name: a form sent by another control, another site, data leaving. "Ask me at each step" goes
 * on as without the setting; "Stop" ends the run before it did anything. Asked once a run: a plan made again after a failed try, or a resumed
 * run, keeps the answer.
 */
export async function askPlanApproval(ctx: Ctx, plan: PlanRecord): Promise<void> {
  const { run } = ctx;
  if (!run.config.approvePlan || run.planApproval || !plan.steps.length) return;
  const url = await ctx.ports.browser.url();
  const host = hostOf(url) ?? '';
  const sites = [...new Set([host, ...plan.steps.flatMap((s) => hostsNamedIn(`${s.target} ${s.value}`))].filter(Boolean))];
  // the controls the plan names in words (an element id names nothing a later page still shows)
  const controls = [...new Set(plan.steps.map((s) => s.target.trim()).filter((t) => t && !/^\d+$/.test(t)))];
  const steps = plan.steps.map((s, i) => `${i + 1}. ${stepInWords(s)}`).join('\n');
  const request: ConfirmRequest = {
    id: `${run.runId}-c${run.seq + 1}`,
    runId: run.runId,
    category: 'plan',
    irreversible: false,
    action: null,
    elementLine: '',
    url,
    description: ctx.secrets.hide(
      `work through this plan on ${sites.join(', ') || 'this page'}. Forms its steps send go without asking again; payments, messages, deletions, account changes and anything not in the plan are still asked.`,
    ),
    reason: 'You asked to see the plan before the co-pilot starts (Settings).',
    host,
    context: ctx.secrets.hide(steps),
    to: '',
    rememberable: true,
  };
  const answer = await waitForAnswer(ctx, request);
  run.planApproval = { approved: answer === 'run', sites, controls };
  await ctx.save();
  if (answer === 'refuse') throw new StopRun('You stopped the task at its plan.');
}

/**
 * Whether the approved plan named this effect: a plain form (never a payment, a send, a deletion,
 * an account change, a sign-in or data leaving for another site) on one of the plan's sites, sent
 * by a control whose words are among a step target's, or the other way round ("Search" for CLICK
 * "Search button").
 */
export function planCovers(run: RunState, effect: Effect, words: string): boolean {
  const plan = run.planApproval;
  if (!plan?.approved || effect.category !== 'form' || effect.irreversible || effect.offSite) return false;
  if (!plan.sites.some((site) => sameSite(site, effect.host))) return false;
  const control = wordsOf(words);
  if (!control.length) return false;
  // every word of one is a word of the other: "Search" and "Search button", never "Pay" and "Add payee"
  const within = (a: string[], b: string[]) => a.every((w) => b.includes(w));
  return plan.controls.some((target) => {
    const named = wordsOf(target);
    return named.length > 0 && (within(control, named) || within(named, control));
  });
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
