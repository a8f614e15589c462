import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { ConfirmRequest } from '../../shared/run-events';
import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { hostOf, norm } from '../text';
import { typesSecret } from './actions';
import { actionInWords, kindInWords } from './step-words';
import { questionKey, replayDecision } from './consent';
import type { ReplayState } from './state';

/** The questions a replay asks the person before a step acts; each updates `state` when it consumes an answer. */
export type Question = { status: 'asked'; message: string; confirm: ConfirmRequest };

export interface GateAsk {
  workflow: Workflow;
  secretNames: ReadonlySet<string>;
  index: number;
  step: WorkflowStep;
  action: AgentAction;
  /** the element as it is now, read in the same moment as acting */
  el: ElementInfo | null;
  url: string;
  /** the step acts on a repaired element: it gets no consent from the recording */
  repaired: boolean;
  /** the tab's requests are held while the step acts */
  requestsHeld?: boolean;
  /** the host of a live connection the page opened, whose frames no hold sees */
  liveConnection?: string | null;
}

/**
 * The safety gate's decision for a step about to act (./consent.ts): null when it may act now; a
 * refusal; or a question, unless the person allowed exactly this question for this step once.
 */
export function gateQuestion(state: ReplayState, q: GateAsk): Question | { status: 'asked'; message: string } | null {
  const secret = typesSecret(q.step, q.secretNames);
  const d = replayDecision({ workflow: q.workflow, step: q.step, action: q.action, el: q.el, url: q.url, repaired: q.repaired, typesSecret: secret, approvals: state.approvals, requestsHeld: !!q.requestsHeld, liveConnection: q.liveConnection });
  if (d.kind === 'allow') return null;
  if (d.kind === 'refuse') return { status: 'asked', message: `Not done: ${d.reason}. Skip the step or stop.` };
  if (state.approved?.index === q.index && state.approved.key === questionKey(d)) {
    state.approved = undefined; // "allow once" is used up by this attempt
    return null;
  }
  const host = hostOf(q.url) || q.url;
  const shown: AgentAction = q.action.kind === 'type' && secret ? { ...q.action, text: '(hidden)' } : q.action;
  const confirm: ConfirmRequest = {
    id: `${state.replayId}-c${state.seq + 1}`,
    runId: state.replayId,
    category: d.category,
    irreversible: d.irreversible,
    action: shown,
    elementLine: q.el?.line ?? '',
    url: q.url,
    description: `Step ${q.index + 1}: ${actionInWords(shown, q.el)} on ${host}.${renamedSince(q.step, q.el, q.repaired)}`,
    reason: d.reason,
    host,
    context: q.el?.context ?? '',
    to: '',
    rememberable: !d.irreversible,
  };
  return { status: 'asked', message: `Step ${q.index + 1} needs your confirmation: ${d.reason}.`, confirm };
}

/**
 * A step found again on a changed page whose control reads otherwise now: the question says what it
 * read when it was recorded, so the person sees it is the step they recorded, renamed (the step's
 * line says "it now reads …" too).
 */
export function renamedSince(step: WorkflowStep, el: ElementInfo | null, repaired: boolean): string {
  const was = (step.target?.name ?? '').replace(/\s+/g, ' ').trim();
  const now = norm(el?.name);
  return repaired && was && now && norm(was) !== now ? ` “${(el?.name ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}” read “${was.slice(0, 60)}” when you recorded it.` : '';
}

export interface RenameAsk {
  index: number;
  step: WorkflowStep;
  /** the action about to run on the pick, as the person will see it */
  action: AgentAction;
  /** the step types a secret: its text is shown hidden */
  hidden: boolean;
  /** guessed: the resolver's own first-ranked candidate, no model asked */
  pick: { line: string; name: string; guessed?: boolean };
  url: string;
}

/**
 * The question before using a model's pick that carries another name than the recorded element
 * ("Category" for "Topic"): a redesign renames fields, and so can a page steering the model. The
 * person sees both names; "allow once" lets this step's next attempt use the pick, and the step is
 * not asked about its name again (a gate question that follows re-runs it). Null when allowed.
 * Updates `state.approved` and `state.healHit` when it consumes the answer.
 */
export function renameQuestion(state: ReplayState, q: RenameAsk): Question | null {
  const recordedName = q.step.target?.name || q.step.target?.label || q.step.target?.text || '';
  const reason = !q.pick.guessed
    ? `the recorded "${recordedName}" is not on the page; the model picked "${q.pick.name}" instead`
    : norm(q.pick.name) === norm(recordedName)
      ? `the page shows more than one "${q.pick.name}"; is it the one marked in the page?`
      : `is this ${q.pick.name ? `“${q.pick.name}”` : `the ${kindInWords(undefined, q.pick.line.match(/^<([a-z][a-z0-9-]*)/i)?.[1])} marked in the page`}? It was ${recordedName ? `“${recordedName}”` : 'a control with no name'}`;
  if (state.approved?.index === q.index && state.approved.key === questionKey({ category: 'other', reason })) {
    state.approved = undefined;
    if (state.healHit?.index === q.index) state.healHit = { ...state.healHit, renamed: false };
    return null;
  }
  const host = hostOf(q.url) || q.url;
  const shown: AgentAction = q.action.kind === 'type' && q.hidden ? { ...q.action, text: '(hidden)' } : q.action;
  const confirm: ConfirmRequest = {
    id: `${state.replayId}-c${state.seq + 1}`,
    runId: state.replayId,
    category: 'other',
    irreversible: false,
    action: shown,
    elementLine: q.pick.line,
    url: q.url,
    description: `Step ${q.index + 1}: ${q.step.intent}, on ${q.pick.line} (${host})`,
    reason,
    host,
    context: '',
    to: '',
    // each renamed element is the person's to judge: never allowed for the rest of the replay
    rememberable: false,
    ...(q.pick.guessed ? { guess: true } : {}),
  };
  return { status: 'asked', message: `Step ${q.index + 1} needs your confirmation: ${reason}.`, confirm };
}
