import { Dexie, type EntityTable } from 'dexie';
import type { RunEvent } from '../shared/run-events';
import { Demonstration } from '../shared/demonstration';
import { reduceDemonstration } from '../memory/reduce';

/**
 * The one IndexedDB database of the extension, shared by the service worker and the side panel
 * (same origin). The service worker writes; the panel reads with liveQuery, so what it shows
 * survives a service-worker restart without any re-sync protocol.
 *
 * Schema changes add a new `this.version(n)` with an upgrade function; a version is never edited
 * or removed once released, so data is migrated, never dropped.
 */

export interface ChatRecord {
  id: string;
  tabId: number;
  title: string;
  createdAt: number;
  updatedAt: number;
}

export interface ChatMessageRecord {
  id?: number;
  chatId: string;
  role: 'user' | 'assistant';
  text: string;
  runId?: string;
  at: number;
  /** set on a note added while its run worked; the run's follow_up_read event says it was read */
  followUpId?: string;
  /** files the person attached to this message (name, type, size; the bytes are in db.attachments while the task lasts) */
  files?: { name: string; type: string; size: number }[];
}

/** A file attached to a chat message, kept while the task it started lasts (src/background/agent/attachments.ts). */
export interface AttachmentRecord {
  id?: number;
  runId: string;
  name: string;
  type: string;
  size: number;
  /** base64, as it travels to the page */
  data: string;
  at: number;
}

/**
 * An app on this computer (an MCP client) that asked to use the co-pilot: the person's answer, and
 * a hash of the token its pairing gave (the token itself stays with the app's server).
 */
export interface AppClientRecord {
  /** the app's name as its MCP client gives it */
  id: string;
  status: 'asked' | 'allowed' | 'refused' | 'revoked';
  tokenHash: string;
  askedAt: number;
  answeredAt?: number;
  /** the tabs the co-pilot opened for this app: the only ones its tools act in */
  tabIds: number[];
  /** the sites the person allowed it on (registrable domains); absent: every site */
  sites?: string[];
}

/**
 * A question a run waits on the person for (src/background/runs/waits.ts), kept so that an answer
 * given while the worker was stopped, or to the card shown before it stopped, is not lost. Only
 * answers with no secret in them are kept here: a safety question's allow / refuse, a hand-off's done.
 */
export interface WaitRecord {
  /** the question's id, as the panel's card sends it back */
  id: string;
  runId: string;
  kind: 'confirm' | 'handoff';
  /** what is asked, in a form that is the same when a resumed run asks the same question again */
  same: string;
  askedAt: number;
  /** the person's answer, kept until the run asks this question again */
  answer?: string;
}

/**
 * What kind of run a record holds: an agent's task, or a workflow's replay. Both live in one
 * table (v10), so what reads runs (a tab's live run, a chat's runs, retention, a chat's deletion,
 * the stored secrets' owner) finds every kind in one place.
 */
export type RunKindName = 'agent' | 'replay';

export interface RunRecord {
  runId: string;
  kind: RunKindName;
  chatId: string;
  tabId: number;
  status: string;
  /** the persisted state (JSON): the agent's RunState or the replay's ReplayState, validated by its owner when read */
  state: unknown;
  updatedAt: number;
}

export type EventRecord = RunEvent & { id?: number; chatId: string };

export interface DemonstrationRecord {
  id: string;
  site: string;
  task: string;
  createdAt: number;
  /** the full demonstration (steps, page models, fingerprints), validated by its own schema */
  data: unknown;
  /**
   * The one auto-label call at save (v3): 'pending' until it answers, then 'labelled', or 'failed'
   * (the demonstration is kept; its calls are derived from the steps). 'none' for older records.
   */
  labelState?: LabelState;
}

export type LabelState = 'pending' | 'labelled' | 'failed' | 'none';

/**
 * The key that seals one run's or replay's secrets (v6). Non-extractable: a script can use it to
 * open the sealed copy in session storage, never read it. Deleted when the run ends.
 */
export interface SealKeyRecord {
  /** the run or replay id */
  id: string;
  key: CryptoKey;
  createdAt: number;
}

/**
 * A demonstration's retrieval key (v3), kept apart from its steps and page models so that the
 * search index is built from a few hundred bytes per demonstration instead of the whole record.
 */
export interface MemoryKeyRecord {
  /** the demonstration id */
  id: string;
  site: string;
  /** task, first page's title and headings, address path words (src/memory/key.ts) */
  key: string;
}

export interface EmbeddingRecord {
  /** the demonstration id */
  id: string;
  model: string;
  vector: Float32Array;
}

export interface WorkflowRecord {
  id: string;
  name: string;
  site: string;
  updatedAt: number;
  data: unknown;
}

/** A recording in progress, its steps saved as they come so a service-worker restart loses none. */
export interface RecordingRecord {
  id: string;
  tabId: number;
  status: 'recording' | 'stopped';
  startedAt: number;
  /** the Demonstration being built (steps so far), validated by its own schema */
  data: unknown;
}

/** A workflow replay as stored up to v9 (since v10 a run record of kind 'replay'). */
interface ReplayRecordV9 {
  id: string;
  workflowId: string;
  tabId: number;
  chatId?: string;
  status: string;
  updatedAt: number;
  data: unknown;
}

/** A workflow on a schedule (src/workflows/schedule/schedule.ts validates `data`). */
export interface ScheduleRecord {
  id: string;
  workflowId: string;
  nextRunAt: number;
  data: unknown;
}

