import { useEffect, useRef } from 'react';
import { send } from '../../../../platform/rpc';
import type { EventRecord } from '../../../../storage/db';

/** The gate's reason as a sentence: it is written to follow "Your turn: ". */
const asSentence = (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;

/** The person's turn in the tab (a secret field, a sign-in, a code), pinned above the composer. */
export function HandoffCard({ event }: { event: Extract<EventRecord, { type: 'handoff' }> }) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="card handoff" data-testid="handoff" role="group" aria-label="Your turn">
      <div className="card-title">Your turn in the page</div>
      <div>{asSentence(event.reason)}</div>
      <div className="row">
        <button ref={done} className="primary" onClick={() => void send('agent.handoffDone', { runId: event.runId }).catch(() => {})}>
          I'm done, continue
        </button>
      </div>
    </div>
  );
}
