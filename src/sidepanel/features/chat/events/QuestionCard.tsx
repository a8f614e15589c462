import { useState } from 'react';
import { send } from '../../../../platform/rpc';
import type { EventRecord } from '../../../../storage/db';

export function QuestionCard({ event, open }: { event: Extract<EventRecord, { type: 'question' }>; open: boolean }) {
  const [text, setText] = useState('');
  return (
    <li className="ev question">
      <div>{event.question}</div>
      {event.answer !== undefined && <div className="small muted">You answered: {event.answer}</div>}
      {open && (
        <form className="row" onSubmit={(e) => (e.preventDefault(), void send('agent.answer', { runId: event.runId, text }).catch(() => {}))}>
          <input aria-label="Answer" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit">Answer</button>
        </form>
      )}
    </li>
  );
}
