import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { ConfirmAnswer } from '../../../shared/run-events';
import type { ReplayState } from '../../../workflows/replay/state';

/**
 * What a replay waits on from the person: the safety question of the step it stopped at (with the
 * tab's real host), and repairs it made that are kept in the workflow only if the person agrees.
 */
export function ReplayQuestions({ replay, onMessage }: { replay: ReplayState; onMessage: (m: string) => void }) {
  const [busy, setBusy] = useState(false);
  const request = replay.status === 'waiting' ? replay.confirm : undefined;
  const act = (p: Promise<{ ok: boolean; message: string }>) => {
    setBusy(true);
    p.then(
      (r) => r.message && onMessage(r.message),
      (e: Error) => onMessage(e.message),
    ).finally(() => setBusy(false));
  };
  const answer = (a: ConfirmAnswer) => act(send('replay.confirm', { replayId: replay.replayId, requestId: request!.id, answer: a }));
  const keep = (index: number, k: boolean) => act(send('replay.keepRepair', { replayId: replay.replayId, index, keep: k }));
  const canKeep = replay.status !== 'running';
  return (
    <>
      {request && (
        <div className={`ev confirm ${request.irreversible ? 'irreversible' : ''}`} data-testid="replay-confirm" data-category={request.category}>
          <div>
            <b>{request.irreversible ? 'This cannot be undone. ' : ''}Confirm:</b> {request.description}
          </div>
          <div className="small">
            on <b data-testid="replay-confirm-host">{hostOf(request.url)}</b>
          </div>
          {request.elementLine && <code className="el">{request.elementLine}</code>}
          <div className="small muted">{request.reason}</div>
          <div className="row">
            <button className="primary" disabled={busy} onClick={() => answer('once')}>
              Allow once
            </button>
            {request.rememberable && !request.irreversible && (
              <button disabled={busy} onClick={() => answer('run')}>
                Allow for this replay
              </button>
            )}
            <button disabled={busy} onClick={() => answer('refuse')}>
              Refuse
            </button>
          </div>
        </div>
      )}
      {replay.repairs.map((r) => (
        <div key={r.index} className="ev confirm" data-testid="replay-repair" data-index={r.index}>
          <div>
            Step {r.index + 1} was repaired: it now uses <code className="el">{r.line}</code>. Keep this for the next replays?
          </div>
          {canKeep && (
            <div className="row">
              <button disabled={busy} onClick={() => keep(r.index, true)}>
                Keep repair
              </button>
              <button disabled={busy} onClick={() => keep(r.index, false)}>
                Don’t keep
              </button>
            </div>
          )}
        </div>
      ))}
    </>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
