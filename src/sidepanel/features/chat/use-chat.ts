import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { chatOfOpenedTab } from './run-tabs';
import { db, type ChatMessageRecord, type ChatRecord, type EventRecord, type RunRecord } from '../../../storage/db';

/**
 * The chat of a tab, read straight from IndexedDB with liveQuery: the service worker writes every
 * message and run event there, so the panel shows the same thing after a reload or a worker restart.
 */
export function useChatId(tabId: number | undefined): [string | undefined, () => void, (id: string) => void, boolean] {
  const read = useLiveQuery(
    async () => {
      if (tabId === undefined) return undefined;
      const own = (await db().chats.where('tabId').equals(tabId).sortBy('updatedAt')).at(-1);
      // a tab a run opened shows that run's chat: the panel follows the run across its tabs
      const opened = await chatOfOpenedTab(tabId, own);
      return opened ? { id: opened } : own;
    },
    [tabId],
    'loading' as const,
  );
  const latest = read === 'loading' ? undefined : read;
  // A chat started (New chat) or opened (Chats) in this panel, for the tab it was picked on; kept while the
  // chat view is away (a recording takes its place, Workflows, Settings), so it comes back as it was
  const [, redraw] = useState(0);
  const pick = (id: string) => {
    if (tabId === undefined) return;
    picked.set(tabId, { id, at: Date.now() });
    redraw((n) => n + 1);
  };
  const mine = tabId === undefined ? undefined : picked.get(tabId);
  // a chat made in the tab after the pick (a replay started from Workflows has one of its own) is the newer news
  const newer = !!mine && !!latest && latest.id !== mine.id && ((latest as Partial<ChatRecord>).createdAt ?? 0) > mine.at;
  const chatId = mine && !newer ? mine.id : (latest?.id ?? (tabId === undefined ? undefined : `chat-${tabId}-new`));
  // a task sent before the tab's chats are read goes to a new chat at once (never dropped); the header
  // waits for `loaded` instead, since the id meanwhile may not be the chat it will show
  const loaded = read !== 'loading' || (!!mine && !newer);
  return [chatId, () => pick(`chat-${tabId}-${Date.now().toString(36)}`), pick, loaded];
}

/** The chat picked per tab in this panel page, with when (see useChatId); a reload starts from each tab's latest chat. */
const picked = new Map<number, { id: string; at: number }>();

export interface ChatData {
  messages: ChatMessageRecord[];
  events: EventRecord[];
  runs: RunRecord[];
  /** false until IndexedDB has answered for this chat */
  loaded?: boolean;
}

export function useChat(chatId: string | undefined): ChatData {
  const data = useLiveQuery(async () => {
    if (!chatId) return { messages: [], events: [], runs: [], loaded: true };
    const [messages, events, runs] = await Promise.all([
      db().messages.where('[chatId+at]').between([chatId, 0], [chatId, Infinity]).toArray(),
      db().events.where('chatId').equals(chatId).toArray(),
      // the chat's tasks: a replay in it is shown from its own state (ReplayDock), not as a task
      db().runs.where('chatId').equals(chatId).filter((r) => r.kind === 'agent').toArray(),
    ]);
    return { messages, events: events.filter((e) => e.type !== 'text_delta'), runs, loaded: true };
  }, [chatId]);
  return data ?? { messages: [], events: [], runs: [], loaded: false };
}

/** Every stored chat, latest first, with its first message as its title. */
export function useChatList(): ChatRecord[] {
  return useLiveQuery(() => db().chats.orderBy('updatedAt').reverse().toArray(), []) ?? [];
}
