import { db } from '../../storage/db';
import { endReplayPresence, LIVE } from './replay-presence';
import { stopReplay } from './replay-runner';

/** Stop pressed in a page's overlay while a replay, not an agent run, works in that tab. */
export async function stopReplayInTab(tabId: number): Promise<{ ok: boolean; message: string }> {
  const replay = await db().replays.where('status').anyOf(LIVE).filter((r) => r.tabId === tabId).first();
  if (!replay) return { ok: false, message: 'Nothing is running in this tab.' };
  const stopped = await stopReplay(replay.id);
  await endReplayPresence(replay.id);
  return stopped;
}
