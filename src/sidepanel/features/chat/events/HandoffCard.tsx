import { send } from '../../../../platform/rpc';
import type { EventRecord } from '../../../../storage/db';

export function HandoffCard({ event, open }: { event: Extract<EventRecord, { type: 'handoff' }>; open: boolean }) {
  if (event.phase === 'finished') return <li className="ev muted small">You finished; the co-pilot continues.</li>;
  return (
    <li className="ev handoff" data-testid="handoff">
      <div>Your turn: {event.reason}</div>
      {open && (
        <button className="primary" onClick={() => void send('agent.handoffDone', { runId: event.runId }).catch(() => {})}>
          I'm done, continue
        </button>
      )}
    </li>
  );
}
