import 'fake-indexeddb/auto';
import { openAtReleasedVersion } from './released-schemas';
import { describe, expect, it } from 'vitest';
import { CopilotDb, db } from '../../../src/storage/db';
import { addImported, deleteDemonstration, getDemonstrations, putDemonstration } from '../../../src/background/memory/store';
import { invalidateIndex, memoryIndex } from '../../../src/background/memory/memory-index';
import { flightDemo } from './demo-fixture';
import { reduceDemonstration } from '../../../src/memory/reduce';

describe('the database schema', () => {
  it('keeps everything written at version 2 when opened at the latest version, and marks old demonstrations', async () => {
    const name = 'migration-test';
    const old = openAtReleasedVersion(name, 2);
    const labelled = flightDemo({ id: 'old-labelled', labels: [{ call: { policy: 'CLICK', target: 'Sign in', value: '' }, steps: [2] }] });
    await old.table('demonstrations').bulkPut([
      { id: 'old-plain', site: 's', task: 't', createdAt: 1, data: flightDemo({ id: 'old-plain' }) },
      { id: 'old-labelled', site: 's', task: 't', createdAt: 2, data: labelled },
    ]);
    await old.table('embeddings').put({ id: 'old-plain', model: 'm', vector: new Float32Array([1, 0, 0]) });
    await old.table('chats').put({ id: 'c1', tabId: 3, title: 'hello', createdAt: 1, updatedAt: 1 });
    await old.table('messages').add({ chatId: 'c1', role: 'user', text: 'hi', at: 1 });
    await old.table('workflows').put({ id: 'w1', name: 'wf', site: 's', updatedAt: 1, data: { x: 1 } });
    await old.table('recordings').put({ id: 'r1', tabId: 3, status: 'recording', startedAt: 1, data: { steps: [] } });
    expect(old.verno).toBe(2);
    old.close();

    const latest = new CopilotDb(name);
    await latest.open();
    expect(latest.verno).toBeGreaterThanOrEqual(3);
    const demos = await latest.demonstrations.orderBy('createdAt').toArray();
    expect(demos.map((d) => [d.id, d.labelState])).toEqual([
      ['old-plain', 'none'],
      ['old-labelled', 'labelled'],
    ]);
    // kept, reduced to the lines around what was acted on (v4)
    expect(demos[1]?.data).toEqual(reduceDemonstration(labelled));
    expect(Array.from((await latest.embeddings.get('old-plain'))?.vector ?? [])).toEqual([1, 0, 0]);
    expect(await latest.chats.get('c1')).toMatchObject({ title: 'hello' });
    expect(await latest.messages.where('chatId').equals('c1').count()).toBe(1);
    expect(await latest.workflows.get('w1')).toMatchObject({ data: { x: 1 } });
    expect(await latest.recordings.get('r1')).toMatchObject({ status: 'recording' });
    // the new index answers queries
    expect(await latest.demonstrations.where('labelState').equals('none').primaryKeys()).toEqual(['old-plain']);
    expect(await latest.memoryKeys.count()).toBe(0);
    latest.close();
  });
});

describe('one table for every kind of run (v10)', () => {
  it('moves the replays stored at version 9 into the runs, of kind replay, marks the runs before as agent, and drops the old table', async () => {
    const name = 'v9-to-v10';
    const old = openAtReleasedVersion(name, 9);
    await old.table('runs').put({ runId: 'run-1', chatId: 'c1', tabId: 3, status: 'paused', state: { seq: 4 }, updatedAt: 10 });
    await old.table('replays').bulkPut([
      { id: 'replay-1', workflowId: 'w1', tabId: 3, chatId: 'c2', status: 'waiting', updatedAt: 20, data: { replayId: 'replay-1', step: 2 } },
      // from before replays had a chat of their own
      { id: 'replay-0', workflowId: 'w1', tabId: 5, status: 'done', updatedAt: 5, data: { replayId: 'replay-0' } },
    ]);
    old.close();

    const latest = new CopilotDb(name);
    await latest.open();
    expect(await latest.runs.get('run-1')).toEqual({ runId: 'run-1', kind: 'agent', chatId: 'c1', tabId: 3, status: 'paused', state: { seq: 4 }, updatedAt: 10 });
    expect(await latest.runs.get('replay-1')).toEqual({ runId: 'replay-1', kind: 'replay', chatId: 'c2', tabId: 3, status: 'waiting', state: { replayId: 'replay-1', step: 2 }, updatedAt: 20 });
    // the live run in a tab, whatever its kind, is one query on the new indexes
    expect((await latest.runs.where('tabId').equals(3).toArray()).map((r) => r.kind).sort()).toEqual(['agent', 'replay']);
    expect(await latest.runs.where('kind').equals('replay').primaryKeys()).toEqual(['replay-0', 'replay-1']);
    expect(latest.tables.map((t) => t.name)).not.toContain('replays');
    latest.close();
  });
});

