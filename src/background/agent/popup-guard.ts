import { readRun } from './run-store';
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
  const allowedHosts = async () => (await readRun(runId))?.state?.allowedHosts ?? [];
  const judge = async (popupId: number, url: string | undefined) => {
    // only web pages and data: documents; the extension's own pages and about:blank are left alone
    if (!url || !/^(?:https?|data):/i.test(url)) return;
    const host = hostOf(url);
    if (host && hostAllowed(host, await allowedHosts())) return;
    opened.delete(popupId);
    await chrome.tabs.remove(popupId).catch(() => {});
  };
  // whether a new tab is the run's pop-up is decided asynchronously; its address may arrive first
  const deciding = new Map<number, Promise<boolean>>();
  const onCreated = (tab: chrome.tabs.Tab) => {
    if (tab.openerTabId === undefined || tab.id === undefined) return;
    const id = tab.id;
    const ours = openedByRunTab(tab.openerTabId);
    deciding.set(id, ours);
    void ours.then((yes) => {
      deciding.delete(id);
      if (!yes) return;
      opened.add(id);
      return judge(id, tab.pendingUrl || tab.url);
    });
  };
  // Chromium does not always name the page as the opener: a pop-up can be credited to the tab
  // that had the focus (the side panel opened in a tab) or to the run's tab under a new id after a
  // document swap. So an opener in the run's window that is one of the run's sites, or this
  // extension's own page, counts as the run's tab.
  const openedByRunTab = async (openerId: number): Promise<boolean> => {
    if (openerId === tabId) return true;
    const [opener, own] = await Promise.all([chrome.tabs.get(openerId).catch(() => null), chrome.tabs.get(tabId).catch(() => null)]);
    if (!opener?.url || (own && opener.windowId !== own.windowId)) return false;
    if (opener.url.startsWith(chrome.runtime.getURL(''))) return true;
    const openerHost = hostOf(opener.url);
    return !!openerHost && hostAllowed(openerHost, await allowedHosts());
  };
  const onUpdated = (id: number, change: { url?: string }) => {
    if (!change.url) return;
    const url = change.url;
    if (opened.has(id)) void judge(id, url);
    else void deciding.get(id)?.then((yes) => (yes ? judge(id, url) : undefined));
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
