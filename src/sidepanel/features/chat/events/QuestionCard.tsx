import { useEffect, useRef, useState } from 'react';
import { send } from '../../../../platform/rpc';
import type { EventRecord } from '../../../../storage/db';

/** A question the agent asked, pinned above the composer until answered. */
export function QuestionCard({ event }: { event: Extract<EventRecord, { type: 'question' }> }) {
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div className="card question" data-testid="question" role="group" aria-label="The co-pilot asks">
      <div className="card-title">{event.question}</div>
      <form className="row" onSubmit={(e) => (e.preventDefault(), void send('agent.answer', { runId: event.runId, text }).catch(() => {}))}>
        <input ref={field} aria-label="Answer" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Answer</button>
      </form>
    </div>
  );
}
