import { readRun } from './run-store';
import { db } from '../../storage/db';
import { dropSecrets } from '../secrets/sealed';
import { dropAttachments } from '../runs/attachments';
import type { RunKind } from '../runs/host';
import { eventSink } from './event-sink';
import { liveRun, type createRunner } from './runner';
import { abandon, settle } from './user-bridge';

/** Agent tasks as the run host sees them (src/background/runs/host.ts): stored in db.runs (kind 'agent'), driven by the runner. */
export function agentRunKind(runner: ReturnType<typeof createRunner>): RunKind {
  return {
    noun: 'task',
    again: 'ask again to start it anew',
    async interrupted() {
      const stored = await db().runs.where('status').anyOf('running', 'waiting').filter((r) => r.kind === 'agent').toArray();
      return stored.filter((r) => !liveRun(r.runId)).map((r) => ({ id: r.runId, tabId: r.tabId }));
    },
    continueInterrupted: async (runId) => void (await runner.resume(runId)),
    async endTabGone(runId, why) {
      const run = await readRun(runId);
      if (!run) return;
      const { record } = run;
      const seq = (run.state?.seq ?? 0) + 1;
      eventSink(record.chatId)({ type: 'error', runId, seq, time: Date.now(), kind: 'tab_closed', message: why.message, resumable: false });
      await Promise.all([db().runs.update(runId, { status: 'error', updatedAt: Date.now() }), dropSecrets(runId), dropAttachments(runId), abandon(runId)]);
    },
    async liveInTab(tabId) {
      const run = await db().runs.where('tabId').equals(tabId).filter((r) => r.kind === 'agent' && ['running', 'waiting', 'paused'].includes(r.status)).first();
      return run?.runId ?? null;
    },
    owns: async (runId) => (await db().runs.get(runId))?.kind === 'agent',
    pause: async (runId) => ({ ok: true, message: runner.pause(runId) }),
    resume: async (runId) => ({ ok: true, message: await runner.resume(runId) }),
    stop: async (runId) => ({ ok: true, message: await runner.stop(runId) }),
    confirm: async (runId, requestId, answer) =>
      (await settle(runId, 'confirm', answer, requestId))
        ? { ok: true, message: '' }
        : { ok: false, message: 'That confirmation is no longer pending (the task moved on or restarted); answer the latest one.' },
  };
}
