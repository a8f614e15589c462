import { Dexie } from 'dexie';

/**
 * The database schema as released at each version, written out here so that migration tests do
 * not follow later edits of src/storage/db.ts. Opening at `version` declares every version up to it.
 */
const RELEASED: Record<number, Record<string, string>> = {
  1: {
    chats: 'id, tabId, updatedAt',
    messages: '++id, chatId, [chatId+at]',
    runs: 'runId, chatId, status, updatedAt',
    events: '++id, runId, chatId, [runId+seq]',
    demonstrations: 'id, site, createdAt',
    embeddings: 'id, model',
    workflows: 'id, name, site, updatedAt',
  },
  2: { recordings: 'id, tabId, status', replays: 'id, workflowId, tabId, status, updatedAt' },
  3: { demonstrations: 'id, site, createdAt, labelState', memoryKeys: 'id, site' },
  4: { messages: '++id, chatId, [chatId+at], at', events: '++id, runId, chatId, [runId+seq], time' },
  5: { schedules: 'id, workflowId, nextRunAt' },
  6: { sealKeys: 'id' },
  7: { attachments: '++id, runId' },
  8: { appClients: 'id, status' },
  9: { waits: 'id, runId' },
};

export function openAtReleasedVersion(name: string, version: 2 | 3 | 9): Dexie {
  const old = new Dexie(name);
  for (let v = 1; v <= version; v += 1) old.version(v).stores(RELEASED[v]!);
  return old;
}
