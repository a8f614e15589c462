import { useLiveQuery } from 'dexie-react-hooks';
import { db, type EventRecord } from '../../../../storage/db';

/**
 * For a run whose answer is a table: the way from its result card to the table's top, which the
 * timeline (following its newest line) shows only the end of.
 */
export function ShowTable({ runId }: { runId: string }) {
  const table = useLiveQuery(() => db().events.where('runId').equals(runId).filter((e) => e.type === 'table').last(), [runId]) as Extract<EventRecord, { type: 'table' }> | undefined;
  if (!table) return null;
  const show = () => document.querySelector(`[data-testid=table-card][data-run-id="${CSS.escape(runId)}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  return (
    <button type="button" className="link show-table" onClick={show}>
      Show the table ({table.table.rows.length} rows)
    </button>
  );
}