export class CopilotDb extends Dexie {
  chats!: EntityTable<ChatRecord, 'id'>;
  messages!: EntityTable<ChatMessageRecord, 'id'>;
  runs!: EntityTable<RunRecord, 'runId'>;
  events!: EntityTable<EventRecord, 'id'>;
  demonstrations!: EntityTable<DemonstrationRecord, 'id'>;
  embeddings!: EntityTable<EmbeddingRecord, 'id'>;
  workflows!: EntityTable<WorkflowRecord, 'id'>;
  recordings!: EntityTable<RecordingRecord, 'id'>;
  memoryKeys!: EntityTable<MemoryKeyRecord, 'id'>;
  schedules!: EntityTable<ScheduleRecord, 'id'>;
  sealKeys!: EntityTable<SealKeyRecord, 'id'>;
  attachments!: EntityTable<AttachmentRecord, 'id'>;
  appClients!: EntityTable<AppClientRecord, 'id'>;
  waits!: EntityTable<WaitRecord, 'id'>;

  constructor(name = 'copilot') {
    super(name);
    this.version(1).stores({
      chats: 'id, tabId, updatedAt',
      messages: '++id, chatId, [chatId+at]',
      runs: 'runId, chatId, status, updatedAt',
      events: '++id, runId, chatId, [runId+seq]',
      demonstrations: 'id, site, createdAt',
      embeddings: 'id, model',
      workflows: 'id, name, site, updatedAt',
    });
    // v2: recordings in progress and workflow replays (new tables; nothing to migrate).
    this.version(2).stores({
      recordings: 'id, tabId, status',
      replays: 'id, workflowId, tabId, status, updatedAt',
    });
    // v3: demonstrations say where their auto-label call stands (older ones are marked from their
    // labels), and each gets its retrieval key in a small table of its own. The key is computed by
    // src/memory/key.ts, which the storage layer does not import: the upgrade leaves existing
    // demonstrations without a key and the service worker adds the missing ones when it builds
    // its index (src/background/memory/memory-index.ts).
    this.version(3)
      .stores({ demonstrations: 'id, site, createdAt, labelState', memoryKeys: 'id, site' })
      .upgrade((tx) =>
        tx
          .table<DemonstrationRecord, string>('demonstrations')
          .toCollection()
          .modify((r) => {
            const labels = (r.data as { labels?: unknown[] } | null)?.labels;
            r.labelState = Array.isArray(labels) && labels.length ? 'labelled' : 'none';
          }),
      );
    // v4: demonstrations keep only the lines around the elements acted on, with typed values,
    // e-mails, amounts and account numbers masked (src/memory/reduce.ts); stored ones are reduced
    // here. Their retrieval keys are dropped so the worker computes them again from the masked
    // titles. Messages and events get an index on their time for the retention setting.
    this.version(4)
      .stores({ messages: '++id, chatId, [chatId+at], at', events: '++id, runId, chatId, [runId+seq], time' })
      .upgrade(async (tx) => {
        await tx
          .table<DemonstrationRecord, string>('demonstrations')
          .toCollection()
          .modify((r) => {
            const parsed = Demonstration.safeParse(r.data);
            // a record that no longer reads is left alone: it is never used, and deleting is the person's call
            if (parsed.success) r.data = reduceDemonstration(parsed.data);
          });
        await tx.table('memoryKeys').clear();
      });
    // v5: workflows on a schedule (a new table; nothing to migrate).
    this.version(5).stores({ schedules: 'id, workflowId, nextRunAt' });
    // v6: the keys that seal a run's secrets (src/background/secrets/sealed.ts; a new table).
    this.version(6).stores({ sealKeys: 'id' });
    // v7: files attached to a chat message, for its task only (a new table).
    this.version(7).stores({ attachments: '++id, runId' });
    // v8: apps on this computer that asked to use the co-pilot (src/background/apps/pairing.ts)
    this.version(8).stores({ appClients: 'id, status' });
    // v9: the questions runs wait on the person for (src/background/runs/waits.ts)
    this.version(9).stores({ waits: 'id, runId' });
    // v10: one table for every kind of run. Replays move into db.runs as records of kind 'replay'
    // (their state under `state`, as an agent run's), and the runs stored before are marked 'agent'.
    // Indexed by kind and tab: "the live run in this tab" is one query whatever its kind.
    this.version(10)
      .stores({ runs: 'runId, chatId, status, updatedAt, kind, tabId' })
      .upgrade(async (tx) => {
        await tx.table<RunRecord, string>('runs').toCollection().modify((r) => {
          r.kind = 'agent';
        });
        const replays = await tx.table<ReplayRecordV9, string>('replays').toArray();
        await tx.table<RunRecord, string>('runs').bulkPut(
          replays.map((r) => ({ runId: r.id, kind: 'replay', chatId: r.chatId ?? '', tabId: r.tabId, status: r.status, state: r.data, updatedAt: r.updatedAt })),
        );
      });
    // v11: the replays' old table goes, once v10 has read it (Dexie reads a table in the upgrade before the version that deletes it).
    this.version(11).stores({ replays: null });
  }
}

let instance: CopilotDb | undefined;
const setUps: Array<(database: CopilotDb) => void> = [];
/** The database, opened lazily so that importing this module does no I/O. */
export function db(): CopilotDb {
  if (!instance) {
    instance = new CopilotDb();
    for (const setUp of setUps) setUp(instance);
  }
  return instance;
}

/** `setUp` (hooks that must see every write) on the database as soon as it is made, or now when it is. */
export function onDatabase(setUp: (database: CopilotDb) => void): void {
  setUps.push(setUp);
  if (instance) setUp(instance);
}

/** A query followed as the tables it reads change (Dexie's liveQuery), for code outside the panel's hooks. */
export { liveQuery as watchQuery } from 'dexie';
export type { Subscription as QueryWatch } from 'dexie';

/** Runs `work` outside any transaction of the caller (a hook inside a write must not extend that write). */
export function outsideTransaction<T>(work: () => T): T {
  return Dexie.ignoreTransaction(work);
}
