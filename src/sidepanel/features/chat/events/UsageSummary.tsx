import type { EventRecord } from '../../../../storage/db';

/** Calls, tokens and cost of the chat's latest run, from its last usage event. */
export function UsageSummary({ events }: { events: EventRecord[] }) {
  const last = [...events].reverse().find((e) => e.type === 'usage');
  if (!last || last.type !== 'usage') return null;
  const t = last.total;
  return (
    <li className="usage small muted" data-testid="usage">
      {t.calls} model calls · {t.inputTokens.toLocaleString()} in / {t.outputTokens.toLocaleString()} out tokens
      {t.costUsd !== null && ` · $${t.costUsd.toFixed(4)}`}
    </li>
  );
}
