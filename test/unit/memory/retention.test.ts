import 'fake-indexeddb/auto';
import { openAtReleasedVersion } from './released-schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopilotDb, db } from '../../../src/storage/db';
import { pruneHistory, retentionCutoff, startRetention } from '../../../src/background/retention';
import { Settings } from '../../../src/shared/settings';
import { bankDemo, PRIVATE } from './bank-fixture';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23);

async function seed(database: CopilotDb) {
  const old = NOW - 100 * DAY;
  const recent = NOW - 2 * DAY;
  await database.chats.bulkPut([
    { id: 'old-chat', tabId: 1, title: 'pay the rent', createdAt: old, updatedAt: old },
    { id: 'new-chat', tabId: 1, title: 'find a flight', createdAt: recent, updatedAt: recent },
    { id: 'old-but-paused', tabId: 2, title: 'waiting for me', createdAt: old, updatedAt: old },
  ]);
  await database.messages.bulkAdd([
    { chatId: 'old-chat', role: 'user', text: 'pay the rent', at: old },
    { chatId: 'new-chat', role: 'user', text: 'find a flight', at: recent },
    // an old turn of a chat that went on since: it goes by its own time
    { chatId: 'new-chat', role: 'user', text: 'an old first turn', at: old },
    { chatId: 'old-but-paused', role: 'user', text: 'wait', at: old },
  ]);
  await database.runs.bulkPut([
    { runId: 'r-old', kind: 'agent', chatId: 'old-chat', tabId: 1, status: 'done', state: {}, updatedAt: old },
    { runId: 'r-new', kind: 'agent', chatId: 'new-chat', tabId: 1, status: 'done', state: {}, updatedAt: recent },
    { runId: 'r-paused', kind: 'agent', chatId: 'old-but-paused', tabId: 2, status: 'paused', state: {}, updatedAt: old },
  ]);
  const event = (runId: string, chatId: string, time: number, seq: number) => ({ type: 'thought' as const, runId, chatId, seq, time, source: 'planner' as const, text: 'the page says' });
  await database.events.bulkAdd([event('r-old', 'old-chat', old, 0), event('r-new', 'new-chat', recent, 0), event('r-paused', 'old-but-paused', old, 0)]);
  await database.runs.bulkPut([
    { runId: 'p-old', kind: 'replay', chatId: '', tabId: 1, status: 'done', updatedAt: old, state: {} },
    { runId: 'p-new', kind: 'replay', chatId: '', tabId: 1, status: 'done', updatedAt: recent, state: {} },
  ]);
  await database.recordings.bulkPut([
    { id: 'rec-abandoned', tabId: 3, status: 'stopped', startedAt: old, data: {} },
    { id: 'rec-going-on', tabId: 4, status: 'recording', startedAt: old, data: {} },
  ]);
}

describe('retention of chats, runs and events', () => {
  it('keeps 90 days by default, and forever only when asked', () => {
    expect(Settings.parse({}).historyRetentionDays).toBe(90);
    expect(retentionCutoff(90, NOW)).toBe(NOW - 90 * DAY);
    expect(retentionCutoff(0, NOW)).toBeUndefined();
  });

  it('deletes what is older than the cutoff, keeps what is newer and a run still waiting for the person', async () => {
    const database = new CopilotDb('retention-test');
    await database.open();
    await seed(database);
    const pruned = await pruneHistory(database, retentionCutoff(90, NOW)!);
    expect(pruned).toEqual({ chats: 1, messages: 2, runs: 1, events: 1, replays: 1, recordings: 1 });
    expect(await database.recordings.toCollection().primaryKeys()).toEqual(['rec-going-on']);
    expect(await database.chats.toCollection().primaryKeys()).toEqual(['new-chat', 'old-but-paused']);
    expect((await database.messages.toArray()).map((m) => m.text).sort()).toEqual(['find a flight', 'wait']);
    expect((await database.runs.toCollection().primaryKeys()).sort()).toEqual(['p-new', 'r-new', 'r-paused']);
    expect((await database.events.toArray()).map((e) => e.runId).sort()).toEqual(['r-new', 'r-paused']);
    // a shorter setting takes the rest of what is done
    await database.runs.update('r-paused', { status: 'stopped' });
    await pruneHistory(database, retentionCutoff(1, NOW)!);
    expect(await database.chats.count()).toBe(0);
    expect(await database.events.count()).toBe(0);
    database.close();
  });
});