describe('the demonstrations store', () => {
  it('imports all or nothing and never changes a demonstration already stored', async () => {
    const stored = flightDemo({ id: 'kept', task: 'the stored one' });
    await putDemonstration(stored, 'labelled');
    const incoming = [flightDemo({ id: 'kept', task: 'an impostor' }), flightDemo({ id: 'new-1', task: 'a new one' })];
    const r = await addImported(incoming);
    expect(r.added.map((d) => d.id)).toEqual(['new-1']);
    expect(r.skipped).toEqual(['kept']);
    const [kept, added] = await getDemonstrations(['kept', 'new-1']);
    expect(kept?.task).toBe('the stored one');
    expect(added?.task).toBe('a new one');
    expect(await db().memoryKeys.get('new-1')).toMatchObject({ key: expect.stringContaining('a new one') });
    // a failing write (a duplicate id inside one import) leaves nothing behind
    await expect(addImported([flightDemo({ id: 'dup' }), flightDemo({ id: 'dup' })])).rejects.toThrow();
    expect((await getDemonstrations(['dup']))[0]).toBeUndefined();
    expect(await db().memoryKeys.get('dup')).toBeUndefined();
  });

  it('builds the search index from the key table, adding keys missing from older records, and forgets deleted ones', async () => {
    await db().demonstrations.put({ id: 'no-key', site: '127.0.0.1:4173', task: 'x', createdAt: 5, data: flightDemo({ id: 'no-key', task: 'Cancel my reservation for tomorrow' }) });
    invalidateIndex();
    const index = await memoryIndex();
    expect(await db().memoryKeys.get('no-key')).toBeDefined();
    const hits = index.search({ key: 'cancel the reservation', site: '127.0.0.1:4173' }, { k: 1 });
    expect(hits[0]?.id).toBe('no-key');
    expect(await deleteDemonstration('no-key')).toBe(true);
    expect(await db().memoryKeys.get('no-key')).toBeUndefined();
    invalidateIndex();
    expect((await memoryIndex()).search({ key: 'cancel the reservation', site: '127.0.0.1:4173' }, { k: 1 })[0]?.id).not.toBe('no-key');
  });
});

describe('label calls interrupted by a stopped worker', () => {
  it('are settled as failed when the next worker starts, and not made again', async () => {
    const { settleInterruptedLabels } = await import('../../../src/background/memory/store');
    await putDemonstration(flightDemo({ id: 'was-pending' }), 'pending');
    await putDemonstration(flightDemo({ id: 'was-labelled' }), 'labelled');
    // (an import above left one pending too)
    expect(await settleInterruptedLabels()).toBe(2);
    expect(await db().demonstrations.where('labelState').equals('pending').count()).toBe(0);
    expect((await db().demonstrations.get('was-pending'))?.labelState).toBe('failed');
    expect((await db().demonstrations.get('was-labelled'))?.labelState).toBe('labelled');
  });
});

describe('the kept index with stored embeddings', () => {
  it('uses the vectors of the asked model only, and says so in why', async () => {
    await putDemonstration(flightDemo({ id: 'vec-a', task: 'Water the plants on the balcony' }), 'labelled');
    await putDemonstration(flightDemo({ id: 'vec-b', task: 'Feed the cat in the kitchen' }), 'labelled');
    await db().memoryKeys.bulkPut([
      { id: 'vec-a', site: 'other.example', key: 'Water the plants on the balcony' },
      { id: 'vec-b', site: 'other.example', key: 'Feed the cat in the kitchen' },
    ]);
    await db().embeddings.bulkPut([
      { id: 'vec-a', model: 'm@3', vector: new Float32Array([1, 0, 0]) },
      { id: 'vec-b', model: 'm@3', vector: new Float32Array([0, 1, 0]) },
    ]);
    invalidateIndex();
    // no shared word with either: only the vector can tell them apart
    const byVector = (await memoryIndex('m@3')).search({ key: 'irrigate greenery', site: 'x.example', vector: new Float32Array([0.1, 0.9, 0]) }, { k: 1 });
    expect(byVector[0]?.id).toBe('vec-b');
    expect(byVector[0]?.why).toMatch(/vector 0\.99/);
    // asked with another model's name, the stored vectors are not used
    const wordsOnly = (await memoryIndex('other@3')).search({ key: 'irrigate greenery', site: 'x.example', vector: new Float32Array([0.1, 0.9, 0]) }, { k: 1, vectorNote: 'no embedding model, words only' });
    expect(wordsOnly).toEqual([]);
  });
});
