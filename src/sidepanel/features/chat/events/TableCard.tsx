import { useState } from 'react';
import type { EventRecord } from '../../../../storage/db';
import { toCsv, toJson, toTsv } from '../../../../shared/table';
import { asSentence } from '../../workflows/replay-words';
import { listInWords } from '../../../../shared/plain-words';
import { SHOWN_ROWS, TableGrid } from './TableGrid';
import { download } from '../../../download';
import { send } from '../../../../platform/rpc';
import { workflowFromTable } from '../../../../workflows/from-table';

type TableEvent = Extract<EventRecord, { type: 'table' }>;


const fileName = (title: string, ext: string) => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'table'}.${ext}`;

/** A table EXTRACT read off the page: its rows, what it could not fill or refused, and the ways to take it out. */
export function TableCard({ event }: { event: TableEvent }) {
  const { table } = event;
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState('');
  // rows that were table rows can be read again with no model: offered as a workflow
  const save = async () => {
    const workflow = workflowFromTable(table, { id: `wf-table-${Date.now().toString(36)}`, now: Date.now() });
    if (!workflow) return;
    const r = await send('workflows.save', { workflow }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    setSaved(r.ok ? `Saved as the workflow “${workflow.name}”.` : r.message);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(toTsv(table));
    setCopied(true);
  };
  return (
    <li className="ev result">
      <div className="card" data-testid="table-card" data-run-id={event.runId}>
        <div className="card-title" data-testid="table-title">
          {asSentence(table.title)}
        </div>
        <div className="muted small">
          {listInWords(table.columns.map((c) => c.name))} ({table.rows.length} rows, {table.pages} {table.pages === 1 ? 'page' : 'pages'})
        </div>
        <TableGrid table={table} choiceKey={`${event.runId}:${event.id ?? table.title}`} />
        {table.rows.length > SHOWN_ROWS && <div className="muted small">{table.rows.length - SHOWN_ROWS} more rows in the files.</div>}
        {table.unfilled.length > 0 && <div className="warn small" data-testid="table-unfilled">Could not fill: {table.unfilled.join(', ')} (not on the page)</div>}
        {table.refused.length > 0 && (
          <details className="small" data-testid="table-refused">
            <summary>Refused {table.refused.length} {table.refused.length === 1 ? 'row' : 'rows'} with values not on the page</summary>
            <ul>{table.refused.map((r) => <li key={r}>{r}</li>)}</ul>
          </details>
        )}
        <div className="actions row">
          <button type="button" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy (TSV)'}</button>
          <button type="button" onClick={() => download(fileName(table.title, 'csv'), toCsv(table), 'text/csv')}>Download CSV</button>
          <button type="button" onClick={() => download(fileName(table.title, 'json'), toJson(table))}>JSON</button>
          {table.recipe && !saved && <button type="button" onClick={() => void save()}>Save as workflow</button>}
        </div>
        {saved && <div className="muted small" role="status">{saved}</div>}
      </div>
    </li>
  );
}
