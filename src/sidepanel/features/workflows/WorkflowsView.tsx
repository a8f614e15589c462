import { useEffect, useRef, useState } from 'react';
import { readFiles } from '../chat/attach-files';
import { MAX_ATTACHMENT_BYTES } from '../../../shared/attachment';
import { send } from '../../../platform/rpc';
import { download } from '../../download';
import { Notice, useNotice } from '../../notice';
import type { TargetTab } from '../../use-target-tab';
import type { RunRequest } from './RunForm';
import { ReplayStatus } from './ReplayStatus';
import { ImportReview, type ReviewData } from './ImportReview';
import { useLatestReplay, useWorkflows } from './use-workflows';
import { ScheduleList } from './ScheduleList';
import { WorkflowItem, type WorkflowActions } from './WorkflowItem';

/** The workflow library: run with values, schedule, export, import (Chrome Recorder files too), delete; the tab's replay; the schedules. */
/** said when the replay went to its start page in a new tab, because this one showed another site (whose page is kept) */
const IN_NEW_TAB = 'This tab shows another site, so the workflow runs in a new tab at its start page; this page is left as it was.';

export function WorkflowsView({ tab }: { tab: TargetTab }) {
  const workflows = useWorkflows();
  /** the file's secret values the person chose for the first run: in this view's memory only, used once */
  const [firstRun, setFirstRun] = useState<{ id: string; values: Record<string, string> } | undefined>();
  const [review, setReview] = useState<{ text: string; filename: string; data: ReviewData } | undefined>();
  const { message, setMessage, said, actedAt, acted } = useViewNotice();
  const fail = (text: string) => setMessage({ kind: 'error', text });

  async function importFile(file: File) {
    acted();
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

  async function saveImport(text: string, filename: string, chosen: Record<string, string> = {}, trustEffects = false) {
    setReview(undefined);
    const r = await send('workflows.import', { text, filename, trustEffects }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (!r.ok) return setMessage({ kind: 'error', text: r.message });
    if (Object.keys(chosen).length) setFirstRun({ id: r.id, values: chosen });
    const from = r.kind === 'chrome-recorder' ? ' from a Chrome Recorder file' : '';
    // Steps that leave the workflow's site are shown now and asked about at every run.
    setMessage(r.warnings.length ? { kind: 'warning', text: `Imported “${r.name}”${from}. Check before running it: ${r.warnings.join(' ')} You will be asked before each such step.` } : { kind: 'ok', text: `Imported “${r.name}”${from}.` });
  }

  async function run(id: string, req: RunRequest) {
    setMessage(undefined);
    if (firstRun?.id === id) setFirstRun(undefined);
    const big = Object.values(req.files).find((f) => f.size > MAX_ATTACHMENT_BYTES);
    if (big) return (fail(`${big.name} is larger than 10 MB; choose a smaller file.`), false);
    const files = Object.fromEntries(await Promise.all(Object.entries(req.files).map(async ([name, f]) => [name, (await readFiles([f]))[0]!] as const)));
    const r = await send('replay.start', { workflowId: id, tabId: tab.tabId, newTab: req.newTab, values: req.values, stepMode: req.stepMode, files }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (!r.ok) fail(r.message);
    else if (r.opened === 'new') setMessage({ kind: 'ok', text: IN_NEW_TAB });
    return r.ok;
  }

  async function rename(id: string, name: string) {
    const r = await send('workflows.rename', { id, name }).catch((e: Error) => ({ ok: false, message: e.message }));
    if (!r.ok) return (fail(r.message || 'The name was not saved.'), false);
    setMessage({ kind: 'ok', text: `Renamed to “${name.trim()}”.` });
    return true;
  }

  async function exportAs(id: string, format: 'workflow' | 'chrome-recorder') {
    const r = await send('workflows.export', { id, format });
    if (!r.ok) return fail(r.message);
    download(r.filename, r.text);
    setMessage({ kind: 'ok', text: `Exported ${r.filename}.${r.warnings.length ? ' ' + r.warnings.join(' ') : ''}` });
  }

  async function remove(id: string, name: string) {
    const r = await send('workflows.delete', { id }).catch((e: Error) => ({ ok: false, message: e.message }));
    if (!r.ok) return fail(r.message || 'The workflow was not deleted.');
    // its schedules went with it: the answer says so
    setMessage({ kind: 'ok', text: `Deleted “${name}”.${r.message ? ` ${r.message}` : ''}` });
  }

  // each but Run is something else started here: the ended replay's card goes (a run shows its own)
  const actions: WorkflowActions = { run, rename: (id, name) => (acted(), rename(id, name)), exportAs: (id, format) => (acted(), void exportAs(id, format)), remove: (id, name) => (acted(), void remove(id, name)), message: (text) => (acted(), setMessage({ kind: 'ok', text })), opened: () => (acted(), setMessage(undefined)) };
  return (
    <section className="workflows">
      <LatestReplay tabId={tab.tabId} workflows={workflows} actedAt={actedAt} onMessage={(m) => setMessage({ kind: 'ok', text: m })} />
      <div ref={said}>
        <Notice notice={message} onDismiss={() => setMessage(undefined)} testId="workflows-message" />
      </div>
      <ScheduleList onMessage={(text, error) => setMessage({ kind: error ? 'error' : 'ok', text })} />
      <label className="import">
        Import workflow file (or a Chrome Recorder JSON)
        <input type="file" accept=".json,application/json" onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0]).finally(() => (e.target.value = ''))} />
      </label>
      {review && <ImportReview review={review.data} onSave={(values, trust) => void saveImport(review.text, review.filename, values, trust)} onCancel={() => setReview(undefined)} />}
      {workflows.length === 0 && <p className="muted">No saved workflows yet. Record a task to create one, or import a file.</p>}
      <ul className="workflow-list">
        {workflows.map((w) => (
          <WorkflowItem key={w.id} workflow={w} firstRun={firstRun?.id === w.id ? firstRun.values : undefined} actions={actions} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The view's notice, scrolled into view when it says something (the button pressed may be far below:
 * Save schedule), and when the person last started something here (a replay that had ended by then is old news).
 */
function useViewNotice() {
  const [message, setMessage] = useNotice();
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) said.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  const [actedAt, setActedAt] = useState(0);
  return { message, setMessage, said, actedAt, acted: () => setActedAt(Date.now()) };
}

const ENDED = new Set(['done', 'failed', 'stopped']);

/**
 * The tab's latest replay, until the person dismisses it once it has ended or starts something else
 * in this view after its end (an import, a schedule …); the next replay shows again.
 */
function LatestReplay({ tabId, workflows, actedAt, onMessage }: { tabId: number | undefined; workflows: { id: string; steps: unknown[] }[]; actedAt: number; onMessage: (m: string) => void }) {
  const replay = useLatestReplay(tabId);
  const [dismissed, setDismissed] = useState<string>();
  if (!replay || replay.replayId === dismissed) return null;
  if (ENDED.has(replay.status) && replay.updatedAt < actedAt) return null;
  const current = workflows.find((w) => w.id === replay.workflowId);
  return <ReplayStatus replay={replay} steps={current?.steps.length ?? replay.index} onMessage={onMessage} onDismiss={() => setDismissed(replay.replayId)} />;
}
