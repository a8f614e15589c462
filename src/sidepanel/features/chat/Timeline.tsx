import type { ChatMessageRecord, EventRecord, RunRecord } from '../../../storage/db';
import { EventItem } from './events/EventItem';
import { UsageSummary } from './events/UsageSummary';
import { gateStates, LIVE_STATUSES, type Waiting } from './waiting';

type Entry = { at: number; key: string; message?: ChatMessageRecord; event?: EventRecord };

/**
 * The person's messages and each run's events, in the order they happened. The ending that is
 * pinned below (the latest run's result or its resumable error) is not repeated here.
 */
export function Timeline({ messages, events, runs, waiting }: { messages: ChatMessageRecord[]; events: EventRecord[]; runs: RunRecord[]; waiting?: Waiting }) {
  const movedToDock = waiting && (waiting.kind === 'final' || waiting.kind === 'resume') ? waiting.key : undefined;
  const entries: Entry[] = [
    // A run's closing message is already shown by its `done` event; it is stored for follow-up context.
    ...messages.filter((m) => m.role === 'user' || !m.runId).map((m) => ({ at: m.at, key: `m${m.id}`, message: m })),
    ...events.filter((e) => e.type !== 'usage').map((e) => ({ at: e.time, key: `e${e.id}`, event: e })),
  ]
    .filter((e) => e.key !== movedToDock)
    .sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
  const gates = gateStates(events);
  const live = new Set(runs.filter((r) => LIVE_STATUSES.includes(r.status)).map((r) => r.runId));
  if (entries.length === 0) return <p className="muted">Ask for a web task below. The co-pilot works in this tab; you can pause, stop or take over at any time.</p>;
  return (
    // new lines are read out as they come: the run's progress, for a person who cannot see it
    <ol className="timeline" data-testid="timeline" aria-live="polite" aria-relevant="additions">
      {entries.map((e) =>
        e.message ? (
          <li key={e.key} className={`msg ${e.message.role}`}>
            {e.message.text}
          </li>
        ) : (
          <EventItem key={e.key} event={e.event!} live={live.has(e.event!.runId)} pinned={waiting?.key === e.key} gate={gates.get(e.key)} />
        ),
      )}
      <UsageSummary events={events} />
    </ol>
  );
}
