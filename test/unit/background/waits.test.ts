import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/storage/db';
import { answerWait, endWaits, waitFor } from '../../../src/background/runs/waits';

const settled = async <T>(p: Promise<T>): Promise<T | 'pending'> => Promise.race([p, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 30))]);

describe('waiting for the person (src/background/runs/waits.ts)', () => {
  beforeEach(async () => {
    await db().waits.clear();
  });

  it('gives the answer to the question waiting under that id, and keeps nothing after', async () => {
    const asked = waitFor('r1', 'confirm', 'r1-c4', 'pay 42');
    await new Promise((r) => setTimeout(r, 5));
    expect(await db().waits.count()).toBe(1);
    expect(await answerWait('r1', 'confirm', 'once', 'r1-c4')).toBe(true);
    expect(await asked).toBe('once');
    await expect.poll(() => db().waits.count()).toBe(0);
  });

  it('keeps an answer given while no worker waits (it restarted), and gives it to the same question asked again under a new id', async () => {
    // what the stopped worker had stored when the card went up
    await db().waits.put({ id: 'r1-c4', runId: 'r1', kind: 'confirm', same: 'pay 42', askedAt: 1 });
    expect(await answerWait('r1', 'confirm', 'once', 'r1-c4')).toBe(true);
    expect(await settled(waitFor('r1', 'confirm', 'r1-c6', 'pay 42'))).toBe('once');
    expect(await db().waits.count()).toBe(0);
  });

  it('gives the answer to the first card to the same question the resumed run is already asking', async () => {
    await db().waits.put({ id: 'r1-c4', runId: 'r1', kind: 'confirm', same: 'pay 42', askedAt: 1 });
    const again = waitFor('r1', 'confirm', 'r1-c6', 'pay 42');
    await new Promise((r) => setTimeout(r, 5));
    expect(await answerWait('r1', 'confirm', 'refuse', 'r1-c4')).toBe(true);
    expect(await again).toBe('refuse');
  });

  it('never gives an answer to a question it was not given to', async () => {
    await db().waits.put({ id: 'r1-c4', runId: 'r1', kind: 'confirm', same: 'pay 42', askedAt: 1 });
    expect(await answerWait('r1', 'confirm', 'once', 'r1-c4')).toBe(true);
    // the resumed run asks something else: the stored allow is dropped, and this one waits
    const other = waitFor('r1', 'confirm', 'r1-c6', 'pay 4200');
    expect(await settled(other)).toBe('pending');
    // nor does it come back for the first question later
    expect(await answerWait('r1', 'confirm', 'once', 'r1-c6')).toBe(true);
    await other;
    expect(await settled(waitFor('r1', 'confirm', 'r1-c9', 'pay 42'))).toBe('pending');
    await endWaits('r1', () => 'refuse');
    // another run's card never answers this run
    const mine = waitFor('r2', 'confirm', 'r2-c1', 'pay 42');
    await new Promise((r) => setTimeout(r, 5));
    expect(await answerWait('r3', 'confirm', 'once', 'r2-c1')).toBe(false);
    expect(await settled(mine)).toBe('pending');
    await endWaits('r2', () => 'refuse');
    expect(await mine).toBe('refuse');
  });

  it('says false for a card no run waits on, and does not take a second answer to one question', async () => {
    expect(await answerWait('r1', 'confirm', 'once', 'nothing')).toBe(false);
    await db().waits.put({ id: 'r1-c4', runId: 'r1', kind: 'confirm', same: 'pay 42', askedAt: 1 });
    expect(await answerWait('r1', 'confirm', 'refuse', 'r1-c4')).toBe(true);
    expect(await answerWait('r1', 'confirm', 'once', 'r1-c4')).toBe(false);
    expect(await settled(waitFor('r1', 'confirm', 'r1-c6', 'pay 42'))).toBe('refuse');
  });

  it('finds a hand-off by its run alone, and a stop ends every question of the run', async () => {
    const handoff = waitFor('r1', 'handoff', 'r1-handoff', 'sign in');
    await new Promise((r) => setTimeout(r, 5));
    expect(await answerWait('r1', 'handoff', '')).toBe(true);
    expect(await handoff).toBe('');
    const confirm = waitFor('r1', 'confirm', 'r1-c8', 'send mail');
    await new Promise((r) => setTimeout(r, 5));
    await endWaits('r1', (kind) => (kind === 'confirm' ? 'refuse' : ''));
    expect(await confirm).toBe('refuse');
    await expect.poll(() => db().waits.count()).toBe(0);
  });
});
