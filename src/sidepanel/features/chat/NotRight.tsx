import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { send } from '../../../platform/rpc';
import { db, type EventRecord } from '../../../storage/db';
import { controlInWords, withoutSite } from './events/confirm-words';

/**
 * What the run did that cannot be undone, as the person allowed it: each irreversible question
 * (a payment, a send, a deletion) answered with an allow. Trying the task again would do it again.
 */
export function allowedForGood(events: EventRecord[]): string[] {
  const allowed = new Set(events.filter((e) => e.type === 'confirmation_answered' && e.answer !== 'refuse').map((e) => (e as Extract<EventRecord, { type: 'confirmation_answered' }>).requestId));
  return events.flatMap((e) => (e.type === 'confirmation_needed' && e.request.irreversible && allowed.has(e.request.id) ? [controlInWords(withoutSite(e.request.description, e.request.host))] : []));
}

/** "That's not right": the person's note goes to reflection, and the run tries again. */
export function NotRight({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const events = useLiveQuery(() => (open ? db().events.where('runId').equals(runId).toArray() : []), [runId, open]);
  if (!open) {
    return (
      <div className="row">
        <button className="small-button" onClick={() => setOpen(true)}>
          That's not right
        </button>
      </div>
    );
  }
  const done = allowedForGood(events ?? []);
  const retry = async () => {
    setProblem(undefined);
    const r = await send('agent.wrong', { runId, note: note.trim() }).catch((err: Error) => ({ ok: false, message: err.message }));
    if (!r.ok) setProblem(r.message || 'The task could not be tried again.');
  };
  return (
    <form className="not-right" onSubmit={(ev) => (ev.preventDefault(), void retry())}>
      {done.length > 0 && (
        <p className="warn small" data-testid="not-right-done">
          Already done, and it cannot be undone: {done.join('; ')}. Trying again may do it again; you are asked first each time.
        </p>
      )}
      <label>
        What is wrong? <span className="muted small">(optional)</span>
        {/* the note field is new and what the person came to type in */}
        <textarea value={note} rows={2} autoFocus onChange={(ev) => setNote(ev.target.value)} />
      </label>
      <div className="row">
        <button type="submit" className="primary">
          Try again
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {problem && <div className="error small">{problem}</div>}
    </form>
  );
}
