import { db } from '../../storage/db';
import { hostAllowed, hostOf } from '../../shared/site';

/**
 * A page can open a window of its own (window.open in a click handler) at a site the task never
 * named; the gate judged the click by what the button said. While a run acts in a tab, a tab that
 * tab opens on another site is closed at once, so nothing the co-pilot does continues there and
 * the person is not left with a look-alike page in front of them. (The page's own request to open
 * it may already have been sent: what a page's scripts do is theirs; see docs/threat-model.md.)
 */
export function watchPopups(tabId: number, runId: string): () => void {
  const opened = new Set<number>();
  const judge = async (popupId: number, url: string | undefined) => {
    if (!url || url === 'about:blank') return;
    const run = await db().runs.get(runId);
    const allowed = (run?.state as { allowedHosts?: string[] } | undefined)?.allowedHosts ?? [];
    const host = hostOf(url);
    if (host && hostAllowed(host, allowed)) return;
    opened.delete(popupId);
    await chrome.tabs.remove(popupId).catch(() => {});
  };
  const onCreated = (tab: chrome.tabs.Tab) => {
    if (tab.openerTabId === undefined || tab.id === undefined) return;
    const id = tab.id;
    void openedByRunTab(tab.openerTabId).then((ours) => {
      if (!ours) return;
      opened.add(id);
      return judge(id, tab.pendingUrl || tab.url);
    });
  };
  // Chromium may give the run's tab a new id as it swaps documents (a prerender, a process swap),
  // so an opener in the run's window counts as the run's tab.
  const openedByRunTab = async (openerId: number): Promise<boolean> => {
    if (openerId === tabId) return true;
    const [opener, own] = await Promise.all([chrome.tabs.get(openerId).catch(() => null), chrome.tabs.get(tabId).catch(() => null)]);
    return !!opener && (!own || opener.windowId === own.windowId);
  };
  const onUpdated = (id: number, change: { url?: string }) => {
    if (opened.has(id) && change.url) void judge(id, change.url);
  };
  chrome.tabs.onCreated.addListener(onCreated);
  chrome.tabs.onUpdated.addListener(onUpdated);
  // a window opened by the run's last click may open, or get its address, after the run has ended
  return () => {
    setTimeout(() => {
      chrome.tabs.onCreated.removeListener(onCreated);
      chrome.tabs.onUpdated.removeListener(onUpdated);
    }, 10_000);
  };
}
