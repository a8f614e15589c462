import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/storage/db';
import { dropAttachments, keepAttachments, readAttachment, sweepAttachments } from '../../../src/background/runs/attachments';

const file = (name: string, data = 'QUJD') => ({ name, type: 'text/plain', size: 3, data });

describe('the files a run was given', () => {
  it('are read by name for their run only, the last of one name winning, and go when dropped', async () => {
    await keepAttachments('run-a', [file('cv.pdf', 'MQ=='), file('cv.pdf', 'Mg==')]);
    await keepAttachments('run-b', [file('letter.txt')]);
    expect((await readAttachment('run-a', 'cv.pdf'))?.data).toBe('Mg==');
    expect(await readAttachment('run-a', 'letter.txt')).toBeUndefined();
    await dropAttachments('run-a');
    expect(await readAttachment('run-a', 'cv.pdf')).toBeUndefined();
    expect(await readAttachment('run-b', 'letter.txt')).toBeDefined();
    await dropAttachments('run-b');
  });

  it('of runs and replays that are over are swept at the start; a live one, or a task stopped on an error (its Resume), keeps them', async () => {
    const now = Date.now();
    await db().runs.bulkPut([
      { runId: 'r-live', kind: 'agent', chatId: 'c', tabId: 1, status: 'waiting', state: {}, updatedAt: now },
      { runId: 'r-error', kind: 'agent', chatId: 'c', tabId: 1, status: 'error', state: {}, updatedAt: now },
      { runId: 'r-done', kind: 'agent', chatId: 'c', tabId: 1, status: 'done', state: {}, updatedAt: now },
    ]);
    await db().runs.bulkPut([
      { runId: 'p-paused', kind: 'replay', tabId: 2, chatId: 'c', status: 'paused', updatedAt: now, state: {} },
      { runId: 'p-failed', kind: 'replay', tabId: 2, chatId: 'c', status: 'failed', updatedAt: now, state: {} },
    ]);
    for (const id of ['r-live', 'r-error', 'r-done', 'p-paused', 'p-failed', 'gone-with-its-chat']) await keepAttachments(id, [file('x.txt')]);
    expect(await sweepAttachments()).toBe(3);
    const left = (await db().attachments.toArray()).map((a) => a.runId).sort();
    expect(left).toEqual(['p-paused', 'r-error', 'r-live']);
  });
});
