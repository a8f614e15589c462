import type { EventRecord } from '../../../../storage/db';
import { asSentence, replayInWords, splitDetails, strategyInWords } from '../../workflows/replay-words';
import { useShowDetails } from '../timeline/show-details';
import { useReplayValues } from './replay-values';
import { DownloadLines } from './DownloadLines';
import { useContext } from 'react';
import { ChatReplay, waitsBelow } from '../replay-waiting';
import { LaterLinesContext, stepKey } from '../later-lines';

type ReplayStepEvent = Extract<EventRecord, { type: 'replay_step' }>;

// a step found again on a changed page was done all the same: its words say the page changed
const MARK: Record<ReplayStepEvent['status'], { mark: string; words: string }> = {
  done: { mark: '✓', words: 'done' },
  healed: { mark: '✓', words: 'done' },
  asked: { mark: '…', words: 'waiting for you' },
  failed: { mark: '✗', words: 'did not work' },
  skipped: { mark: '–', words: 'skipped' },
};

/** One replayed workflow step in words: what it did and how its element was found, and what it downloaded (as the agent's steps show theirs); the raw record behind "show details". */
export function ReplayStepLine({ event: e }: { event: ReplayStepEvent }) {
  const values = useReplayValues(e.runId);
  const details = useShowDetails();
  const how = strategyInWords(e.strategy, e.status === 'healed');
  // the step the replay waits at: its card below says why and what to do; the line does not say it twice
  const replay = useContext(ChatReplay);
  const below = (e.status === 'asked' || e.status === 'failed') && waitsBelow(replay, e.runId, e.index, e.seq);
  // red only for a stop that still stands: a question is not an error, and a step that went on after it stopped is history
  const last = useContext(LaterLinesContext).steps.get(stepKey(e.runId, e.index)) ?? e.seq;
  const stands = e.status === 'failed' && last <= e.seq;
  // a step that asked and then went on: its later line and the question's answer tell it; the "…" line is history
  if (e.status === 'asked' && last > e.seq && !below) return null;
  return (
    <>
      <li className={`ev replay small ${stands ? 'error' : ''}`} data-testid="replay-step" data-status={e.status} data-strategy={e.strategy ?? ''}>
        <span aria-hidden="true">{MARK[e.status].mark}</span>
        <span className="visually-hidden">{MARK[e.status].words}:</span> {e.index + 1}. {asSentence(replayInWords(e.intent, values))}
        {below ? (
          <span className="waiting" data-testid="replay-step-below">
            {' '}
            Asked below.
          </span>
        ) : (
          <StepNote how={how} message={e.message ? replayInWords(splitDetails(e.message).words, values) : ''} />
        )}
        {details && (
          <code className="el" data-testid="replay-step-raw">
            {e.intent}
            {e.strategy && ` · ${e.strategy}`}
            {e.message && ` · ${e.message}`}
          </code>
        )}
      </li>
      {!!e.downloads?.length && <DownloadLines downloads={e.downloads} />}
    </>
  );
}

/** How the step went, after its words: "(found on the changed page; it now reads “Log in”)", or why it stopped. */
function StepNote({ how, message }: { how: string; message: string }) {
  if (!how && !message) return null;
  if (!how) return <span className="muted"> {message}</span>;
  return <span className="muted"> ({[how, message].filter(Boolean).join('; ')})</span>;
}
