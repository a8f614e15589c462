import type { EventRecord } from '../../../../storage/db';

const MARK = { done: '✓', failed: '✗', skipped: '–' } as const;

/** One item of an EACH step: its number, its name as the list shows it, and what came of it. */
export function ItemLine({ event: e }: { event: Extract<EventRecord, { type: 'item' }> }) {
  return (
    <li className={`ev plain small ${e.status === 'failed' ? 'error' : ''}`} data-testid="each-item" data-status={e.status}>
      {MARK[e.status]} {e.index + 1} of {e.total}: {e.name}
      <span className="muted"> · {e.status === 'skipped' ? `skipped (${e.summary})` : e.summary}</span>
    </li>
  );
}
