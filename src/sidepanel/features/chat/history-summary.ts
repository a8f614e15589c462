import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ChatRecord, type EventRecord } from '../../../storage/db';
import { outcomeOf } from '../../../shared/plain-words';

/** How a chat's latest run stands or ended, and the site it worked on, for the list of earlier chats. */
export interface ChatSummary {
  outcome: string;
  site: string;
  /** the task the outcome is of, when it is not the chat's first (the title): the person's own words */
  task?: string;
  /** when that run last changed */
  at?: number;
}

const STATUS_WORDS: Record<string, string> = {
  running: 'Working',
  paused: 'Paused',
  waiting: 'Waiting for you',
  done: 'Done',
  failed: 'Could not finish',
  error: 'Stopped on an error',
  stopped: 'Stopped',
};

function hostOf(url: unknown): string {
  try {
    return typeof url === 'string' && url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

/** The run of each chat that changed last: its outcome in words (a "done" that says it could not is not "Done") and its start page's site. */
export function useChatSummaries(chats: ChatRecord[]): Record<string, ChatSummary> {
  const ids = chats.map((c) => c.id).join('\n');
  return (
    useLiveQuery(async () => {
      const wanted = ids.split('\n');
      const runs = await db().runs.where('chatId').anyOf(wanted).sortBy('updatedAt');
      const latest = new Map(runs.map((r) => [r.chatId, r]));
      const out: Record<string, ChatSummary> = { ...(await replaySummaries(new Set(wanted))) };
      for (const [chatId, run] of latest) {
        // a replay in the chat after its last task speaks for it
        if (out[chatId] && (out[chatId].at ?? 0) > run.updatedAt) continue;
        let outcome = STATUS_WORDS[run.status] ?? run.status;
        if (run.status === 'done') {
          const end = (await db().events.where('runId').equals(run.runId).filter((e) => e.type === 'done').last()) as Extract<EventRecord, { type: 'done' }> | undefined;
          if (end && outcomeOf(end) === 'failed') outcome = STATUS_WORDS.failed!;
        }
        out[chatId] = { outcome, site: hostOf((run.state as { startUrl?: unknown } | null)?.startUrl), at: run.updatedAt, ...(await laterTask(chatId, run.runId)) };
      }
      return out;
    }, [ids]) ?? {}
  );
}

/**
 * The latest replay of each chat (a workflow's run has a chat of its own): how it stands or ended,
 * and its workflow's site. Replays are kept apart from agent runs (db.replays), so they are read
 * here too, or a replay's chat would show no outcome and no site in the list.
 */
async function replaySummaries(chatIds: Set<string>): Promise<Record<string, ChatSummary>> {
  const replays = (await db().replays.filter((r) => !!r.chatId && chatIds.has(r.chatId)).toArray()).sort((a, b) => a.updatedAt - b.updatedAt);
  const latest = new Map(replays.map((r) => [r.chatId!, r]));
  const out: Record<string, ChatSummary> = {};
  for (const [chatId, replay] of latest) {
    const site = (await db().workflows.get(replay.workflowId))?.site ?? '';
    out[chatId] = { outcome: STATUS_WORDS[replay.status] ?? replay.status, site: site.replace(/:\d+$/, ''), at: replay.updatedAt };
  }
  return out;
}

/** The words of the task that started the run, when a task before it in the chat gave the chat its title. */
async function laterTask(chatId: string, runId: string): Promise<{ task?: string }> {
  const asked = (await db().messages.where('chatId').equals(chatId).sortBy('at')).filter((m) => m.role === 'user' && !m.followUpId);
  const i = asked.findIndex((m) => m.runId === runId);
  return i > 0 ? { task: asked[i]!.text } : {};
}

/**
 * A stored title is the task's first 80 characters: shown cut at the last whole word, with "…",
 * never in the middle of one.
 */
export function titleInWords(title: string, stored = 80): string {
  if (title.length < stored) return title;
  const cut = title.slice(0, title.lastIndexOf(' ') > stored / 2 ? title.lastIndexOf(' ') : title.length).replace(/[\s,;:.-]+$/, '');
  return `${cut}…`;
}
