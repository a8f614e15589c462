import { maskSecrets } from '../../agent';
import { db } from '../../storage/db';
import { liveRun } from './runner';

/**
 * A note the person types while a run works. It is kept in the chat at once (secrets masked, like
 * any message) and queued in the run, whose next plan reads it; the run does not stop for it.
 */
export async function addFollowUp(runId: string, text: string): Promise<{ ok: boolean; message: string }> {
  const handle = liveRun(runId);
  const record = await db().runs.get(runId);
  if (!handle || record?.kind !== 'agent' || ['done', 'failed', 'stopped', 'error'].includes(record.status)) {
    return { ok: false, message: 'That task is no longer running, so your note was not added. Send it again to start a new task.' };
  }
  const id = `note-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await db().messages.add({ chatId: record.chatId, role: 'user', text: maskSecrets(text), runId, at: Date.now(), followUpId: id });
  handle.control.followUps.add({ id, text });
  return { ok: true, message: 'Added: the co-pilot reads it before its next step.' };
}
