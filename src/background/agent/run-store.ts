import { RunState } from '../../agent/run-state';
import type { RunStore } from '../../agent/ports';
import { db } from '../../storage/db';

/** Runs persisted in IndexedDB after every step; a run that no longer parses is reported, not guessed at. */
export function indexedDbRunStore(tabId: number): RunStore {
  return {
    async save(run) {
      await db().runs.put({ runId: run.runId, chatId: run.chatId, tabId, status: run.status, state: run, updatedAt: Date.now() });
    },
    async load(runId) {
      const record = await db().runs.get(runId);
      if (!record) return undefined;
      const parsed = RunState.safeParse(record.state);
      if (!parsed.success) throw new Error(`The stored run ${runId} could not be read (${parsed.error.issues[0]?.message ?? 'invalid'}); start the task again.`);
      return parsed.data;
    },
  };
}
