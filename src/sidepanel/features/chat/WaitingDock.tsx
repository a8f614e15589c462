import { useEffect, useRef, useState } from 'react';
import { send } from '../../../platform/rpc';
import { ConfirmCard } from './events/ConfirmCard';
import { HandoffCard } from './events/HandoffCard';
import { QuestionCard } from './events/QuestionCard';
import type { Waiting } from './waiting';
import { outcomeOf, refusedIn, stopInWords, stoppedByPerson } from '../../../shared/plain-words';
import { controlInWords } from './events/confirm-words';
import { RetryWithModel } from './RetryWithModel';
import { endInWords, splitDetails } from '../workflows/replay-words';
import { ShowTable } from './events/ShowTable';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { fieldsNotAsTyped, untakenActions } from './untaken';
import { NotRight } from './NotRight';

/**
 * Pinned between the timeline and the composer, so it is never scrolled away: what the agent waits
 * for (a confirmation, the person's turn, a question, a resume), or how the latest run ended.
 * A live region, so a screen reader hears each new one.
 */
export function WaitingDock({ waiting, onOpenSettings }: { waiting?: Waiting; onOpenSettings?: () => void }) {
  return (
    <div className="dock" data-testid="dock" aria-live="polite" data-kind={waiting?.kind ?? ''}>
      {waiting?.kind === 'confirm' && <ConfirmCard key={waiting.key} request={waiting.event.request} />}
      {waiting?.kind === 'handoff' && <HandoffCard key={waiting.key} event={waiting.event} />}
      {waiting?.kind === 'question' && <QuestionCard key={waiting.key} event={waiting.event} />}
      {waiting?.kind === 'resume' && <ResumeCard key={waiting.key} waiting={waiting} onOpenSettings={onOpenSettings} />}
      {waiting?.kind === 'final' && <FinalCard waiting={waiting} />}
    </div>
  );
}

/** Provider errors a setting fixes (the key, the address, the model's name): Settings comes first there. */
const FIXED_IN_SETTINGS = new Set(['auth', 'unreachable', 'not_configured', 'bad_request']);

/** A run that ended on an error it can continue from (a rejected key, a server down, a timeout). */
function ResumeCard({ waiting, onOpenSettings }: { waiting: Extract<Waiting, { kind: 'resume' }>; onOpenSettings?: () => void }) {
  const settingsFirst = !!onOpenSettings && FIXED_IN_SETTINGS.has(waiting.event.kind);
  const button = useRef<HTMLButtonElement>(null);
  const settings = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  // the main button has the focus: Enter does what the card suggests first
  useEffect(() => (settings.current ?? button.current)?.focus(), []);
  const resume = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const r = await send('run.resume', { runId: waiting.event.runId });
      if (!r.ok) setProblem(r.message);
    } catch (e) {
      setProblem((e as Error).message);
    }
    setBusy(false);
  };
  return (
    <div className="card outcome error" data-testid="resume-card" data-end="error">
      <div className="resume-message">{endInWords(waiting.event.runId, waiting.event.message)}</div>
      <div className="row">
        {settingsFirst && (
          <button ref={settings} className="primary" onClick={onOpenSettings} data-testid="resume-settings">
            Open Settings
          </button>
        )}
        <button ref={button} className={settingsFirst ? '' : 'primary'} disabled={busy} onClick={() => void resume()}>
          Resume
        </button>
        <span className="small muted">goes on where it stopped</span>
      </div>
      <RetryWithModel runId={waiting.event.runId} />
      {problem && <div className="error small">{problem}</div>}
    </div>
  );
}

const OUTCOME = { done: 'Done', failed: 'Could not finish', error: 'Stopped on an error', stopped: 'Stopped' } as const;

