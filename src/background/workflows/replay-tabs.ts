import type { ReplayPage, ReplayTabs } from '../../workflows/replay/ports';
import { releaseInput } from '../executor/debugger';
import { joinCopilotGroup } from '../executor/tab-group';
import { replayPageFor } from './replay-page';

/** The replay's tabs: n as the workflow numbers them (1 the tab it started in), and which is current. */
interface TabSet {
  list: { n: number; tabId: number }[];
  current: number;
}

const OPEN_WAIT_MS = 10_000;
const POLL_MS = 100;
const key = (replayId: string) => `replay-tabs:${replayId}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Kept in session storage (memory only), so a replay resumed after a worker restart knows its tabs. */
async function load(replayId: string, startTabId: number): Promise<TabSet> {
  const stored = (await chrome.storage.session.get(key(replayId)))[key(replayId)] as TabSet | undefined;
  return stored ?? { list: [{ n: 1, tabId: startTabId }], current: 1 };
}

/**
 * The replay engine's page and tabs over the browser: the page port acts in the current tab, and
 * entering a tab not open yet adopts the tab the last step opened (a target=_blank link,
 * window.open: a tab whose opener is the current one), in the "Co-pilot" group, as a run's tabs are.
 */
export function replayTabs(replayId: string, startTabId: number): { page: ReplayPage; tabs: ReplayTabs } {
  const pages = new Map<number, ReplayPage>();
  let set: TabSet | undefined;
  const currentTabId = () => set?.list.find((t) => t.n === set!.current)?.tabId ?? startTabId;
  const pageOf = (tabId: number) => pages.get(tabId) ?? pages.set(tabId, replayPageFor(tabId)).get(tabId)!;
  const page = routedPage(() => pageOf(currentTabId()));
  const tabs: ReplayTabs = {
    async enter(n) {
      set ??= await load(replayId, startTabId);
      const known = set.list.find((t) => t.n === n);
      if (known) {
        if (!(await chrome.tabs.get(known.tabId).catch(() => null))) return `Tab ${n} of this replay was closed; open the page again and retry the step, or stop.`;
      } else {
        const max = Math.max(...set.list.map((t) => t.n));
        if (n !== max + 1) return `This step runs in tab ${n}, but the replay has only ${max} tab${max === 1 ? '' : 's'}.`;
        const tabId = await openedFrom(currentTabId(), set.list.map((t) => t.tabId));
        if (tabId === null) return `The step before should have opened a new tab (tab ${n}), and none opened; retry that step, or stop.`;
        set.list.push({ n, tabId });
        await group(tabId);
      }
      set.current = n;
      await chrome.storage.session.set({ [key(replayId)]: set });
      return null;
    },
  };
  return { page, tabs };
}

/** Every call goes to the page of the replay's current tab. */
function routedPage(current: () => ReplayPage): ReplayPage {
  return {
    url: () => current().url(),
    resolve: (fingerprint) => current().resolve(fingerprint),
    act: (action, guard) => current().act(action, guard),
    snapshot: (budget) => current().snapshot(budget),
    describe: (id) => current().describe(id),
    fieldState: (id) => current().fieldState(id),
    fingerprint: (id) => current().fingerprint(id),
    resolveSelectors: (selectors, frame) => current().resolveSelectors!(selectors, frame),
    checkSelectors: (selectors, frame, wait) => current().checkSelectors!(selectors, frame, wait),
    scrollTo: (selectors, frame, x, y) => current().scrollTo!(selectors, frame, x, y),
  };
}

/** The newest tab opened from `opener` that is not already one of the replay's, waited for a while. */
async function openedFrom(opener: number, ours: number[]): Promise<number | null> {
  const deadline = Date.now() + OPEN_WAIT_MS;
  while (Date.now() < deadline) {
    const found = (await chrome.tabs.query({})).filter((t) => t.openerTabId === opener && t.id !== undefined && !ours.includes(t.id));
    const newest = found.sort((a, b) => b.id! - a.id!)[0];
    if (newest) return newest.id!;
    await sleep(POLL_MS);
  }
  return null;
}

/** The tab joins the "Co-pilot" group: a courtesy to the person, so a browser without groups still replays. */
async function group(tabId: number): Promise<void> {
  try {
    const tab = await chrome.tabs.get(tabId);
    await joinCopilotGroup(tabId, tab.windowId);
  } catch (error) {
    console.warn('could not group the tab', error);
  }
}

/** When the replay's drive ends: no tab it opened is left under the debugger's control; once it is over, its tab list goes. */
export async function releaseReplayTabs(replayId: string, startTabId: number, over: boolean): Promise<void> {
  const set = await load(replayId, startTabId);
  for (const t of set.list) if (t.tabId !== startTabId) await releaseInput(t.tabId).catch(() => {});
  if (over) await chrome.storage.session.remove(key(replayId));
}
