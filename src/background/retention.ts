import { db, onDatabase, outsideTransaction, type CopilotDb } from '../storage/db';
import { onPrivateChange } from '../platform/private-store';
import { loadSettings } from './settings-store';
import { wakeOn } from '../platform/wake';

/**
 * The retention setting (Settings, "Keep chats and runs"): chats, their messages, runs, run
 * events, workflow replays and abandoned recordings older than the chosen number of days are deleted. Page text,
 * typed values and the model's words about pages live in these records, so they are not kept
 * for ever unless the person says so. Pruning runs when the service worker starts, when a run or
 * replay ends, and when the setting changes, at most once a day otherwise, and on a daily alarm
 * where the browser has alarms (the `alarms` permission came with workflow schedules).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ENDED = new Set(['done', 'failed', 'stopped', 'error']);
const ACTIVE = ['running', 'waiting', 'paused'];

export interface Pruned {
  chats: number;
  messages: number;
  runs: number;
  events: number;
  replays: number;
  recordings: number;
}

/** The first moment that is kept, or undefined when everything is kept (0 days: forever). */
export function retentionCutoff(days: number, now: number): number | undefined {
  return days > 0 ? now - days * DAY_MS : undefined;
}

/**
 * Deletes what is older than `cutoff`. A chat goes when nothing happened in it since (its
 * messages, runs and events with it); runs and events go by their own time, except a run still
 * going on (a paused run waits for the person, however long).
 */
export async function pruneHistory(database: CopilotDb, cutoff: number): Promise<Pruned> {
  const tables = [database.chats, database.messages, database.runs, database.events, database.recordings, database.attachments, database.waits];
  return database.transaction('rw', tables, async () => {
    const oldChats = await database.chats.where('updatedAt').below(cutoff).primaryKeys();
    const busy = new Set((await database.runs.where('status').anyOf(ACTIVE).toArray()).map((r) => r.chatId));
    const chatIds = oldChats.filter((id) => !busy.has(id));
    const runIds = await database.runs
      .where('updatedAt')
      .below(cutoff)
      .filter((r) => !ACTIVE.includes(r.status))
      .primaryKeys();
    const runsOfChats = chatIds.length ? await database.runs.where('chatId').anyOf(chatIds).primaryKeys() : [];
    const allRuns = [...new Set([...runIds, ...runsOfChats])];
    const replays = allRuns.length ? await database.runs.where('runId').anyOf(allRuns).filter((r) => r.kind === 'replay').count() : 0;

    const messages =
      (await database.messages.where('at').below(cutoff).filter((m) => !busy.has(m.chatId)).delete()) +
      (chatIds.length ? await database.messages.where('chatId').anyOf(chatIds).delete() : 0);
    const events =
      (await database.events.where('time').below(cutoff).filter((e) => !busy.has(e.chatId)).delete()) +
      (allRuns.length ? await database.events.where('runId').anyOf(allRuns).delete() : 0) +
      (chatIds.length ? await database.events.where('chatId').anyOf(chatIds).delete() : 0);
    await database.runs.bulkDelete(allRuns);
    // a task's files and questions normally go when it ends; these are of one that ended while the worker was gone
    if (allRuns.length) await Promise.all([database.attachments.where('runId').anyOf(allRuns).delete(), database.waits.where('runId').anyOf(allRuns).delete()]);
    await database.chats.bulkDelete(chatIds);
    // a recording stopped by a closed tab keeps whole pages and cannot be resumed; one going on stays
    const recordings = await database.recordings
      .where('status')
      .equals('stopped')
      .filter((r) => r.startedAt < cutoff)
      .delete();
    return { chats: chatIds.length, messages, runs: allRuns.length - replays, events, replays, recordings };
  });
}

let lastPrune = 0;
let running: Promise<void> | undefined;

/** Prunes with the current setting, unless it was done less than a day ago (`force` ignores that). */
export function pruneIfDue(force = false): Promise<void> {
  const now = Date.now();
  if (running || (!force && now - lastPrune < DAY_MS)) return running ?? Promise.resolve();
  lastPrune = now;
  running = (async () => {
    try {
      const cutoff = retentionCutoff((await loadSettings()).historyRetentionDays, now);
      if (cutoff !== undefined) await pruneHistory(db(), cutoff);
    } catch (error) {
      console.warn(`Could not delete old chats and runs: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

const ALARM = 'retention';

/** Called once as the service worker starts (main.ts); `later` runs the first prune when the start lets it. */
export function startRetention(later: (job: () => unknown) => void = (job) => void job()): void {
  later(() => pruneIfDue(true));
  // a shorter retention chosen in Settings applies at once
  onPrivateChange((key) => {
    if (key === 'settings') void pruneIfDue(true);
  });
  // a run or replay that ends is the next chance a worker without alarms gets
  const onEnd = (status: unknown) => {
    // out of the writing transaction: the hook runs inside it, and pruning needs other tables
    if (typeof status === 'string' && ENDED.has(status)) setTimeout(() => outsideTransaction(() => void pruneIfDue()), 0);
  };
  // on the database when something first opens it, not now: the worker's start does not need it
  onDatabase((database) => {
    database.runs.hook('updating', (mods: Partial<{ status: unknown }>) => onEnd(mods.status));
    database.runs.hook('creating', (_key, record: { status?: unknown }) => onEnd(record.status));
  });
  // a browser without alarms still prunes on the occasions above
  if (chrome.alarms) {
    void chrome.alarms.create(ALARM, { periodInMinutes: 24 * 60 });
    wakeOn('alarms.onAlarm', (alarm) => {
      if (alarm.name === ALARM) void pruneIfDue(true);
    });
  }
}
