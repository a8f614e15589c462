import { useState } from 'react';
import { send } from '../../../platform/rpc';
import { download } from '../../download';
import type { TargetTab } from '../../use-target-tab';
import { RunForm, type RunRequest } from './RunForm';
import { ReplayStatus } from './ReplayStatus';
import { ImportReview, type ReviewData } from './ImportReview';
import { useLatestReplay, useWorkflows } from './use-workflows';
import { DeleteButton } from '../../confirm-delete';

/** The workflow library: run with values, export, import (Chrome Recorder files too), delete; the tab's replay. */
export function WorkflowsView({ tab }: { tab: TargetTab }) {
  const workflows = useWorkflows();
  const replay = useLatestReplay(tab.tabId);
  const [running, setRunning] = useState<string | undefined>();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | undefined>();
  /** the file's secret values the person chose for the first run: in this view's memory only, used once */
  const [firstRun, setFirstRun] = useState<{ id: string; values: Record<string, string> } | undefined>();
  const [review, setReview] = useState<{ text: string; filename: string; data: ReviewData } | undefined>();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error' | 'warning'; text: string } | undefined>();
  const fail = (text: string) => setMessage({ kind: 'error', text });

  async function importFile(file: File) {
    setReview(undefined);
    if (file.size > 5_000_000) return setMessage({ kind: 'error', text: `The file is ${(file.size / 1e6).toFixed(0)} MB; a workflow or a Chrome Recorder flow is a small JSON file. Nothing was imported.` });
    const text = await file.text();
    const r = await send('workflows.import', { text, filename: file.name, preview: true }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (!r.ok) return setMessage({ kind: 'error', text: r.message });
    // A flow recorded elsewhere is shown in words before it is saved.
    if (r.kind === 'chrome-recorder' && r.review) {
      setMessage(undefined);
      return setReview({ text, filename: file.name, data: { name: r.name, ...r.review, fileSecrets: r.fileSecrets ?? [] } });
    }
    await saveImport(text, file.name);
  }

  async function saveImport(text: string, filename: string, chosen: Record<string, string> = {}) {
    setReview(undefined);
    const r = await send('workflows.import', { text, filename }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (!r.ok) return setMessage({ kind: 'error', text: r.message });
    if (Object.keys(chosen).length) setFirstRun({ id: r.id, values: chosen });
    const from = r.kind === 'chrome-recorder' ? ' from a Chrome Recorder file' : '';
    // Steps that leave the workflow's site are shown now and asked about at every run.
    if (r.warnings.length) setMessage({ kind: 'warning', text: `Imported “${r.name}”${from}. Check before running it: ${r.warnings.join(' ')} You will be asked before each such step.` });
    else setMessage({ kind: 'ok', text: `Imported “${r.name}”${from}.` });
  }

  async function run(id: string, req: RunRequest) {
    setMessage(undefined);
    if (firstRun?.id === id) setFirstRun(undefined);
    const r = await send('replay.start', { workflowId: id, tabId: tab.tabId, newTab: req.newTab, values: req.values, stepMode: req.stepMode }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (r.ok) setRunning(undefined);
    else fail(r.message);
  }

  async function rename(id: string, name: string) {
    const r = await send('workflows.rename', { id, name }).catch((e: Error) => ({ ok: false, message: e.message }));
    if (!r.ok) return fail(r.message || 'The name was not saved.');
    setRenaming(undefined);
    setMessage({ kind: 'ok', text: `Renamed to “${name.trim()}”.` });
  }

  async function exportAs(id: string, format: 'workflow' | 'chrome-recorder') {
    const r = await send('workflows.export', { id, format });
    if (!r.ok) return fail(r.message);
    download(r.filename, r.text);
    setMessage({ kind: 'ok', text: `Exported ${r.filename}.${r.warnings.length ? ' ' + r.warnings.join(' ') : ''}` });
  }

  const current = replay && workflows.find((w) => w.id === replay.workflowId);
  return (
    <section className="workflows">
      {replay && <ReplayStatus replay={replay} steps={current?.steps.length ?? replay.index} onMessage={(m) => setMessage({ kind: 'ok', text: m })} />}
      {message && (
        <p role={message.kind === 'ok' ? 'status' : 'alert'} className={message.kind === 'ok' ? 'muted' : 'error'} data-testid="workflows-message" data-kind={message.kind}>
          {message.text}
        </p>
      )}
      <label className="import">
        Import workflow file (or a Chrome Recorder JSON)
        <input type="file" accept=".json,application/json" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0]).finally(() => (e.target.value = ''))} />
      </label>
      {review && <ImportReview review={review.data} onSave={(values) => void saveImport(review.text, review.filename, values)} onCancel={() => setReview(undefined)} />}
      {workflows.length === 0 && <p className="muted">No saved workflows yet. Record a task to create one, or import a file.</p>}
      <ul className="workflow-list">
        {workflows.map((w) => (
          <li key={w.id} data-testid="workflow" data-workflow-id={w.id}>
            <div>
              <strong>{w.name}</strong> <span className="muted">{w.site} · {w.steps.length} steps</span>
            </div>
            {renaming?.id === w.id ? (
              <form
                className="row"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (renaming.name.trim()) void rename(w.id, renaming.name);
                }}
              >
                <input aria-label="New name" value={renaming.name} maxLength={200} onChange={(e) => setRenaming({ id: w.id, name: e.target.value })} autoFocus />
                <button type="submit" className="primary" disabled={!renaming.name.trim()}>
                  Save name
                </button>
                <button type="button" onClick={() => setRenaming(undefined)}>
                  Cancel
                </button>
              </form>
            ) : running === w.id ? (
              <RunForm workflow={w} initial={firstRun?.id === w.id ? firstRun.values : undefined} onRun={(req) => void run(w.id, req)} onCancel={() => setRunning(undefined)} />
            ) : (
              <div className="row">
                <button className="primary" onClick={() => setRunning(w.id)}>
                  Run
                </button>
                <button onClick={() => setRenaming({ id: w.id, name: w.name })}>Rename</button>
                <button onClick={() => void exportAs(w.id, 'workflow')}>Export</button>
                <button onClick={() => void exportAs(w.id, 'chrome-recorder')}>Export for Chrome Recorder</button>
                <DeleteButton what={w.name} onDelete={() => void send('workflows.delete', { id: w.id }).catch((e: Error) => fail(e.message))} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
