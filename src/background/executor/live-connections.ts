import { sendToTab } from '../rpc';
import { wakeOn } from '../../platform/wake';

/**
 * The live connections (WebSockets) the pages of each tab opened. A frame sent over one goes out
 * where the request hold cannot pause it: a "Continue" whose handler orders a transfer over the
 * page's socket sends no request at all. So on a page that opened one, the gate asks before an
 * action that presses or changes a control (src/agent/safety/gate.ts `liveConnection`).
 *
 * The browser's non-blocking webRequest says when a socket opens (its handshake), not when it
 * closes: a page that opened one since it loaded counts as keeping it. The record is kept in
 * session storage, so a worker that stopped and woke for the page's next action still knows.
 * Only the handshake wakes the worker (the listener's filter names the websocket type alone).
 */

type Opened = { host: string; at: number };
const KEY = 'liveConnections';
/** per tab, the newest first; a few are enough to date the page's own */
const KEEP = 4;

let cache: Promise<Record<string, Opened[]>> | null = null;
const load = (): Promise<Record<string, Opened[]>> =>
  (cache ??= chrome.storage.session.get(KEY).then(
    (r) => (r[KEY] ?? {}) as Record<string, Opened[]>,
    () => ({}),
  ));

async function update(change: (all: Record<string, Opened[]>) => void): Promise<void> {
  const all = await load();
  change(all);
  await chrome.storage.session.set({ [KEY]: all }).catch(() => undefined);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Starts listening, at the worker's start (a listener added later would not wake it). */
export function watchLiveConnections(): void {
  if (typeof chrome === 'undefined' || !chrome.webRequest?.onBeforeRequest) return;
  // socket handshakes only (the filter is in wake.ts)
  wakeOn(
    'webRequest.onBeforeRequest.sockets',
    (d) => {
      // a worker's socket belongs to no tab; a shared worker's frames are no page's action
      if (d.tabId < 0) return undefined;
      void update((all) => {
        all[d.tabId] = [{ host: hostOf(d.url), at: Math.floor(d.timeStamp) }, ...(all[d.tabId] ?? [])].slice(0, KEEP);
      });
      return undefined;
    },
  );
  wakeOn('tabs.onRemoved', (tabId) => void update((all) => delete all[tabId]));
}

/**
 * The host of a live connection the tab's page opened since it loaded, or null. Asks the page when
 * its document began only when the tab ever opened one (the common page costs nothing).
 */
export async function liveConnectionOf(tabId: number): Promise<string | null> {
  const opened = (await load())[tabId];
  if (!opened?.length) return null;
  const ping = await sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000 }).catch(() => null);
  // a page that does not answer (between documents) is judged as keeping what it opened
  const since = ping?.since ?? 0;
  // the handshake's time and the document's origin come from two clocks of the same machine: a
  // little slack, so a socket opened as the page began is not taken for the last page's
  return opened.find((o) => o.at >= since - 5)?.host ?? null;
}
