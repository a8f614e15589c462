import type { HandlerMap } from '../../shared/protocol-core';
import type { workflowsMessages } from '../../shared/messages/workflows';
import { chromeRecordingFromWorkflow } from '../../workflows/chrome-recorder/export';
import { reviewOf } from '../../workflows/chrome-recorder/review';
import { parseWorkflowFile, validateWorkflow, workflowFileText } from '../../workflows/file';
import { slug } from '../../workflows/text';
import { db } from '../../storage/db';
import { removeSchedulesOf } from '../schedules/handlers';
import { listSchedules } from '../schedules/store';
import { listWorkflows, loadWorkflow, newWorkflowId, putWorkflow } from './store';
import { keepRepair, skipStep, stepReplay } from './replay-runner';
import { startReplay } from './replay-start';

type PanelHandlers = Partial<HandlerMap<typeof workflowsMessages>>;

/** Saved workflows: library, import/export, replay. */
export function workflowsHandlers(): PanelHandlers {
  return {
    'workflows.list': async () =>
      (await listWorkflows()).map((w) => ({ id: w.id, name: w.name, site: w.site, steps: w.steps.length, source: w.source.kind, updatedAt: w.updatedAt, variables: w.variables })),
    'workflows.get': async ({ id }) => (await loadWorkflow(id)) ?? null,
    'workflows.save': async ({ workflow }) => {
      const r = validateWorkflow(workflow);
      if (!r.ok) return r;
      await putWorkflow({ ...r.workflow, updatedAt: Date.now() });
      return { ok: true, id: r.workflow.id };
    },
    'workflows.rename': async ({ id, name }) => {
      const w = await loadWorkflow(id);
      if (!w) return { ok: false, message: 'That workflow is not stored any more.' };
      await putWorkflow({ ...w, name, updatedAt: Date.now() });
      return { ok: true, message: '' };
    },
    'workflows.delete': async ({ id }) => {
      await db().workflows.delete(id);
      // a schedule of a deleted workflow could never run again: it goes too, and the person is told
      return { ok: true, message: await removeSchedulesOf(id, await listSchedules()) };
    },
    'workflows.export': async ({ id, format, values }) => {
      const w = await loadWorkflow(id);
      if (!w) return { ok: false, message: 'That workflow is not stored any more.' };
      const base = slug(w.name, 'workflow').replace(/_/g, '-');
      if (format === 'workflow') return { ok: true, filename: `${base}.workflow.json`, text: workflowFileText(w), warnings: [] };
      const r = chromeRecordingFromWorkflow(w, { values });
      return r.ok ? { ok: true, filename: `${base}.recording.json`, text: r.text, warnings: r.warnings } : r;
    },
    'workflows.import': async ({ text, preview, trustEffects }) => {
      const r = parseWorkflowFile(text, { id: newWorkflowId(), now: Date.now() });
      if (!r.ok) return r;
      // trust is given at the review, which only a Chrome Recorder file gets
      const trusted = trustEffects && r.kind === 'chrome-recorder';
      if (!preview) await putWorkflow(trusted ? { ...r.workflow, source: { ...r.workflow.source, trusted: true } } : r.workflow);
      const review = reviewOf(r.workflow, r.notes, r.warnings);
      // the file's secret values go back only to the panel that read the file, and only in preview
      const fileSecrets = preview ? r.workflow.variables.filter((v) => v.secret && r.literals?.[v.name]).map((v) => ({ name: v.name, label: v.label, value: r.literals![v.name]! })) : undefined;
      return { ok: true, id: r.workflow.id, name: r.workflow.name, kind: r.kind, warnings: r.warnings, stored: !preview, review, fileSecrets };
    },
    'replay.start': (p) => startReplay(p),
    'replay.step': ({ replayId }) => stepReplay(replayId),
    'replay.skip': ({ replayId }) => skipStep(replayId),
    'replay.keepRepair': ({ replayId, index, keep }) => keepRepair(replayId, index, keep),
  };
}
