import type { RunHandle, RunState } from '../../agent';
import { db } from '../../storage/db';

/**
 * A run resumed after a worker restart: notes the person added that its state has not taken in
 * yet (they were queued in the stopped worker's memory) are queued again, from the chat.
 */
export async function requeueFollowUps(handle: RunHandle, chatId: string, state: RunState | undefined): Promise<void> {
  const taken = (state?.followUps ?? []).map((n) => n.id);
  const notes = await db().messages.where('[chatId+at]').between([chatId, 0], [chatId, Infinity]).toArray();
  for (const m of notes) {
    if (m.runId === handle.runId && m.followUpId && !taken.includes(m.followUpId)) handle.control.followUps.add({ id: m.followUpId, text: m.text });
  }
}
