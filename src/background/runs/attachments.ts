import type { FilePayload } from '../../shared/attachment';
import { db } from '../../storage/db';

/**
 * The files a run was given, kept for that run only: a chat message's attachments (under the agent
 * run's id) or the files chosen in a workflow's Run form (under the replay's id). In IndexedDB, so a
 * worker restart or a Resume still has them; read when an upload action sends one to the page, and
 * deleted when the run ends. Never in a recording, a demonstration, an event or a prompt (those see
 * the name, type and size only).
 */
export async function keepAttachments(runId: string, files: FilePayload[]): Promise<void> {
  if (!files.length) return;
  const at = Date.now();
  await db().attachments.bulkAdd(files.map((f) => ({ runId, name: f.name, type: f.type, size: f.size, data: f.data, at })));
}

/** The run's file of that name (the last attached, if two share it). */
export async function readAttachment(runId: string, name: string): Promise<FilePayload | undefined> {
  const all = await db().attachments.where('runId').equals(runId).toArray();
  const found = all.filter((f) => f.name === name).at(-1);
  return found && { name: found.name, type: found.type, size: found.size, data: found.data };
}

export async function dropAttachments(runId: string): Promise<void> {
  await db().attachments.where('runId').equals(runId).delete();
}

const LIVE_RUN = ['running', 'waiting', 'paused', 'error'];
const LIVE_REPLAY = ['running', 'waiting', 'paused'];

/**
 * At the worker's start: the files of runs and replays that are over (ended while no worker could
 * drop them, deleted with their chat, pruned) are deleted. A task that stopped on an error keeps its
 * files for its Resume.
 */
export async function sweepAttachments(): Promise<number> {
  const owners = await db().attachments.orderBy('runId').uniqueKeys();
  if (!owners.length) return 0;
  const runs = await db().runs.where('runId').anyOf(owners as string[]).toArray();
  const live = new Set(runs.filter((r) => (r.kind === 'replay' ? LIVE_REPLAY : LIVE_RUN).includes(r.status)).map((r) => r.runId));
  const over = (owners as string[]).filter((id) => !live.has(id));
  return over.length ? db().attachments.where('runId').anyOf(over).delete() : 0;
}
