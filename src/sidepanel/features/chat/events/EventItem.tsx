import type { EventRecord } from '../../../../storage/db';
import { fieldCheckInWords, startedInWords, stepInWords } from '../../../../shared/plain-words';
import { confirmHeadline } from './ConfirmCard';
import { ActionLine, type GateState } from './ActionLine';
import { PlanCard } from './PlanCard';
import { ExamplesCard } from './ExamplesCard';
import { ReplayStepLine } from './ReplayStepLine';
import { TableCard } from './TableCard';
import { ScreenshotLine } from './ScreenshotLine';
import { ItemLine } from './ItemLine';
import { DoneLine, ReplayStartedLine, StoppedLine } from './EndLines';
import { endInWords } from '../../workflows/replay-words';
import { useContext } from 'react';
import { LaterLinesContext } from '../later-lines';
import { ChatReplay } from '../replay-waiting';

/**
 * One run event in the timeline. What the agent waits for is pinned above the composer
 * (WaitingDock); here it leaves a short line (`pinned`) so the timeline still reads in order.
 */
export function EventItem(props: { event: EventRecord; live: boolean; pinned: boolean; onStep?: boolean; gate?: GateState }) {
  // a screenshot sent to the model: one line, kept out of the long switch below
  return props.event.type === 'screenshot' ? <ScreenshotLine event={props.event} /> : <EventLine {...props} />;
}

function EventLine({ event: e, live, pinned: pinnedHere, onStep, gate }: { event: EventRecord; live: boolean; pinned: boolean; onStep?: boolean; gate?: GateState }) {
  // a replay's question is pinned in its own dock: its line says "asked below" while that card waits, not "asked you"
  const replay = useContext(ChatReplay);
  const pinned = pinnedHere || (e.type === 'confirmation_needed' && replay?.status === 'waiting' && replay.confirm?.id === e.request.id);
  switch (e.type) {
    case 'run_started':
      return <li className="ev muted small">{startedInWords(e)}</li>;
    case 'plan':
      return <PlanCard event={e} />;
    case 'policy_started':
      return <li className="ev policy small">▸ {stepInWords(e.call)}</li>;
    case 'policy_finished':
      return e.status === 'failed' ? <li className="ev error small">{stepInWords(e.call)} did not work: {e.summary}</li> : null;
    case 'field_check':
      return (
        <li className="ev small warn" data-testid="field-check">
          {fieldCheckInWords(e)}
        </li>
      );
    case 'thought':
      return (
        <li className="ev thought small">
          <span className="muted">{e.source === 'planner' ? 'Why this plan' : e.source === 'reflection' ? 'Looking back' : 'Why'}:</span> {e.text}
        </li>
      );
    case 'action':
      return <ActionLine event={e} gate={gate === 'waiting' && !live ? 'not_done' : gate} />;
    case 'observation':
      return e.ok ? (e.summary ? <li className="ev muted small">{e.summary}</li> : null) : <li className="ev error small">✗ {e.error?.message ?? e.summary}</li>;
    case 'grounding_repair':
      return <li className="ev muted small">↻ Asked the model again: {e.reason}</li>;
    case 'trial_ended':
      return <li className="ev small">Attempt {e.trial + 1} ended: {e.status.replace('_', ' ')}{e.reason && ` (${e.reason})`}</li>;
    case 'reflection':
      return (
        <li className="ev reflection small">
          Looked back: step {e.step + 1} was wrong ({e.wrong}); this time: {e.correction}
        </li>
      );
    case 'confirmation_needed':
      // while it is pinned below, the step's own line says so ("Asked below: Click Pay $42.00"); a question with no step (a plan, a page that left the site) says it here
      if (pinned && onStep) return null;
      return (
        <li className={`ev small ${pinned ? 'waiting' : 'muted'}`} data-testid="confirm-line">
          {pinned ? 'Asked below: ' : 'Asked you: '}
          {confirmHeadline(e.request, 'line')}
        </li>
      );
    case 'confirmation_answered':
      return <li className="ev muted small">{e.guess ? (e.answer === 'refuse' ? 'You said it is another one.' : 'You said it is that one.') : e.answer === 'refuse' ? 'You refused.' : e.answer === 'run' ? 'Allowed for this run.' : 'Allowed once.'}</li>;
    case 'handoff':
      if (e.phase === 'finished') return <li className="ev muted small">You finished; the co-pilot continues.</li>;
      return <li className={`ev small ${pinned ? 'waiting' : 'muted'}`}>{pinned ? 'Your turn in the page: the card below says what to do' : `Your turn: ${e.reason}`}</li>;
    case 'question':
      return (
        <li className={`ev small ${pinned ? 'waiting' : ''}`}>
          {pinned ? 'Asked below: ' : 'Asked: '}
          {e.question}
          {e.answer !== undefined && <span className="muted"> You answered: {e.answer}</span>}
        </li>
      );
    case 'examples':
      return <ExamplesCard event={e} />;
    case 'replay_started':
      return <ReplayStartedLine event={e} />;
    case 'replay_step':
      return <ReplayStepLine event={e} />;
    case 'table':
      return <TableCard event={e} />;
    case 'done':
      return <DoneLine event={e} />;
    case 'error':
      return <ErrorLine event={e} />;
    case 'paused':
      return <li className="ev muted small">Paused.</li>;
    case 'resumed':
      return <li className="ev muted small">Resumed.</li>;
    case 'stopped':
      return <StoppedLine event={e} />;
    default:
      // an item of an EACH step
      return e.type === 'item' ? <ItemLine event={e} /> : null;
  }
}

/**
 * A run's error. The latest resumable one is pinned with its Resume button; one here was resumed
 * or superseded, or ended the run. An error the run went on from is history: said plainly, not in
 * red, and without the advice to resume that was already taken.
 */
function ErrorLine({ event: e }: { event: Extract<EventRecord, { type: 'error' }> }) {
  const wentOn = (useContext(LaterLinesContext).runs.get(e.runId) ?? e.seq) > e.seq;
  const words = endInWords(e.runId, e.message);
  if (wentOn) {
    return (
      <li className="ev muted small" data-end="error" data-went-on="">
        {words.replace(/\s*(?:The run is saved; )?resume to continue\.?$/i, '').replace(/: (?:try again in a moment|wait [^,]+, then resume)\./i, '.')}
      </li>
    );
  }
  return (
    // the alert is inside the item: a list item with role=alert is no list item to a screen reader
    <li className="ev error" data-end="error">
      <span role="alert">{words}</span>
    </li>
  );
}
