import { injectContentScript, onTopDocument, type TopDocument } from '../../platform/content-script';
import { sendToTab } from '../../platform/rpc';
import { documentArrived } from './document-arrivals';
import { wakeOn } from '../../platform/wake';

/**
 * Which pages get the content script, and when. No manifest declares it: a script in every page
 * the person opens cost each load 7 to 12 ms of script and 205 KB, and woke the worker to ask
 * whether the tab was recording. Instead it goes only where the co-pilot works, and stays for the
 * document's life:
 * - when a task, replay (a scheduled one too) or recording starts in a tab, and when the side panel
 *   shows a tab (`ensureContentScript`), so the first look does not wait for it;
 * - whenever the worker opens contact with a tab whose document has none (`injectForSend`, the
 *   lazy path in src/background/rpc.ts: a look, a ping, the overlay or the recorder found no
 *   receiver, so it injects and sends again once);
 * - in each new document of a tab being worked in (`workIn`), as the page commits, so a recording
 *   captures the person's first input there and a replay or run that navigates finds its script.
 * The worked tabs are kept in `chrome.storage.session`, which outlives a worker restart (and no
 * browser restart, after which tab ids start over). content.js itself returns at once when it
 * already runs in the document (CONTENT_SCRIPT_ONCE in src/platform/manifest.ts).
 */

const KEY = 'workedTabs';
/** tab id → who works there: a run's, replay's or recording's id */
type Worked = Record<string, string[]>;

let cache: Worked | undefined;
let queue: Promise<unknown> = Promise.resolve();
let listening = false;
const injecting = new Map<string, Promise<boolean>>();
const newDocumentListeners = new Set<(tabId: number, url: string) => void>();

const read = async (): Promise<Worked> => (cache ??= ((await chrome.storage.session.get(KEY))[KEY] as Worked | undefined) ?? {});

/** One injection at a time per document (per tab when the document is not named). */
function injectOnce(tabId: number, documentId?: string): Promise<boolean> {
  const key = `${tabId}:${documentId ?? ''}`;
  const going = injecting.get(key);
  if (going) return going;
  const started = injectContentScript(tabId, documentId).finally(() => injecting.delete(key));
  injecting.set(key, started);
  return started;
}

/** The lazy path: a message to the tab's top frame found no script there. True once it runs. */
export const injectForSend = (tabId: number): Promise<boolean> => injectOnce(tabId);

/** Does the tab's top document answer? If not, the script goes in. True when it runs there now. */
export async function ensureContentScript(tabId: number): Promise<{ ok: boolean; injected: boolean }> {
  const answers = await sendToTab(tabId, 'content.ping', {}, { timeoutMs: 1_000 }).then(() => true, () => false);
  if (answers) return { ok: true, injected: false };
  const injected = await injectOnce(tabId);
  return { ok: injected, injected };
}

/** Told of each new document of a worked tab once its script runs (the recorder resumes there). */
export function onScriptInNewDocument(listener: (tabId: number, url: string) => void): void {
  newDocumentListeners.add(listener);
}

async function scriptArrived(tabId: number, url: string): Promise<void> {
  // the worker put it there: a wait for this tab's next document (chrome-port.ts) can ask it now
  documentArrived(tabId, { url, startedAt: Date.now() });
  for (const told of newDocumentListeners) told(tabId, url);
}

async function onNewDocument(doc: TopDocument): Promise<void> {
  if (!(await read())[doc.tabId]?.length) return;
  if (await injectOnce(doc.tabId, doc.documentId)) await scriptArrived(doc.tabId, doc.url);
}

/**
 * The navigation listener is there only while a tab is worked in: with it, every page load of
 * every tab wakes the worker. It is added at the worker's start all the same (`watchWorkedTabs`),
 * so the event that woke it is heard, and removed once the stored set says nothing is worked.
 */
function listenWhile(worked: Worked): void {
  const wanted = Object.keys(worked).length > 0;
  if (wanted === listening) return;
  listening = wanted;
  onTopDocument(wanted ? (doc) => void onNewDocument(doc).catch(() => {}) : null);
}

function change(edit: (worked: Worked) => boolean): Promise<void> {
  const next = queue.then(async () => {
    const worked = structuredClone(await read());
    if (!edit(worked)) return;
    cache = worked;
    listenWhile(worked);
    await chrome.storage.session.set({ [KEY]: worked });
  });
  queue = next.catch((e: unknown) => console.warn('could not keep the worked tabs', e));
  return queue as Promise<void>;
}

/**
 * `owner` (a run, replay or recording) works in the tab from now on: its script goes in now, and
 * into each document it loads until `doneWith`. A script put in now for a page already there is
 * told like a new document's (a recording follows a tab its step opened, whose page may have
 * committed before the tab joined).
 */
export async function workIn(tabId: number, owner: string): Promise<void> {
  await change((w) => {
    const owners = w[tabId] ?? [];
    if (owners.includes(owner)) return false;
    w[tabId] = [...owners, owner];
    return true;
  });
  const { injected } = await ensureContentScript(tabId);
  if (injected) {
    const url = (await chrome.tabs.get(tabId).catch(() => undefined))?.url;
    if (url) await scriptArrived(tabId, url);
  }
}

/** `owner` no longer works in `tabId` (in any tab when none is named). */
export function doneWith(owner: string, tabId?: number): Promise<void> {
  return change((w) => {
    let changed = false;
    for (const [id, owners] of Object.entries(w)) {
      if (tabId !== undefined && Number(id) !== tabId) continue;
      if (!owners.includes(owner)) continue;
      changed = true;
      const left = owners.filter((o) => o !== owner);
      if (left.length) w[id] = left;
      else delete w[id];
    }
    return changed;
  });
}

/** At the worker's start, at the top level: the listeners that must be there for the event that woke it. */
export function watchWorkedTabs(): void {
  listening = true;
  onTopDocument((doc) => void onNewDocument(doc).catch(() => {}));
  wakeOn('tabs.onRemoved', (tabId) => void change((w) => (tabId in w ? (delete w[tabId], true) : false)));
  void read().then(listenWhile, () => {});
}
