import type { DecideRequest } from '../../shared/effect';
import type { ElementInfo } from '../../shared/page';
import type { AgentAction } from '../../shared/action';
import type { ConfirmRequest } from '../../shared/run-events';
import { describeEffect, judgeRequest, personalValues, sentDetails, type Effect } from '../../agent/safety/effects';
import { hostOf } from '../text';
import { questionKey, recordedConsent } from './consent';
import { renamedSince, type Question } from './questions';
import { actionInWords } from './step-words';
import type { ReplayRun } from './run';
import type { WorkflowStep } from '../../shared/workflow';

/**
 * The replay's answer for each request a step sends while the executor holds the tab's requests
 * (src/agent/safety/effects.ts). A replay cannot keep a request paused while the person decides
 * (its drive ends at a question, and the worker may stop), so an effect nobody approved yet is
 * failed, never sent, and the step stops with a card naming it; "allow once" runs the step again
 * with exactly that effect let through. What is approved without a card:
 * - reads, and beacons to the workflow's site;
 * - the same-site effects of a step the person approved on its card this attempt;
 * - the reversible same-site effects of the person's own recording, on the control they recorded
 *   (their own effects: the consent the gate already gives such steps, consent.ts).
 */
export interface StepHold {
  decide: DecideRequest;
  /** the question for the first effect refused, null when none was */
  question(): Question | null;
}

export interface StepHoldInput {
  index: number;
  step: WorkflowStep;
  action: AgentAction;
  el: ElementInfo | null;
  url: string;
  repaired: boolean;
  /** the person approved this step's own card on this attempt */
  approvedAction: boolean;
}

export function stepHold(run: ReplayRun, q: StepHoldInput): StepHold {
  let refused: Effect | null = null;
  // the replay's own values (what it types) and its secrets: a read that carries one of them to
  // another site (an image, a navigation) is an effect too, as in the agent's hold
  const personal = personalValues(Object.values(run.state.values), [...Object.values(run.ports.secrets()), ...Object.values(run.kept ?? {})]);
  const decide: DecideRequest = async (request) => {
    const verdict = judgeRequest(request, [run.wf.site], personal);
    if (verdict.kind === 'pass') return true;
    const e = verdict.effect;
    if (!e.offSite && (q.approvedAction || (!e.irreversible && recordedConsent({ workflow: run.wf, step: q.step, el: q.el, url: q.url, repaired: q.repaired })))) return true;
    const key = questionKey({ category: e.category, reason: reasonOf(q.el, e) });
    if (run.state.approved?.index === q.index && run.state.approved.key === key) return true;
    refused ??= e;
    return false;
  };
  decide.reads = (request) => judgeRequest(request, [run.wf.site], personal).kind === 'hold';
  // it decides from the step's consent and never waits for the person
  decide.answersAlone = true;
  return { decide, question: () => (refused ? questionFor(run, q, refused) : null) };
}

/** The words of the card's reason; the same effect from the same control gives the same words (the "allow once" key). */
function reasonOf(el: ElementInfo | null, e: Effect): string {
  const words = el?.name || el?.label || el?.text || '';
  return `${words ? `"${words.slice(0, 80)}"` : 'this step'} ${describeEffect(e)}${e.offSite ? ', a site the workflow does not work on' : ''}`;
}

function questionFor(run: ReplayRun, q: StepHoldInput, e: Effect): Question {
  const { state } = run;
  const host = hostOf(q.url) || q.url;
  const reason = reasonOf(q.el, e);
  const confirm: ConfirmRequest = {
    id: `${state.replayId}-c${state.seq + 1}`,
    runId: state.replayId,
    category: e.category,
    irreversible: e.irreversible,
    action: q.action,
    elementLine: q.el?.line ?? '',
    url: q.url,
    description: `Step ${q.index + 1}: ${actionInWords(q.action, q.el)}, which sends the details below to ${e.offSite ? `${e.host}${e.path}` : `this site (${e.path || '/'})`}. Nothing is sent until you allow it.${renamedSince(q.step, q.el, q.repaired)}`,
    reason,
    host,
    // what the post carries, field by field in the page's words (`sends`); no page words around the control
    context: '',
    sends: sentDetails(e, q.el?.fieldLabels),
    control: (q.el?.text || q.el?.label || q.el?.name || '').replace(/\s+/g, ' ').trim().slice(0, 60),
    to: e.offSite ? e.host : '',
    // each replay asks again: an effect is approved where the person sees it, step by step
    rememberable: false,
  };
  return { status: 'asked', message: `Step ${q.index + 1} needs your confirmation: ${reason}.`, confirm };
}
