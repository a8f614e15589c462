import type { EventRecord } from '../../../../storage/db';

type ReplayStepEvent = Extract<EventRecord, { type: 'replay_step' }>;

const MARK: Record<ReplayStepEvent['status'], string> = { done: '✓', healed: '✚', asked: '?', failed: '✗', skipped: '–' };

/** One replayed workflow step: what it did and how its element was found. */
export function ReplayStepLine({ event: e }: { event: ReplayStepEvent }) {
  const how = e.strategy ? (e.status === 'healed' ? `healed by ${e.strategy}` : `found by ${e.strategy}`) : '';
  return (
    <li className={`ev replay small ${e.status === 'failed' || e.status === 'asked' ? 'error' : ''}`} data-testid="replay-step" data-status={e.status} data-strategy={e.strategy ?? ''}>
      {MARK[e.status]} {e.index + 1}. {e.intent}
      {how && <span className="muted"> ({how})</span>}
      {e.message && <span className="muted"> {e.message}</span>}
    </li>
  );
}
