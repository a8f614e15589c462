import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { DecideRequest } from '../ports';
import { describeEffect, effectKey, judgeRequest, personalValues, sentDetails } from '../safety/effects';
import { namesOf } from '../safety/commit';
import { askPerson } from './ask-person';
import { planCovers } from './plan-approval';
import type { Ctx } from '../ctx';

/**
 * The agent's answer for each request its action sends (the executor holds them: src/agent/safety/
 * effects.ts). A read passes; an effect goes when the person approved this very action (its own
 * site's effects: they saw the control's words on the card), when they allowed the same effect
 * from the same control earlier in the task, when it is a form the plan they approved names
 * (plan-approval.ts), or when they say yes now on a card that names the
 * control, where the request goes and what it carries. One card at a time: a second request the
 * same click sends waits for the first answer.
 */
export function requestDecider(ctx: Ctx, action: AgentAction, element: ElementInfo | null, approvedAction: boolean): { decide: DecideRequest; refused: () => boolean; refusedIrreversible: () => boolean } {
  let queue: Promise<unknown> = Promise.resolve();
  let refused = false;
  let refusedIrreversible = false;
  const personal = personalValues(typedInRun(ctx, action), ctx.secrets.values());
  const decide: DecideRequest = (request) => {
    const next = queue
      .then(() => decideOne(ctx, action, element, approvedAction, request, personal))
      .then(({ ok, irreversible }) => ((refused ||= !ok), (refusedIrreversible ||= !ok && irreversible), ok));
    queue = next.catch(() => undefined);
    return next;
  };
  // a read is decided too when it carries the person's details to another site
  decide.reads = (request) => judgeRequest(request, ctx.run.allowedHosts, personal).kind === 'hold';
  return { decide, refused: () => refused, refusedIrreversible: () => refusedIrreversible };
}

/** What the run has typed, this action included, with the person's values behind their placeholders. */
function typedInRun(ctx: Ctx, action: AgentAction): string[] {
  const typed = ctx.run.trials.flatMap((t) => t.steps.flatMap((s) => (s.action.kind === 'type' ? [s.action.text] : [])));
  if (action.kind === 'type') typed.push(action.text);
  return typed.map((t) => ctx.secrets.reveal(t) ?? t);
}

/** Whether the request may go; `irreversible`: it was a payment, a send, a deletion or an account change. */
async function decideOne(ctx: Ctx, action: AgentAction, element: ElementInfo | null, approvedAction: boolean, request: Parameters<DecideRequest>[0], personal: string[]): Promise<{ ok: boolean; irreversible: boolean }> {
  const verdict = judgeRequest(request, ctx.run.allowedHosts, personal);
  const pass = { ok: true, irreversible: false };
  if (verdict.kind === 'pass') return pass;
  const effect = verdict.effect;
  if (approvedAction && !effect.offSite) return pass;
  const words = element ? (namesOf(element)[0] ?? '') : '';
  const key = effectKey(effect, words);
  if (!effect.irreversible && ctx.run.approvals.includes(key)) return pass;
  if (planCovers(ctx.run, effect, words)) return pass;
  const reason = `${words ? `"${words}"` : 'this action'} ${describeEffect(effect)}${effect.offSite ? `, a site not named in the task` : ''}`;
  const answer = await askPerson(
    ctx,
    action,
    element,
    { kind: 'confirm', category: effect.category, irreversible: effect.irreversible, reason, ...(effect.irreversible ? {} : { approvalKey: key }) },
    sentDetails(effect, element?.fieldLabels),
    effect.offSite ? effect.host : '',
  );
  return { ok: answer !== 'refuse', irreversible: effect.irreversible };
}
