import type { EventRecord } from '../../../../storage/db';
import { ConfirmCard } from './ConfirmCard';
import { HandoffCard } from './HandoffCard';
import { QuestionCard } from './QuestionCard';
import { ActionLine } from './ActionLine';
import { PlanCard } from './PlanCard';
import { ExamplesCard } from './ExamplesCard';
import { ReplayStepLine } from './ReplayStepLine';

/** One run event in the timeline. Interactive cards only while their run is live. */
export function EventItem({ event: e, live, answered }: { event: EventRecord; live: boolean; answered: Set<string> }) {
  switch (e.type) {
    case 'run_started':
      return <li className="ev muted small">{e.resumed ? `Resumed (trial ${e.trial + 1})` : 'Started'}</li>;
    case 'plan':
      return <PlanCard event={e} />;
    case 'policy_started':
      return <li className="ev policy small">▸ {e.call.policy} {e.call.target && `“${e.call.target}”`} {e.call.value && `→ ${e.call.value}`}</li>;
    case 'policy_finished':
      return e.status === 'failed' ? <li className="ev error small">{e.call.policy} failed: {e.summary}</li> : null;
    case 'thought':
      return <li className="ev thought small">💭 {e.text}</li>;
    case 'action':
      return <ActionLine event={e} />;
    case 'observation':
      return e.ok ? (e.summary ? <li className="ev muted small">{e.summary}</li> : null) : <li className="ev error small">✗ {e.error?.message ?? e.summary}</li>;
    case 'grounding_repair':
      return <li className="ev muted small">↻ Asked the model again: {e.reason}</li>;
    case 'trial_ended':
      return <li className="ev small">Trial {e.trial + 1} ended: {e.status.replace('_', ' ')}{e.reason && ` (${e.reason})`}</li>;
    case 'reflection':
      return (
        <li className="ev reflection small">
          Reflection: step {e.step + 1} was wrong ({e.wrong}); next time: {e.correction}
        </li>
      );
    case 'confirmation_needed':
      return <ConfirmCard request={e.request} open={live && !answered.has(e.request.id)} />;
    case 'confirmation_answered':
      return <li className="ev muted small">{e.answer === 'refuse' ? 'You refused.' : e.answer === 'run' ? 'Allowed for this run.' : 'Allowed once.'}</li>;
    case 'handoff':
      return <HandoffCard event={e} open={live && e.phase === 'started' && !answered.has(`handoff:${e.id}`)} />;
    case 'question':
      return <QuestionCard event={e} open={live && e.answer === undefined} />;
    case 'examples':
      return <ExamplesCard event={e} />;
    case 'replay_started':
      return (
        <li className="ev policy small" data-testid="replay-started">
          ▶ Replaying “{e.name}” ({e.steps} steps){Object.keys(e.values).length > 0 && ` with ${Object.entries(e.values).map(([k, v]) => `${k} = ${v}`).join(', ')}`}
        </li>
      );
    case 'replay_step':
      return <ReplayStepLine event={e} />;
    case 'done':
      return (
        <li className={`ev done ${e.success ? 'ok' : 'error'}`} data-end={e.success ? 'done' : 'failed'}>
          {e.summary || (e.success ? 'Done.' : 'Could not finish the task.')}
        </li>
      );
    case 'error':
      return (
        <li className="ev error" role="alert" data-end="error">
          {e.message}
          {e.resumable && ' You can resume the run.'}
        </li>
      );
    case 'paused':
      return <li className="ev muted small">Paused.</li>;
    case 'resumed':
      return <li className="ev muted small">Resumed.</li>;
    case 'stopped':
      return (
        <li className="ev muted small" data-end="stopped">
          Stopped{e.reason ? `: ${e.reason}` : '.'}
        </li>
      );
    default:
      return null;
  }
}
