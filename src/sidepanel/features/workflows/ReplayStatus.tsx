import { send } from '../../../platform/rpc';
import type { ReplayState } from '../../../workflows/replay/state';
import { ReplayQuestions } from './ReplayQuestions';
import { replayInWords, splitDetails } from './replay-words';
import { cap } from '../../../workflows/text';

const WORDS: Record<ReplayState['status'], string> = {
  running: 'Replaying',
  paused: 'Paused',
  waiting: 'Needs you',
  done: 'Finished',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** The replay going on in this tab: where it is, and pause / step / retry / skip / stop. */
export function ReplayStatus({ replay, steps, onMessage, onDismiss }: { replay: ReplayState; steps: number; onMessage: (m: string) => void; onDismiss?: () => void }) {
  const said = (sent: Promise<{ message: string }>) =>
    sent.then(
      (r) => r.message && onMessage(r.message),
      (e: Error) => onMessage(e.message),
    );
  // pause, resume and stop are every run's (the worker finds the replay by its id); a step and a skip are a replay's own
  const call = (name: 'run.pause' | 'run.resume' | 'run.stop') => () => said(send(name, { runId: replay.replayId }));
  const own = (name: 'replay.step' | 'replay.skip') => () => said(send(name, { replayId: replay.replayId }));
  const s = replay.status;
  // a question's card says why it waits and its buttons are what goes on: no second message, no Retry beside them
  const asking = s === 'waiting' && !!replay.confirm;
  return (
    <div className={`replay-status ${s}`} data-testid="replay-status" data-status={s} data-index={replay.index} data-replay-id={replay.replayId}>
      <strong>
        {WORDS[s]} “{replay.name}”
      </strong>{' '}
      <span className="muted">
        {/* finished, its message says how many steps: the place it reached is no news */}
        {[s !== 'done' && `step ${Math.min(replay.index + 1, steps)} of ${steps}`, replay.modelCalls > 0 && `${replay.modelCalls} model call${replay.modelCalls > 1 ? 's' : ''}`].filter(Boolean).join(', ')}
      </span>
      {replay.message && !asking && <ReplayMessage replay={replay} />}
      {/* asking, Skip step and Stop sit with the card's answers, pinned where they are always in view */}
      <ReplayQuestions
        replay={replay}
        onMessage={onMessage}
        more={
          asking && (
            <div className="row replay-controls">
              <button onClick={own('replay.skip')}>Skip step</button>
              <button onClick={call('run.stop')}>Stop</button>
            </div>
          )
        }
      />
      {/* asking, its card holds the ways on (above); otherwise they are here */}
      {!asking && (
        <div className="row replay-controls">
          {s === 'running' && <button onClick={call('run.pause')}>Pause</button>}
          {s === 'paused' && <button onClick={call('run.resume')}>Resume</button>}
          {s === 'waiting' && <button onClick={call('run.resume')}>Retry step</button>}
          {(s === 'paused' || s === 'waiting') && <button onClick={own('replay.step')}>Run one step, then pause</button>}
          {s === 'waiting' && <button onClick={own('replay.skip')}>Skip step</button>}
          {(s === 'running' || s === 'paused' || s === 'waiting') && <button onClick={call('run.stop')}>Stop</button>}
          {/* an ended replay's words are news once: the person puts them away (a repair still asked about stays) */}
          {onDismiss && ['done', 'failed', 'stopped'].includes(s) && !replay.repairs.length && (
            <button className="link small" data-testid="replay-dismiss" onClick={onDismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Why the replay stopped, in words; the record's own reason behind "Details". */
function ReplayMessage({ replay }: { replay: ReplayState }) {
  const { words, details } = splitDetails(replay.message);
  const s = replay.status;
  return (
    <>
      <p className={s === 'waiting' || s === 'failed' ? 'error' : 'muted'} data-testid="replay-message">
        {/* under "Finished “name”", the end's words without the name again: "3 steps." */}
        {cap(replayInWords(s === 'done' ? words.replace(/^Replayed “[^”]*”: /, '') : words, replay.values))}
      </p>
      {details && (
        <details className="small muted" data-testid="replay-details">
          <summary>Details</summary>
          {details}
        </details>
      )}
    </>
  );
}
