import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ChatRecord, type EventRecord, type RunRecord } from '../../../storage/db';
import { outcomeOf } from '../../../shared/plain-words';

/** How a chat's latest run stands or ended, and the site it worked on, for the list of earlier chats. */
export interface ChatSummary {
  outcome: string;
  site: string;
  /** the task the outcome is of, when it is not the chat's first (the title): the person's own words */
  task?: string;
  /** when that run last changed */
  at?: number;
  /** a replay's values as the person gave them (never a secret: those are not stored): "Username “mlopez”" */
  used?: string;
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

/**
 * The run of each chat that changed last, of any kind (a task, or a workflow's replay, which has a
 * chat of its own): its outcome in words (a "done" that says it could not is not "Done") and its
 * site (a task's start page, a replay's workflow).
 */
export function useChatSummaries(chats: ChatRecord[]): Record<string, ChatSummary> {
  const ids = chats.map((c) => c.id).join('\n');
  return (
    useLiveQuery(async () => {
      const runs = await db().runs.where('chatId').anyOf(ids.split('\n')).sortBy('updatedAt');
      const latest = new Map(runs.map((r) => [r.chatId, r]));
      const out: Record<string, ChatSummary> = {};
      for (const [chatId, run] of latest) out[chatId] = run.kind === 'replay' ? await replaySummary(run) : await taskSummary(chatId, run);
      return out;
    }, [ids]) ?? {}
  );
}

async function taskSummary(chatId: string, run: RunRecord): Promise<ChatSummary> {
  let outcome = STATUS_WORDS[run.status] ?? run.status;
  if (run.status === 'done') {
    const end = (await db().events.where('runId').equals(run.runId).filter((e) => e.type === 'done').last()) as Extract<EventRecord, { type: 'done' }> | undefined;
    if (end && outcomeOf(end) === 'failed') outcome = STATUS_WORDS.failed!;
  }
  return { outcome, site: hostOf((run.state as { startUrl?: unknown } | null)?.startUrl), at: run.updatedAt, ...(await laterTask(chatId, run.runId)) };
}

async function replaySummary(run: RunRecord): Promise<ChatSummary> {
  const state = run.state as { workflowId?: unknown; values?: unknown } | null;
  const workflow = typeof state?.workflowId === 'string' ? await db().workflows.get(state.workflowId) : undefined;
  const site = workflow?.site || '';
  const labels = (workflow?.data as { variables?: { name: string; label?: string; secret?: boolean }[] } | undefined)?.variables ?? [];
  const used = valuesInWords(state?.values, labels);
  return { outcome: STATUS_WORDS[run.status] ?? run.status, site: site.replace(/:\d+$/, ''), at: run.updatedAt, ...(used ? { used } : {}) };
}

/**
 * A replay's values in a few words, so two runs of one workflow can be told apart in the list:
 * each by its field's label. Secret values are never stored with a run; a variable marked secret is
 * left out all the same.
 */
export function valuesInWords(values: unknown, variables: { name: string; label?: string; secret?: boolean }[]): string {
  if (!values || typeof values !== 'object') return '';
  const secret = new Set(variables.filter((v) => v.secret).map((v) => v.name));
  const parts = Object.entries(values as Record<string, unknown>)
    .filter(([name, value]) => !secret.has(name) && typeof value === 'string' && value.trim())
    .map(([name, value]) => `${variables.find((v) => v.name === name)?.label || name} “${(value as string).trim().slice(0, 30)}”`);
  const text = parts.join(', ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
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