describe('the service worker', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { chrome?: unknown }).chrome;
  });

  it('prunes as it starts, then when a run ends a day later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // chrome.storage.local as the worker sees it: 30 days chosen; no alarms permission
    (globalThis as { chrome?: unknown }).chrome = { storage: { local: { get: async () => ({ settings: { historyRetentionDays: 30 } }), setAccessLevel: async () => {} }, onChanged: { addListener: () => {} } } };
    await seed(db());
    startRetention();
    await expect.poll(() => db().chats.get('old-chat')).toBeUndefined();
    expect(await db().chats.get('new-chat')).toBeDefined();

    // two days on, the chat that was new is 32 days old; a run ending is the next chance to prune
    vi.setSystemTime(NOW + 30 * DAY);
    await db().runs.put({ runId: 'r-another', kind: 'agent', chatId: 'other', tabId: 1, status: 'running', state: {}, updatedAt: NOW + 30 * DAY });
    expect(await db().chats.get('new-chat')).toBeDefined();
    // as the run store writes it (src/background/agent/run-store.ts)
    await db().runs.put({ runId: 'r-another', kind: 'agent', chatId: 'other', tabId: 1, status: 'done', state: {}, updatedAt: NOW + 30 * DAY });
    await expect.poll(() => db().chats.get('new-chat')).toBeUndefined();
    expect(await db().runs.get('r-another')).toBeDefined();
  });
});

describe('demonstrations stored before they were reduced', () => {
  it('are reduced when the database opens at version 4, their keys recomputed later, everything else kept', async () => {
    const name = 'v3-to-v4';
    const old = openAtReleasedVersion(name, 3);
    await old.table('demonstrations').put({ id: 'demo-bank', site: 'www.mybank.example', task: 'pay', createdAt: 1, data: bankDemo(), labelState: 'labelled' });
    await old.table('demonstrations').put({ id: 'broken', site: 's', task: 't', createdAt: 2, data: { not: 'a demonstration' }, labelState: 'none' });
    await old.table('memoryKeys').put({ id: 'demo-bank', site: 'mybank.example', key: `pay\n${PRIVATE[0]}` });
    await old.table('embeddings').put({ id: 'demo-bank', model: 'm', vector: new Float32Array([1, 0]) });
    await old.table('messages').add({ chatId: 'c', role: 'user', text: 'hi', at: 5 });
    await old.table('events').add({ runId: 'r', chatId: 'c', seq: 0, time: 5, type: 'thought' });
    old.close();

    const latest = new CopilotDb(name);
    await latest.open();
    expect(latest.verno).toBeGreaterThanOrEqual(4);
    const stored = JSON.stringify(await latest.demonstrations.get('demo-bank'));
    for (const p of PRIVATE) expect(stored).not.toContain(p);
    expect(stored).toContain('Pay $420');
    expect((await latest.demonstrations.get('demo-bank'))?.labelState).toBe('labelled');
    expect((await latest.demonstrations.get('broken'))?.data).toEqual({ not: 'a demonstration' });
    expect(await latest.memoryKeys.count()).toBe(0);
    expect(await latest.embeddings.count()).toBe(1);
    // the new time indexes answer
    expect(await latest.messages.where('at').below(10).count()).toBe(1);
    expect(await latest.events.where('time').below(10).count()).toBe(1);
    latest.close();
  });
});
