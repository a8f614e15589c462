import type { AgentAction } from '../../shared/action';
import type { ConfirmRequest } from '../../shared/run-events';
import type { WorkflowStep } from '../../shared/workflow';
import { hostOf } from '../text';
import { questionKey } from './consent';
import type { ReplayState } from './state';

export interface RenameAsk {
  index: number;
  step: WorkflowStep;
  /** the action about to run on the pick, as the person will see it */
  action: AgentAction;
  /** the step types a secret: its text is shown hidden */
  hidden: boolean;
  pick: { line: string; name: string };
  url: string;
}

/**
 * The question before using a model's pick that carries another name than the recorded element
 * ("Category" for "Topic"): a redesign renames fields, and so can a page steering the model. The
 * person sees both names; "allow once" lets this step's next attempt use the pick, and the step is
 * not asked about its name again (a gate question that follows re-runs it). Null when allowed.
 * Updates `state.approved` and `state.healHit` when it consumes the answer.
 */
export function renameQuestion(state: ReplayState, q: RenameAsk): { status: 'asked'; message: string; confirm: ConfirmRequest } | null {
  const recordedName = q.step.target?.name || q.step.target?.label || q.step.target?.text || '';
  const reason = `the recorded "${recordedName}" is not on the page; the model picked "${q.pick.name}" instead`;
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
    // each renamed element is the person's to judge: never allowed for the rest of the replay
    rememberable: false,
  };
  return { status: 'asked', message: `Step ${q.index + 1} needs your confirmation: ${reason}.`, confirm };
}
