import { db } from '../../storage/db';

const ACTIVE = ['running', 'waiting', 'paused'];

/** Deletes a chat and everything stored with it, unless a task in it is still going on. */
export async function deleteChat(chatId: string): Promise<{ ok: boolean; message: string }> {
  const d = db();
  return d.transaction('rw', [d.chats, d.messages, d.runs, d.events, d.attachments], async () => {
    const runs = await d.runs.where('chatId').equals(chatId).toArray();
    if (runs.some((r) => ACTIVE.includes(r.status))) return { ok: false, message: 'A task in this chat is still going on: stop it first.' };
    await d.events.where('chatId').equals(chatId).delete();
    await d.messages.where('chatId').equals(chatId).delete();
    await d.runs.bulkDelete(runs.map((r) => r.runId));
    // the files of a task that ended on an error (kept for its Resume) go with its chat
    await d.attachments.where('runId').anyOf(runs.map((r) => r.runId)).delete();
    await d.chats.delete(chatId);
    return { ok: true, message: '' };
  });
}
