import { useState, type ReactNode } from 'react';
import { send } from '../../../platform/rpc';
import type { ReplayState } from '../../../workflows/replay/state';
import { useShowDetails } from '../chat/timeline/show-details';
import { replayInWords } from './replay-words';
import { ConfirmCard } from '../chat/events/ConfirmCard';

/**
 * What a replay waits on from the person: the safety question of the step it stopped at (with the
 * tab's real host), and repairs it made that are kept in the workflow only if the person agrees.
 */
export function ReplayQuestions({ replay, onMessage, more }: { replay: ReplayState; onMessage: (m: string) => void; more?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const request = replay.status === 'waiting' ? replay.confirm : undefined;
  const keep = (index: number, k: boolean) => {
    setBusy(true);
    send('replay.keepRepair', { replayId: replay.replayId, index, keep: k })
      .then(
        (r) => r.message && onMessage(r.message),
        (e: Error) => onMessage(e.message),
      )
      .finally(() => setBusy(false));
  };
  const canKeep = replay.status !== 'running';
  const details = useShowDetails();
  const words = (t: string) => replayInWords(t, replay.values);
  return (
    <>
      {/* the chat's own card: a fix to how a question is put reaches a replay's too */}
      {request && <ConfirmCard key={request.id} request={request} who="replay" words={words} testId="replay-confirm" onMessage={onMessage} more={more} />}
      {replay.repairs.map((r) => (
        <RepairQuestion key={r.index} index={r.index} line={r.line} words={words} details={details} busy={busy} onKeep={canKeep ? (k) => keep(r.index, k) : undefined} />
      ))}
    </>
  );
}

/** A repair the replay made: kept in the workflow only if the person says so. */
function RepairQuestion({ index, line, words, details, busy, onKeep }: { index: number; line: string; words: (t: string) => string; details: boolean; busy: boolean; onKeep?: (keep: boolean) => void }) {
  return (
    <div className="ev confirm" data-testid="replay-repair" data-index={index}>
      <div>
        Step {index + 1} was repaired: it now uses {words(line)}. Keep this for the next replays?
        {details && <code className="el">{line}</code>}
      </div>
      {onKeep && (
        <div className="row">
          <button disabled={busy} onClick={() => onKeep(true)}>
            Keep repair
          </button>
          <button disabled={busy} onClick={() => onKeep(false)}>
            Don’t keep
          </button>
        </div>
      )}
    </div>
  );
}
