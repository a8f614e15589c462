import { RunState } from '../../agent/run-state';
import type { RunStore } from '../../agent/ports';
import { db, type RunRecord } from '../../storage/db';

/** Runs persisted in IndexedDB after every step; a run that no longer parses is reported, not guessed at. */
export function indexedDbRunStore(tabId: number): RunStore {
  return {
    async save(run) {
      await db().runs.put({ runId: run.runId, kind: 'agent', chatId: run.chatId, tabId, status: run.status, state: run, updatedAt: Date.now() });
    },
    async load(runId) {
      const record = await db().runs.get(runId);
      if (record?.kind !== 'agent') return undefined;
      const parsed = RunState.safeParse(record.state);
      if (!parsed.success) throw new Error(`The stored run ${runId} could not be read (${parsed.error.issues[0]?.message ?? 'invalid'}); start the task again.`);
      return parsed.data;
    },
  };
}

/**
 * A stored run with its state read by the run's schema: the one place outside the agent's own
 * store that reads `state` (undefined when it does not parse, which is reported once here).
 */
export async function readRun(runId: string): Promise<{ record: RunRecord; state: RunState | undefined } | undefined> {
  const record = await db().runs.get(runId).catch(() => undefined);
  if (record?.kind !== 'agent') return undefined;
  const parsed = RunState.safeParse(record.state);
  if (!parsed.success) console.error(`run ${runId}: its stored state does not parse`, parsed.error.issues.slice(0, 3));
  return { record, state: parsed.success ? parsed.data : undefined };
}

/** A run not going on in this worker, stored as stopped (its state says so too, when it reads). */
export async function storeStopped(runId: string): Promise<void> {
  const run = await readRun(runId);
  if (!run) return;
  await db().runs.update(runId, { status: 'stopped', updatedAt: Date.now(), ...(run.state ? { state: { ...run.state, status: 'stopped' } } : {}) });
}
