import { describe, expect, it } from 'vitest';
import { runHost, tabGone, type RunKind, type TabGone } from '../../../src/background/runs/host';

/** A kind of run kept in memory: what the host asked of it is recorded. */
function kind(noun: string, runs: { id: string; tabId: number; live?: boolean }[]) {
  const did: string[] = [];
  const k: RunKind = {
    noun,
    again: `start the ${noun} again`,
    interrupted: async () => runs.filter((r) => r.live).map(({ id, tabId }) => ({ id, tabId })),
    continueInterrupted: async (id) => void did.push(`resume ${id}`),
    owns: async (id) => runs.some((r) => r.id === id),
    pause: async (id) => (did.push(`pause ${id}`), { ok: true, message: '' }),
    resume: async (id) => (did.push(`go on ${id}`), { ok: true, message: '' }),
    confirm: async (id, requestId, answer) => (did.push(`answer ${id} ${requestId} ${answer}`), { ok: true, message: '' }),
    endTabGone: async (id: string, why: TabGone) => void did.push(`end ${id}: ${why.message}`),
    liveInTab: async (tabId) => runs.find((r) => r.live && r.tabId === tabId)?.id ?? null,
    stop: async (id) => (did.push(`stop ${id}`), { ok: true, message: 'Stopping.' }),
  };
  return { k, did };
}

describe('the run host (src/background/runs/host.ts)', () => {
  it("stops whichever run works in the overlay's tab, whatever its kind", async () => {
    const task = kind('task', [{ id: 't1', tabId: 1, live: true }]);
    const replay = kind('replay', [{ id: 'r2', tabId: 2, live: true }]);
    const host = runHost([task.k, replay.k], { continues: async () => true, tabExists: async () => true });
    expect(await host.stopInTab(2)).toEqual({ ok: true, message: 'Stopping.' });
    expect(replay.did).toEqual(['stop r2']);
    expect(task.did).toEqual([]);
    expect(await host.stopInTab(3)).toEqual({ ok: false, message: 'Nothing is running in this tab.' });
  });

  it("sends the person's pause, resume, stop and answer to whichever kind has the run, and says so of an unknown id", async () => {
    const task = kind('task', [{ id: 't1', tabId: 1 }]);
    const replay = kind('replay', [{ id: 'r2', tabId: 2 }]);
    const host = runHost([task.k, replay.k], { continues: async () => true, tabExists: async () => true });
    await host.pause('r2');
    await host.resume('t1');
    await host.confirm('r2', 'q1', 'once');
    await host.stop('t1');
    expect(task.did).toEqual(['go on t1', 'stop t1']);
    expect(replay.did).toEqual(['pause r2', 'answer r2 q1 once']);
    expect(await host.stop('nobody')).toEqual({ ok: false, message: 'That run is not stored any more.' });
  });

  it('resumes every kind in the same way, and ends a run whose tab is gone with the same words', async () => {
    const task = kind('task', [{ id: 't1', tabId: 1, live: true }, { id: 't9', tabId: 9, live: true }, { id: 'old', tabId: 1 }]);
    const replay = kind('replay', [{ id: 'r2', tabId: 2, live: true }, { id: 'r9', tabId: 9, live: true }]);
    const host = runHost([task.k, replay.k], { continues: async () => true, tabExists: async (id) => id !== 9 });
    await host.resumeInterrupted();
    expect(task.did).toEqual(['resume t1', 'end t9: The tab this task was running in was closed, so the task ended.']);
    expect(replay.did).toEqual(['resume r2', 'end r9: The tab this replay was running in was closed, so the replay ended.']);
  });

  it('after a browser restart nothing resumes, even where a tab has the old id', async () => {
    const replay = kind('replay', [{ id: 'r2', tabId: 2, live: true }]);
    await runHost([replay.k], { continues: async () => false, tabExists: async () => true }).resumeInterrupted();
    expect(replay.did).toEqual(['end r2: The browser was closed while this replay was running, so it ended; start the replay again.']);
    expect(tabGone({ noun: 'task', again: 'ask again' }, false).short).toBe('The browser was closed while it ran.');
  });

  it('one kind that fails to resume does not keep the others from resuming', async () => {
    const broken: RunKind = { ...kind('task', []).k, interrupted: async () => [{ id: 'x', tabId: 1 }], continueInterrupted: async () => Promise.reject(new Error('no model')) };
    const replay = kind('replay', [{ id: 'r2', tabId: 2, live: true }]);
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      await runHost([broken, replay.k], { continues: async () => true, tabExists: async () => true }).resumeInterrupted();
    } finally {
      console.error = log;
    }
    expect(replay.did).toEqual(['resume r2']);
    expect(errors).toHaveLength(1);
  });
});
