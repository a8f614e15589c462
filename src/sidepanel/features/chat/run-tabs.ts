import { z } from 'zod';
import { db, type RunRecord } from '../../../storage/db';

/** The part of a stored run this panel reads: its tabs (the worker writes them with every step). */
const StoredTabs = z.object({
  tabs: z.object({
    list: z.array(z.object({ n: z.number(), tabId: z.number().nullable(), url: z.string().default(''), title: z.string().default('') })),
    current: z.number(),
  }),
});

export interface RunTab {
  n: number;
  tabId: number;
  title: string;
  url: string;
}

/** A run's tabs with real tab ids (the tab it started in is stored as null), and the one it works in. */
export function runTabsOf(run: RunRecord): { list: RunTab[]; current: RunTab } | undefined {
  const parsed = StoredTabs.safeParse(run.state);
  if (!parsed.success) return undefined;
  const list = parsed.data.tabs.list.map((t) => ({ ...t, tabId: t.tabId ?? run.tabId }));
  const current = list.find((t) => t.n === parsed.data.tabs.current) ?? list[0];
  return current && { list, current };
}

/** Whether the run works in, or opened, this tab. */
export const runHasTab = (run: RunRecord, tabId: number | undefined): boolean =>
  tabId !== undefined && (run.tabId === tabId || !!runTabsOf(run)?.list.some((t) => t.tabId === tabId));

const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * The chat that shows a tab a run opened: the latest run of the last day that opened it, when it
 * is newer than the tab's own latest chat. So the panel stays on the run when the person (or the
 * run) goes to one of its tabs, and keeps its result there after it ends.
 */
export async function chatOfOpenedTab(tabId: number, ownLatest: { updatedAt: number } | undefined): Promise<string | undefined> {
  const recent = await db().runs.where('updatedAt').above(Date.now() - RECENT_MS).toArray();
  const owner = recent.filter((r) => r.tabId !== tabId && runHasTab(r, tabId)).sort((a, b) => b.updatedAt - a.updatedAt)[0];
  if (!owner || (ownLatest && ownLatest.updatedAt > owner.updatedAt)) return undefined;
  return owner.chatId;
}

/**
 * Where the run works, in words for the header: the tab's title, and, when it is not the tab the
 * panel shows, which of the task's tabs it is.
 */
export function runTabInWords(run: RunRecord, shownTabId: number | undefined): { text: string; tabId: number; elsewhere: boolean } | undefined {
  const tabs = runTabsOf(run);
  if (!tabs) return undefined;
  const { current, list } = tabs;
  const name = current.title || current.url || 'a new tab';
  const elsewhere = current.tabId !== shownTabId;
  if (!elsewhere) return { text: `Working in: ${name}`, tabId: current.tabId, elsewhere };
  const which = current.tabId === run.tabId ? 'the tab it started in' : `tab ${current.n} of the ${list.length} of this task`;
  return { text: `Working in another tab: ${name} (${which})`, tabId: current.tabId, elsewhere };
}
