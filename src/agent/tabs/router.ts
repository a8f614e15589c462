import type { PageSnapshot } from '../../shared/page';
import type { AgentPorts, BrowserPort } from '../ports';
import type { RunState } from '../run-state';
import { currentTab, type RunTabs } from './state';
import { withVision } from '../vision/route';

const TITLE_CAP = 60;

/**
 * The browser port the loop sees: every call goes to the run's current tab. When the run has more
 * than one tab, the page text starts with the list of them, so the model knows where it is.
 */
export function tabRouter(run: RunState, ports: AgentPorts): BrowserPort {
  const current = (): BrowserPort => {
    const tab = currentTab(run.tabs);
    return tab.tabId === null || !ports.tabs ? ports.browser : ports.tabs.browser(tab.tabId);
  };
  const router: BrowserPort = {
    async snapshot(opts) {
      const snap = await current().snapshot(opts);
      const tab = currentTab(run.tabs);
      tab.url = snap.url;
      tab.title = snap.title;
      return withTabList(run.tabs, snap);
    },
    // every argument passed on (a named list silently drops one added later)
    act: (...args) => current().act(...args),
    find: (q) => current().find(q),
    describe: (id) => current().describe(id),
    url: () => current().url(),
  };
  if (ports.browser.title) router.title = async () => (await current().title?.()) ?? '';
  if (ports.browser.aim) router.aim = async (action) => (await current().aim?.(action)) ?? null;
  if (ports.browser.release) router.release = async () => current().release?.();
  if (ports.browser.liveConnection) router.liveConnection = async () => (await current().liveConnection?.()) ?? null;
  if (ports.browser.holdsRequests) router.holdsRequests = async () => (await current().holdsRequests?.()) ?? false;
  if (ports.browser.describeFocused) router.describeFocused = async () => (await current().describeFocused?.()) ?? null;
  withVision(router, ports.browser, current);
  return router;
}

/** "Tabs of this task: [1] Catalog · [2] Shop B (current)": only once there is more than one. */
export function tabListLine(tabs: RunTabs): string {
  const name = (t: { n: number; title: string; url: string }) => {
    const words = (t.title || t.url || 'new tab').replace(/\s+/g, ' ').trim();
    return words.length > TITLE_CAP ? `${words.slice(0, TITLE_CAP - 1)}…` : words;
  };
  return `Tabs of this task: ${tabs.list.map((t) => `[${t.n}] ${name(t)}${t.n === tabs.current ? ' (current)' : ''}`).join(' · ')}`;
}

function withTabList(tabs: RunTabs, snap: PageSnapshot): PageSnapshot {
  if (tabs.list.length < 2) return snap;
  return { ...snap, text: `${tabListLine(tabs)}\n${snap.text}` };
}
