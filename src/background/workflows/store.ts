import type { Workflow } from '../../shared/workflow';
import { validateWorkflow } from '../../workflows/file';
import { db } from '../../storage/db';

/** Workflows in IndexedDB; every read is checked, so a damaged record is reported, not replayed. */
export async function loadWorkflow(id: string): Promise<Workflow | undefined> {
  const record = await db().workflows.get(id);
  if (!record) return undefined;
  const r = validateWorkflow(record.data);
  if (!r.ok) throw new Error(`The stored workflow "${record.name}" cannot be read: ${r.message}`);
  return r.workflow;
}

export async function putWorkflow(w: Workflow): Promise<void> {
  await db().workflows.put({ id: w.id, name: w.name, site: w.site, updatedAt: w.updatedAt, data: w });
}

/** Every saved workflow, newest first; `site`: only that site's (by its index, not read and dropped). */
export async function listWorkflows(site?: string): Promise<Workflow[]> {
  const records = site === undefined ? await db().workflows.orderBy('updatedAt').reverse().toArray() : (await db().workflows.where('site').equals(site).sortBy('updatedAt')).reverse();
  return records.flatMap((r) => {
    const v = validateWorkflow(r.data);
    return v.ok ? [v.workflow] : [];
  });
}

export const newWorkflowId = () => `wf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
