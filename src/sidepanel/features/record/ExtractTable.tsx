import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { LiveRecording } from './use-recording';

import type { Message } from './record-message';

const failed = (e: unknown) => ({ ok: false as const, message: e instanceof Error ? e.message : String(e) });

/**
 * "Extract a table here": the recording ends with reading the table the page shows now (the
 * columns its header names, all when none are given, and its next pages through a control the
 * person names), so the workflow's replay returns that table with no model call.
 */
export function ExtractTable({ recording, onDone }: { recording: LiveRecording; onDone: (m: Message | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const [columns, setColumns] = useState('');
  const [next, setNext] = useState('');
  const [pages, setPages] = useState('3');
  const [busy, setBusy] = useState(false);
  if (recording.data.extract) return null;
  if (!open) {
    return (
      <button type="button" className="extract-here" data-testid="record-extract" onClick={() => setOpen(true)}>
        Extract a table here
      </button>
    );
  }

  async function add() {
    setBusy(true);
    onDone(undefined);
    const maxPages = Math.min(50, Math.max(1, Math.round(Number(pages)) || 1));
    const r = await send('recording.extract', { recordingId: recording.id, columns, next, maxPages, remove: false }).catch(failed);
    setBusy(false);
    if (!r.ok) return onDone({ kind: 'error', text: r.message });
    setOpen(false);
    onDone({ kind: 'ok', text: `The workflow will end by reading ${r.columns.join(', ')} (${r.rows} row${r.rows === 1 ? '' : 's'} on this page).` });
  }

  return (
    <fieldset className="extract-form" data-testid="extract-form">
      <legend>Extract the table this page shows</legend>
      <label>
        Columns (optional)
        <input data-testid="extract-columns" value={columns} maxLength={1000} placeholder="all of them, or e.g. Product, Price" onChange={(e) => setColumns(e.target.value)} />
      </label>
      <label>
        Next-page link or button (optional)
        <input data-testid="extract-next" value={next} maxLength={200} placeholder="e.g. Next" onChange={(e) => setNext(e.target.value)} />
      </label>
      {next.trim() && (
        <label>
          Pages, at most
          <input data-testid="extract-pages" type="number" min={1} max={50} value={pages} onChange={(e) => setPages(e.target.value)} />
        </label>
      )}
      <div className="row">
        <button type="button" className="primary" data-testid="extract-add" disabled={busy} onClick={() => void add()}>
          Add
        </button>
        <button type="button" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** The marked table as the recording's last line, with Delete. */
export function ExtractLine({ recording, busy, onDone }: { recording: LiveRecording; busy: boolean; onDone: (m: Message | undefined) => void }) {
  const e = recording.data.extract;
  if (!e) return null;
  const { columns, maxPages, recipe } = e.action;
  const pages = recipe.next ? `, up to ${maxPages} page${maxPages === 1 ? '' : 's'} through “${recipe.next}”` : '';
  async function remove() {
    const r = await send('recording.extract', { recordingId: recording.id, columns: '', next: '', maxPages: 1, remove: true }).catch(failed);
    if (!r.ok) onDone({ kind: 'error', text: r.message });
  }
  return (
    <li data-testid="record-step" data-kind="extract">
      <span title={columns.map((c) => c.name).join(', ')}>
        Extract {columns.map((c) => c.name).join(', ')} ({e.rows} rows here{pages})
      </span>
      <button className="link" aria-label="Delete the table step" data-testid="delete-step" disabled={busy} onClick={() => void remove()}>
        Delete
      </button>
    </li>
  );
}
