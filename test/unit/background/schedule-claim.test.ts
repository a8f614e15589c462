import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { claimDue, loadSchedule, putSchedule } from '../../../src/background/schedules/store';
import type { Schedule } from '../../../src/shared/schedule';

const MINUTE = 60_000;
const schedule = (id: string, nextRunAt: number, paused = false): Schedule => ({
  id, workflowId: 'wf', name: 'Catalog', cadence: { kind: 'every', amount: 1, unit: 'minutes' }, values: {}, watch: true, allowModel: false, paused, nextRunAt, createdAt: nextRunAt - MINUTE,
});

describe('taking a due schedule run', () => {
  // at a browser start the catch-up, runtime.onStartup and an alarm Chrome kept can all ask at once
  it('gives a run missed several times to one of the callers that ask together, and moves the next run onto the grid after now', async () => {
    const now = 1_800_000_000_000;
    const missedAt = now - 3.5 * MINUTE;
    await putSchedule(schedule('s-late', missedAt));
    const claims = await Promise.all([claimDue('s-late', now), claimDue('s-late', now), claimDue('s-late', now + 10)]);
    const taken = claims.filter((c) => c !== undefined);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.missed).toBe(3);
    const next = (await loadSchedule('s-late'))!.nextRunAt;
    expect(next).toBe(missedAt + 4 * MINUTE);
    expect(next).toBeGreaterThan(now);
    // asked again before that next run: nothing more to run
    expect(await claimDue('s-late', now + 20_000)).toBeUndefined();
  });

  it('takes no run from a schedule that is not due yet or is paused', async () => {
    const now = 1_800_000_000_000;
    await putSchedule(schedule('s-soon', now + 5_000));
    await putSchedule(schedule('s-paused', now - 10 * MINUTE, true));
    expect(await claimDue('s-soon', now)).toBeUndefined();
    expect(await claimDue('s-paused', now)).toBeUndefined();
    expect((await loadSchedule('s-paused'))!.nextRunAt).toBe(now - 10 * MINUTE);
  });
});
