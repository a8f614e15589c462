import { RpcError } from '../../shared/protocol-core';
import { anyDownloadSince, downloadBegunSince } from './downloads';
import type { PageMessageName } from '../../shared/messages/page';
import { sendToTab } from '../rpc';
import { trustedInput } from './debugger';
import { canHold, withHeldRequests, holdProven } from './effect-hold';
import { untrustedInputReason } from '../../platform/trusted-input';
import { reportedWait } from './page-wait';
import { onDocumentArrival, type Arrival } from './document-arrivals';
import { PageGone, type PageParams, type PagePort, type PageResult } from './port';
import { liveConnectionOf } from './live-connections';
import { withWritesShut } from './look-hold';

/**
 * The tab's page loads ("complete") or the worker has put the content script into its new
 * document, as a wake-up for a wait that polls: `next(ms)` resolves at the next of those or after
 * `ms`, and after a load every few milliseconds: the script is injected at document_idle, which
 * comes with the load event, a moment before or after the tab says so. `told()` hands over the
 * documents whose script started; `arrival()` resolves when the next one does (a ping out races it).
 */
function tabLoads(tabId: number): { next: (ms: number) => Promise<void>; told: () => Arrival[]; arrival: () => Promise<void>; stop: () => void } {
  let wake: (() => void) | undefined;
  let loaded = false;
  const onUpdated = (id: number, change: { status?: string }) => {
    if (id !== tabId || change.status !== 'complete') return;
    loaded = true;
    wake?.();
  };
  chrome.tabs.onUpdated.addListener(onUpdated);
  // a start told while a ping is out is kept for the next wait, which then asks at once
  let arrived = false;
  const docs: Arrival[] = [];
  let onArrival: (() => void) | undefined;
  const stopArrivals = onDocumentArrival(tabId, (doc) => {
    arrived = true;
    if (doc) docs.push(doc);
    wake?.();
    onArrival?.();
  });
  return {
    next: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, arrived ? 0 : loaded ? 5 : ms);
        arrived = false;
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      }),
    told: () => docs.splice(0),
    arrival: () => new Promise<void>((resolve) => (onArrival = resolve)),
    stop: () => {
      chrome.tabs.onUpdated.removeListener(onUpdated);
      stopArrivals();
    },
  };
}

/** How often a wait for the next document asks the tab while it loads and nothing has answered. */
const PING_MS = 50;

const tabUrl = async (tabId: number): Promise<string | null> => (await chrome.tabs.get(tabId).catch(() => undefined))?.url ?? null;

/** The PagePort of a real tab: messages to its top frame, chrome.debugger input, chrome.tabs navigation. */
export function chromePagePort(tabId: number, opts: { trusted?: boolean } = {}): PagePort {
  const port = tabPort(tabId, opts);
  // the panel says "waiting for the page" while the next document takes a while to answer
  return { ...port, waitForDocument: (since, timeoutMs) => reportedWait(tabId, () => port.waitForDocument(since, timeoutMs)) };
}

/**
 * The address of a tab that came to rest on no web page (back to about:blank, a browser page): it
 * gets no content script, so no document will answer however long one waits. Null otherwise.
 */
async function restsOffTheWeb(tabId: number): Promise<string | null> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  return tab?.status === 'complete' && !tab.pendingUrl && tab.url && !/^(?:https?|file):/i.test(tab.url) ? tab.url : null;
}

/**
 * Is a ping's answer from a document newer than `since`? The old document answers until the new
 * one commits: only a script that started later counts, in a document that began later (a ping to
 * a page with no script puts one there, rpc.ts, and the page being left may get it a moment
 * before the next one commits).
 */
function isNewDocument(since: number, left: number | undefined): (p: { readyAt: number; since?: number }) => boolean {
  return (p) => p.readyAt >= since - 50 && p.readyAt !== left && (p.since === undefined || p.since >= since - 5);
}

function tabPort(tabId: number, opts: { trusted?: boolean }): PagePort {
  /**
   * The document a navigate or back leaves: it answers until the next one commits, so a ping from
   * it is no sign of the new page, even when it loaded a moment before the navigation began.
   */
  let leaving: Promise<number | undefined> = Promise.resolve(undefined);
  // asked as the navigation is sent, not before it: the old document answers long before the new
  // one commits (that takes a response from the network); a page being left gets no script
  const stampLeaving = () => {
    leaving = sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000, inject: false }).then((p) => p.readyAt, () => undefined);
  };
  return {
    async call<N extends PageMessageName>(name: N, params: PageParams<N>, timeoutMs = 15_000): Promise<PageResult<N>> {
      try {
        return (await sendToTab(tabId, name, params as never, { frameId: 0, timeoutMs })) as PageResult<N>;
      } catch (e) {
        if (e instanceof RpcError && e.code === 'unreachable') throw new PageGone(e.message);
        throw e;
      }
    },
    input: () => (opts.trusted === false ? Promise.resolve(null) : trustedInput(tabId)),
    // where the browser has no debugger (Firefox) nothing can be held: the gate judges words alone
    ...(canHold() ? { holdRequests: (decide, act) => withHeldRequests(tabId, decide, act), holdProven: () => holdProven(tabId), shutWrites: (act) => withWritesShut(tabId, act) } : {}),
    untrustedReason: untrustedInputReason(),
    liveConnection: () => liveConnectionOf(tabId),
    async navigate(url) {
      stampLeaving();
      await chrome.tabs.update(tabId, { url });
    },
    async back() {
      stampLeaving();
      await chrome.tabs.goBack(tabId);
    },
    async waitForDocument(since, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // listening before the leaving document has answered: the next one may start first
      const loads = tabLoads(tabId);
      const left = await leaving;
      const began = isNewDocument(since, left);
      try {
        while (Date.now() < deadline) {
          // a new document's script was injected (it listens once that is done): as good an answer as a ping's
          const told = loads.told().filter((d) => began({ readyAt: d.startedAt })).at(-1);
          if (told) {
            leaving = Promise.resolve(undefined);
            return told.url;
          }
          // between documents nobody answers; a ping sent before the new document's script runs
          // injects it (at document_idle) and is answered once it listens, and the injection the
          // commit asked for (content-script.ts) may be told sooner than that answer
          const pinged = sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000 }).then((p) => (began(p) ? p.url : null), () => null);
          const url = (await Promise.race([pinged, loads.arrival().then(() => null)])) ?? (await restsOffTheWeb(tabId));
          if (url !== null) {
            leaving = Promise.resolve(undefined);
            return url;
          }
          // the navigation became a download: the document stays, and no new one will answer
          if (anyDownloadSince(since - 50) && downloadBegunSince(since - 50, (await tabUrl(tabId)) ?? '')) return ((leaving = Promise.resolve(undefined)), await tabUrl(tabId));
          // asked again when the tab says its page loaded (the content script starts about then) or
          // when the new document's script was injected; else only now and then: a ping sent into a
          // page still loading is answered by its script as soon as it runs, in the middle of the
          // step's first look, and the injection is told at the same moment anyway
          await loads.next(PING_MS);
        }
        return null;
      } finally {
        loads.stop();
      }
    },
    async url() {
      return (await chrome.tabs.get(tabId)).url ?? '';
    },
    async title() {
      return (await chrome.tabs.get(tabId)).title ?? '';
    },
  };
}
