import { sameSite } from '../../shared/site';
import type { ReplayPage, ReplayTabs } from '../../workflows/replay/ports';
import { releaseInput } from '../executor/debugger';
import { chromePagePort } from '../executor/chrome-port';
import { joinCopilotGroup } from '../executor/tab-group';
import { replayPageFor } from './replay-page';
import { readAttachment } from '../runs/attachments';

/** The replay's tabs: n as the workflow numbers them (1 the tab it started in), and which is current. */
interface TabSet {
  list: { n: number; tabId: number }[];
  current: number;
  /** the highest tab id when the replay last took a tab: browsers number new tabs upwards */
  newest: number;
}

const OPEN_WAIT_MS = 10_000;
const POLL_MS = 100;
const key = (replayId: string) => `replay-tabs:${replayId}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Kept in session storage (memory only), so a replay resumed after a worker restart knows its tabs. */
async function load(replayId: string, startTabId: number): Promise<{ set: TabSet; stored: boolean }> {
  // asked together: the tabs are only needed when nothing is stored, which is every replay's start
  const [got, tabs] = await Promise.all([chrome.storage.session.get(key(replayId)), chrome.tabs.query({})]);
  const stored = got[key(replayId)] as TabSet | undefined;
  if (stored) return { set: stored, stored: true };
  return { set: { list: [{ n: 1, tabId: startTabId }], current: 1, newest: Math.max(startTabId, ...tabs.map((t) => t.id ?? 0)) }, stored: false };
}

/**
 * The replay engine's page and tabs over the browser: the page port acts in the current tab, and
 * entering a tab not open yet adopts the tab the last step opened (a target=_blank link,
 * window.open: a tab whose opener is the current one), in the "Co-pilot" group, as a run's tabs are.
 */
export function replayTabs(replayId: string, startTabId: number, newestAtStart?: number): { page: ReplayPage; tabs: ReplayTabs; currentTabId: () => number } {
  const pages = new Map<number, ReplayPage>();
  // a replay just started has nothing stored, and its start found its tab and the highest tab id
  let set: TabSet | undefined = newestAtStart === undefined ? undefined : { list: [{ n: 1, tabId: startTabId }], current: 1, newest: newestAtStart };
  /** whether session storage holds the set as it is */
  let kept = false;
  /** the tab the start found, not asked about again for the first step */
  let checked = newestAtStart === undefined ? undefined : startTabId;
  const currentTabId = () => set?.list.find((t) => t.n === set!.current)?.tabId ?? startTabId;
  const files = (name: string) => readAttachment(replayId, name);
  const pageOf = (tabId: number) => pages.get(tabId) ?? pages.set(tabId, replayPageFor(tabId, files)).get(tabId)!;
  const page = routedPage(() => pageOf(currentTabId()));
  const tabs: ReplayTabs = {
    async enter(n) {
      if (!set) ({ set, stored: kept } = await load(replayId, startTabId));
      const known = set.list.find((t) => t.n === n);
      if (known) {
        // a step in the tab the step before ran in is not held up to ask: its first question to the
        // page (the tab's address, replay-page.ts) fails if the tab was closed
        const stays = kept && set.current === n;
        const gone = !stays && known.tabId !== checked && !(await chrome.tabs.get(known.tabId).catch(() => null));
        checked = undefined;
        if (gone) return `Tab ${n} of this replay was closed; open the page again and retry the step, or stop.`;
      } else {
        const max = Math.max(...set.list.map((t) => t.n));
        if (n !== max + 1) return `This step runs in tab ${n}, but the replay has only ${max} tab${max === 1 ? '' : 's'}.`;
        const tabId = await openedFrom(currentTabId(), set);
        if (tabId === null) return `The step before should have opened a new tab (tab ${n}), and none opened; retry that step, or stop.`;
        set.list.push({ n, tabId });
        set.newest = Math.max(set.newest, tabId);
        if (!(await pageLoaded(tabId))) return `Tab ${n} opened but its page did not load; retry the step, or stop.`;
        await group(tabId);
      }
      // written only when it changed: most steps stay in the tab of the step before
      if (known && set.current === n && kept) return null;
      const first = known && set.current === n;
      set.current = n;
      kept = true;
      const write = chrome.storage.session.set({ [key(replayId)]: set });
      // the first step's write (nothing changed yet) is only for a restart: the step need not wait for it
      if (first) void write.catch((e) => console.error('could not keep the replay tabs', e));
      else await write;
      return null;
    },
  };
  return { page, tabs, currentTabId };
}

/** Every call goes to the page of the replay's current tab. */
function routedPage(current: () => ReplayPage): ReplayPage {
  return {
    url: () => current().url(),
    resolve: (fingerprint, aim) => current().resolve(fingerprint, aim),
    act: (...args) => current().act(...args),
    release: () => current().release?.() ?? Promise.resolve(),
    holdsRequests: () => current().holdsRequests?.() ?? Promise.resolve(false),
    liveConnection: () => current().liveConnection?.() ?? Promise.resolve(null),
    snapshot: (budget) => current().snapshot(budget),
    describe: (id) => current().describe(id),
    describeFocused: () => current().describeFocused?.() ?? Promise.resolve(null),
    fieldState: (id) => current().fieldState(id),
    fingerprint: (id) => current().fingerprint(id),
    resolveSelectors: (selectors, frame, aim) => current().resolveSelectors!(selectors, frame, aim),
    checkSelectors: (selectors, frame, wait) => current().checkSelectors!(selectors, frame, wait),
    scrollTo: (selectors, frame, x, y) => current().scrollTo!(selectors, frame, x, y),
  };
}

/**
 * The tab the last step opened: one that appeared since the replay last took a tab, opened by the
 * current tab or on its site (a browser may name the window's active tab, such as the side panel's,
 * as the opener of a tab a background tab opened, so the opener alone does not tell). Waited for a while.
 */
async function openedFrom(current: number, set: TabSet): Promise<number | null> {
  const from = await chrome.tabs.get(current).catch(() => null);
  if (!from) return null;
  const deadline = Date.now() + OPEN_WAIT_MS;
  while (Date.now() < deadline) {
    // any window: window.open with a size opens a pop-up window of its own
    const fresh = (await chrome.tabs.query({})).filter((t) => t.id !== undefined && t.id > set.newest && !set.list.some((o) => o.tabId === t.id));
    const ours = fresh.filter((t) => t.openerTabId === current || sameSite(t.pendingUrl || t.url || '', from.url ?? '')).sort((a, b) => a.id! - b.id!)[0];
    if (ours) return ours.id!;
    await sleep(POLL_MS);
  }
  return null;
}

/** The new tab's page is a web page whose content script answers: the step's checks read its address. */
async function pageLoaded(tabId: number): Promise<boolean> {
  const deadline = Date.now() + OPEN_WAIT_MS;
  while (Date.now() < deadline) {
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab) return false;
    if (/^https?:/i.test(tab.url ?? '')) return (await chromePagePort(tabId).waitForDocument(0, Math.max(0, deadline - Date.now()))) !== null;
    await sleep(POLL_MS);
  }
  return false;
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
  const { set } = await load(replayId, startTabId);
  for (const t of set.list) if (t.tabId !== startTabId) await releaseInput(t.tabId).catch(() => {});
  if (over) await chrome.storage.session.remove(key(replayId));
}
