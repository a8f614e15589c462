import type { ChatMessageRecord, EventRecord, RunRecord } from '../../../storage/db';
import { EventItem } from './events/EventItem';
import { UsageSummary } from './events/UsageSummary';

type Entry = { at: number; key: string; message?: ChatMessageRecord; event?: EventRecord };

/** The person's messages and each run's events, in the order they happened. */
export function Timeline({ messages, events, runs }: { messages: ChatMessageRecord[]; events: EventRecord[]; runs: RunRecord[] }) {
  const entries: Entry[] = [
    // A run's closing message is already shown by its `done` event; it is stored for follow-up context.
    ...messages.filter((m) => m.role === 'user' || !m.runId).map((m) => ({ at: m.at, key: `m${m.id}`, message: m })),
    ...events.filter((e) => e.type !== 'usage').map((e) => ({ at: e.time, key: `e${e.id}`, event: e })),
  ].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
  const openQuestions = new Set(events.filter((e) => e.type === 'confirmation_answered').map((e) => (e.type === 'confirmation_answered' ? e.requestId : '')));
  // a hand-off the person finished is closed: its "I'm done" button goes away (keyed `handoff:<event id>`)
  const waitingHandoff = new Map<string, EventRecord>();
  for (const e of [...events].sort((a, b) => a.time - b.time || (a.id ?? 0) - (b.id ?? 0))) {
    if (e.type !== 'handoff') continue;
    if (e.phase === 'started') waitingHandoff.set(e.runId, e);
    else {
      const started = waitingHandoff.get(e.runId);
      if (started) openQuestions.add(`handoff:${started.id}`);
      waitingHandoff.delete(e.runId);
    }
  }
  const live = new Set(runs.filter((r) => ['running', 'paused', 'waiting'].includes(r.status)).map((r) => r.runId));
  if (entries.length === 0) return <p className="muted">Ask for a web task below. The co-pilot works in this tab; you can pause, stop or take over at any time.</p>;
  return (
    <ol className="timeline" data-testid="timeline">
      {entries.map((e) =>
        e.message ? (
          <li key={e.key} className={`msg ${e.message.role}`}>
            {e.message.text}
          </li>
        ) : (
          <EventItem key={e.key} event={e.event!} live={live.has(e.event!.runId)} answered={openQuestions} />
        ),
      )}
      <UsageSummary events={events} />
    </ol>
  );
}
