import { gateAction } from '../../agent';
import { hostsNamedIn, urlsNamedIn, isWebUrl } from '../../shared/site';
import { sendToTab } from '../rpc';

/**
 * Before a run: the tab must hold a page the co-pilot can work in. Chrome runs no content script
 * on its own pages (the new-tab page, chrome://, the Web Store) nor on some files; a page still
 * loading has none yet. Rather than fail after the page model's long timeout, a page that loads is
 * waited for, a task that names a site opens it (if the safety gate's rule for typed addresses
 * lets it), and otherwise the person is told, in plain words, why and what to do.
 */
const LOAD_MS = 20_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Does the tab rest on the page it shows (loaded, no navigation pending)? */
const settled = async (tabId: number) => {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  return tab?.status === 'complete' && !tab.pendingUrl;
};

/**
 * Answers when the tab's content script does, with the time it started; null if none does in
 * time. The script is put into the page only once the tab rests on it: a page still shown while
 * the next one loads would answer, just injected, as if it were the new one.
 */
async function scriptReady(tabId: number, timeoutMs: number, since = 0): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  do {
    const inject = await settled(tabId);
    const ping = await sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000, inject }).catch(() => null);
    if (ping && ping.readyAt >= since - 50) return true;
    await sleep(100);
  } while (Date.now() < deadline);
  return false;
}

/** What kind of page the tab holds, for the message to the person. */
function pageKind(url: string): string {
  if (/^chrome:\/\/(newtab|new-tab-page)/i.test(url) || /^chrome-search:/i.test(url) || url === '' || url === 'about:blank') return 'the new-tab page';
  if (/^(chrome|edge|brave|about|chrome-untrusted|devtools|view-source):/i.test(url)) return 'a browser page';
  if (/^https:\/\/chrome(webstore)?\.google\.com\/(webstore|detail)/i.test(url) || /^https:\/\/chromewebstore\.google\.com/i.test(url)) return 'the Chrome Web Store';
  if (/^file:/i.test(url)) return 'a file on this computer';
  if (/^chrome-extension:/i.test(url)) return "another extension's page";
  return 'this page';
}

/** The first address the task names, as a web address the browser can open. */
function siteNamedIn(task: string): string | null {
  const named = urlsNamedIn(task)[0];
  if (!named) return null;
  const url = /^https?:\/\//i.test(named) ? named : `https://${named}`;
  return isWebUrl(url) ? url : null;
}

/** Throws, in plain words, when the run cannot start in this tab; opens the task's site when it can. */
export async function prepareStartPage(tabId: number, task: string): Promise<void> {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab) throw new Error('The tab this chat belongs to was closed. Open the page you want to work on and ask again.');
  const url = tab.pendingUrl ?? tab.url ?? '';
  const web = /^https?:/i.test(url);
  // a web page answers at once, or once it has loaded; while a navigation has not committed, the
  // page still shown answers too, so only a script started from now on counts
  const since = tab.pendingUrl ? Date.now() : 0;
  if (await scriptReady(tabId, web ? (tab.status === 'loading' ? LOAD_MS : 1_500) : 0, since)) return;
  const site = siteNamedIn(task);
  if (site) {
    // the same rule as a navigation the model types: an address the person wrote, on a site they named
    const verdict = gateAction({ kind: 'navigate', url: site }, null, { allowedHosts: hostsNamedIn(task), approvals: [], knownUrls: urlsNamedIn(task), pageUrl: url });
    if (verdict.kind === 'allow') {
      const opened = Date.now();
      await chrome.tabs.update(tabId, { url: site });
      if (await scriptReady(tabId, LOAD_MS, opened)) return;
      throw new Error(`${new URL(site).host} did not finish loading in ${LOAD_MS / 1000} s. Check the page in the tab, then ask again.`);
    }
  }
  if (web) throw new Error('This page is not ready for the co-pilot (it did not answer). Reload the page, then ask again.');
  throw new Error(
    `The co-pilot cannot work on ${pageKind(url)}: Chrome does not let extensions read or act on it. Open a website in this tab, or name the site in your task (for example “on example.com, …”) and the co-pilot opens it.`,
  );
}
