import type { EventRecord } from '../../../storage/db';
import { elapsed, useNow } from './sign-of-life';

/** The run's latest page wait, if it has not answered yet. */
export function openPageWait(events: EventRecord[], runId: string | undefined): EventRecord | undefined {
  if (!runId) return undefined;
  const last = events.filter((e) => e.runId === runId && e.type === 'page_wait').sort((a, b) => a.seq - b.seq || (a.id ?? 0) - (b.id ?? 0)).at(-1);
  return last?.type === 'page_wait' && last.waiting ? last : undefined;
}

/**
 * "Waiting for the page…" at the foot of the timeline while the run's next page has not answered
 * (it is still loading), with how long; it goes as soon as the page answers.
 */
export function PageWait({ events, runId }: { events: EventRecord[]; runId: string | undefined }) {
  const wait = openPageWait(events, runId);
  const now = useNow(!!wait);
  if (!wait) return null;
  return (
    <p className="page-wait small" role="status" data-testid="page-wait">
      Waiting for the page to load… <span className="muted">{elapsed(Math.max(0, now - wait.time))}</span>
    </p>
  );
}