/** The latest run's result, kept in view after the run ends, coloured by how it really ended. */
function FinalCard({ waiting }: { waiting: Extract<Waiting, { kind: 'final' }> }) {
  const e = waiting.event;
  const refused = e.type === 'stopped' ? refusedIn(e.reason) : null;
  if (refused) return <RefusedCard refused={refused} />;
  // the person's own Stop is their choice too: said plainly, in grey; it can be asked again, with another model if they like
  if (e.type === 'stopped' && stoppedByPerson(e.reason)) {
    return (
      <div className="card outcome refused" data-testid="final" data-end="stopped">
        <div className="card-title">Stopped</div>
        <div className="final-text">You stopped it.</div>
        {!e.runId.startsWith('replay-') && <RetryWithModel runId={e.runId} />}
      </div>
    );
  }
  return <EndCard waiting={waiting} />;
}

/**
 * The person said no to a payment, a send or a deletion, and the run ended there: their choice,
 * not a failure, so no red and no "retry with another model". What the run typed stays in the page.
 */
function RefusedCard({ refused }: { refused: string }) {
  return (
    <div className="card outcome refused" data-testid="final" data-end="refused">
      <div className="card-title">Not done: you said no</div>
      <div className="final-text">
        You did not allow {controlInWords(refused).replace(/^Click /, 'a click on ')}, so nothing was done after it. What was already typed into the page is still there.
      </div>
    </div>
  );
}

function EndCard({ waiting: { event: e } }: { waiting: Extract<Waiting, { kind: 'final' }> }) {
  const end = outcomeOf(e);
  const said = e.type === 'done' ? e.summary || (e.success ? 'Done.' : 'Could not finish the task.') : e.type === 'error' ? e.message : stopInWords(e.reason);
  // the run's own reason for a failure sits behind Details, the words a person reads first
  const { words, details } = splitDetails(endInWords(e.runId, said));
  const left = useLeft(e.runId, e.type === 'done');
  // what the page shows says more than the model's "done": not a green Done, and said first
  const partial = end === 'done' && (left.untaken.length > 0 || left.off.length > 0);
  return (
    <div className={`card outcome ${partial ? 'partial' : end}`} data-testid="final" data-end={end} data-partial={partial || undefined}>
      <div className="card-title">{partial ? 'Done, but not all as asked' : OUTCOME[end]}</div>
      {partial && <Untaken left={left} />}
      <div className="final-text">{words}</div>
      {details && (
        <details className="small muted" data-testid="final-details">
          <summary>Details</summary>
          {details}
        </details>
      )}
      <ShowTable runId={e.runId} />
      {/* a replay is run again from Workflows: "try again" is a task's */}
      {e.type === 'done' && !e.runId.startsWith('replay-') && <NotRight runId={e.runId} />}
      {/* a replay's events share the chat but are not agent runs: it is retried from Workflows */}
      {end !== 'done' && !e.runId.startsWith('replay-') && <RetryWithModel runId={e.runId} />}
    </div>
  );
}

type Left = { untaken: string[]; off: string[] };

/** What a run that ended done left undone (its timeline's "Not done" lines) or not as asked (fields the page did not keep). */
function useLeft(runId: string, done: boolean): Left {
  const events = useLiveQuery(() => (done ? db().events.where('runId').equals(runId).toArray() : []), [runId, done]);
  return { untaken: events ? untakenActions(events, runId) : [], off: events ? fieldsNotAsTyped(events, runId) : [] };
}

/** What the run did not get done, though it ended as done: the timeline's "Not done" lines, once more here. */
function Untaken({ left: { untaken: left, off } }: { left: Left }) {
  const shown = left.slice(0, 3);
  return (
    <>
      {left.length > 0 && (
        <div className="warn small" data-testid="final-untaken">
          Not done: {shown.join('; ')}
          {left.length > shown.length ? ` and ${left.length - shown.length} more` : ''}.
        </div>
      )}
      {off.length > 0 && (
        <div className="warn small" data-testid="final-fields">
          Not as asked: {off.slice(0, 3).join(' ')}
        </div>
      )}
    </>
  );
}
