import type { BrowserPort, TabsPort } from '../../agent/ports';
import { chromePagePort } from './chrome-port';
import { GROUP_TITLE, joinCopilotGroup } from './tab-group';
import { openOwnTab } from './side-doors';

const LOAD_MS = 15_000;

/**
 * The tabs a run opens, as the agent's TabsPort: in the start tab's window, in the background (the
 * person stays where they are), in the "Co-pilot" group. It closes only tabs it opened itself;
 * the agent asks only for ids this port gave it.
 */
export function chromeTabsPort(startTabId: number, browserFor: (tabId: number) => BrowserPort): TabsPort {
  const opened = new Set<number>();
  return {
    async open(url) {
      const start = await chrome.tabs.get(startTabId);
      const since = Date.now();
      // no openerTabId: the pop-up guard judges tabs a page opens, and this one the gate judged
      const tab = await openOwnTab({ url, active: false, windowId: start.windowId });
      if (tab.id === undefined) throw new Error('the browser did not open a tab');
      opened.add(tab.id);
      // a group is a courtesy to the person: a browser without tab groups still runs the task
      await joinCopilotGroup(tab.id, start.windowId).catch((error) => console.warn('could not group the tab', error));
      const loaded = await chromePagePort(tab.id).waitForDocument(since, LOAD_MS);
      return { tabId: tab.id, url: loaded ?? url };
    },
    async close(tabId) {
      // after a worker restart the set is empty: the tab must still be in the Co-pilot group
      if (!opened.has(tabId) && !(await inCopilotGroup(tabId))) throw new Error(`tab ${tabId} was not opened by this task`);
      opened.delete(tabId);
      await chrome.tabs.remove(tabId);
    },
    browser: browserFor,
  };
}

async function inCopilotGroup(tabId: number): Promise<boolean> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (!tab || tab.groupId === undefined || tab.groupId < 0) return false;
  const group = await chrome.tabGroups.get(tab.groupId).catch(() => null);
  return group?.title === GROUP_TITLE;
}
