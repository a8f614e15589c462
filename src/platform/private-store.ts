import { wakeOn } from './wake';

/**
 * Where the settings (with the API keys) are kept: a store only the extension's own pages and its
 * background can read, never a content script, in either browser.
 * - Chrome: storage.local, once its access level is set to trusted contexts (content scripts may
 *   read storage.local by default; Chrome keeps the level across restarts).
 * - Firefox has no setAccessLevel, and there content scripts can read storage.local. The records
 *   go to the extension's own IndexedDB instead: content scripts run with the page's origin and
 *   cannot open it.
 * Only the background writes; it learns of its own writes through onPrivateChange.
 */

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

const DB_NAME = 'copilot-private';
const STORE = 'records';

function canLockStorageLocal(): boolean {
  return typeof chrome.storage?.local?.setAccessLevel === 'function';
}

/** Called once as the background starts: Chrome keeps storage.local from content scripts. */
export function protectPrivateStore(): Promise<void> | undefined {
  // not async: an API that throws at once must reach the caller's try (src/platform/start.ts)
  return canLockStorageLocal() ? chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }) : undefined;
}

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the private store could not be opened'));
  }).catch((e) => {
    opening = undefined;
    throw e;
  });
  return opening;
}

function idbRequest<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = run(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('the private store refused the request'));
      }),
  );
}

export async function readPrivate(key: string): Promise<unknown> {
  if (canLockStorageLocal()) return (await chrome.storage.local.get(key))[key];
  return idbRequest((s) => s.get(key), 'readonly');
}

export async function writePrivate(key: string, value: unknown): Promise<void> {
  if (canLockStorageLocal()) await chrome.storage.local.set({ [key]: value });
  else await idbRequest((s) => s.put(value, key), 'readwrite');
  for (const listener of listeners) listener(key);
}

export function onPrivateChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A change to `key` made anywhere the worker can learn of it: in Chrome every storage.local write
 * (the worker's own, another extension page's, one straight into storage), in Firefox the
 * worker's own writes (its IndexedDB tells no other context). For the worker, which tells the
 * panels that the settings changed: a panel never listens to the store itself, whose records
 * carry the API keys.
 */
export function onPrivateStored(key: string, listener: () => void): () => void {
  if (canLockStorageLocal() && chrome.storage.onChanged) {
    const changed = (changes: Record<string, unknown>, area: string) => area === 'local' && key in changes && listener();
    return wakeOn('storage.onChanged', changed);
  }
  return onPrivateChange((k) => k === key && listener());
}
