import { db } from '../../storage/db';
import type { RunKind } from '../runs/host';
import { endReplayPresence, LIVE } from './replay-presence';
import { answerConfirm, endReplayTabGone, interruptedReplays, pauseReplay, resumeInterruptedReplay, resumeReplay, stopReplay } from './replay-runner';

/** Replays as the run host sees them (src/background/runs/host.ts): stored in db.runs (kind 'replay'), driven by replay-runner.ts. */
export const replayRunKind: RunKind = {
  noun: 'replay',
  again: 'run it again',
  interrupted: interruptedReplays,
  continueInterrupted: resumeInterruptedReplay,
  endTabGone: endReplayTabGone,
  async liveInTab(tabId) {
    const replay = await db().runs.where('tabId').equals(tabId).filter((r) => r.kind === 'replay' && LIVE.includes(r.status)).first();
    return replay?.runId ?? null;
  },
  owns: async (replayId) => (await db().runs.get(replayId))?.kind === 'replay',
  pause: async (replayId) => pauseReplay(replayId),
  resume: resumeReplay,
  confirm: answerConfirm,
  async stop(replayId) {
    const stopped = await stopReplay(replayId);
    // Stop from the page's overlay: nothing of the replay is left drawn in its tab
    await endReplayPresence(replayId);
    return stopped;
  },
};
