import type { EventRecord } from '../../../../storage/db';

/** Calls, tokens and cost of the chat's latest run, from its last usage event (a detail, hidden unless asked for). */
export function UsageSummary({ events, hidden }: { events: EventRecord[]; hidden?: boolean }) {
  const last = [...events].reverse().find((e) => e.type === 'usage');
  if (!last || last.type !== 'usage') return null;
  const t = last.total;
  return (
    <li className="usage small muted" data-testid="usage" hidden={hidden}>
      {t.calls} model calls · {t.inputTokens.toLocaleString()} in / {t.outputTokens.toLocaleString()} out tokens
      {t.costUsd !== null && ` · $${t.costUsd.toFixed(4)}`}
    </li>
  );
}
