import { useState } from 'react';
import { send } from '../../../platform/rpc';
import { download } from '../../download';
import { Notice, useNotice } from '../../notice';
import { MAX_IMPORT_CHARS, type ExportContents } from '../../../shared/messages/memory';
import { ExportWarning } from './ExportWarning';
import { useDemonstrations, type DemonstrationRow } from './use-demonstrations';
import { ModelDownload } from './ModelDownload';
import { DeleteButton } from '../../confirm-delete';

// how the example is summed up for the planner, when it is: an unlabelled one is used as its steps, which needs no word
const LABEL_TEXT: Record<string, string> = { pending: 'being summed up…' };

function Row({ d, onDelete }: { d: DemonstrationRow; onDelete: () => void }) {
  const label = d.labelState === 'labelled' ? `summed up in ${d.calls} plan step${d.calls === 1 ? '' : 's'}` : LABEL_TEXT[d.labelState];
  return (
    <li data-testid="demonstration" data-demonstration-id={d.id} data-label-state={d.labelState}>
      <div>
        <strong>{d.task}</strong>
      </div>
      <div className="muted small">
        {[`${d.site.replace(/:\d+$/, '')}`, `${d.steps} step${d.steps === 1 ? '' : 's'}`, label, d.embeddingModel && 'found by meaning'].filter(Boolean).join(' · ')}
      </div>
      <DeleteButton what={d.task} onDelete={onDelete} />
    </li>
  );
}

/**
 * The demonstrations the agent learns from (docs/memory.md): what is stored, whether its one
 * label call has answered, export and import of the demonstrations file, delete.
 */
export function MemoryView() {
  const demos = useDemonstrations();
  const [message, setMessage] = useNotice();
  const fail = (e: Error) => setMessage({ kind: 'error', text: e.message });
  // the file waits here until the person has read what it contains and said yes
  const [pending, setPending] = useState<{ filename: string; text: string; count: number; contents: ExportContents }>();

  async function importFile(file: File) {
    if (file.size > MAX_IMPORT_CHARS) {
      const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
      return setMessage({ kind: 'error', text: `“${file.name}” is ${mb(file.size)}; the largest demonstrations file this imports is ${mb(MAX_IMPORT_CHARS)}.` });
    }
    const r = await send('memory.import', { text: await file.text() }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    setMessage(r.ok ? { kind: 'ok', text: r.message } : { kind: 'error', text: r.message });
  }

  async function exportAll() {
    const r = await send('memory.export', {}).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (!r.ok) return setMessage({ kind: 'error', text: r.message });
    setMessage(undefined);
    setPending(r);
  }

  function confirmExport() {
    if (!pending) return;
    download(pending.filename, pending.text);
    setMessage({ kind: 'ok', text: `Exported ${pending.count} demonstration${pending.count === 1 ? '' : 's'} to ${pending.filename}.` });
    setPending(undefined);
  }

  return (
    <section className="memory" aria-label="Demonstrations">
      <h2>Demonstrations</h2>
      <p className="muted small">Tasks you recorded. The agent uses the most similar ones as examples.</p>
      <ModelDownload />
      <Notice notice={message} onDismiss={() => setMessage(undefined)} testId="memory-message" />
      <div className="row">
        <button type="button" onClick={() => void exportAll()} disabled={!demos?.length || pending !== undefined}>
          Export all
        </button>
        <label className="import">
          Import demonstrations file
          <input
            type="file"
            name="import-demonstrations"
            accept=".json,application/json"
            onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0]).finally(() => (e.target.value = ''))}
          />
        </label>
      </div>
      {pending && <ExportWarning contents={pending.contents} filename={pending.filename} onDownload={confirmExport} onCancel={() => setPending(undefined)} />}
      {demos && demos.length === 0 && <p className="muted">No demonstrations yet. Record a task, or import a file.</p>}
      <ul className="demonstration-list">
        {demos?.map((d) => (
          <Row key={d.id} d={d} onDelete={() => void send('memory.delete', { id: d.id }).catch(fail)} />
        ))}
      </ul>
    </section>
  );
}
