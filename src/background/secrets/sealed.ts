import { db } from '../../storage/db';

/**
 * A run's or a replay's secrets (the values the person gave for it: a card number in chat, a
 * password for a workflow's Run), kept for the life of the run so that a worker restart or a Resume
 * does not ask the person again for what they already gave.
 *
 * Sealed in two halves: the values are encrypted (AES-GCM) into chrome.storage.session, which lives
 * in memory only, is cleared when the browser closes and is out of content scripts' reach; the key
 * is a non-extractable CryptoKey in IndexedDB. Neither half alone gives a value: the database on
 * disk holds no secret, and the memory copy is useless without the key. Both go when the run ends.
 */

const slot = (id: string) => `sealed:${id}`;

interface Sealed {
  iv: string;
  data: string;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function keyFor(id: string, create: boolean): Promise<CryptoKey | null> {
  const had = await db().sealKeys.get(id);
  if (had || !create) return had?.key ?? null;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db().sealKeys.put({ id, key, createdAt: Date.now() });
  return key;
}

/**
 * One operation at a time per id: two first seals would otherwise make two keys (the ciphertext
 * sealed with the one overwritten), and a seal finishing after a drop would bring the run's
 * secrets back.
 */
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(id: string, op: () => Promise<T>): Promise<T> {
  const next = (queues.get(id) ?? Promise.resolve()).then(op, op);
  const settled = next.catch(() => undefined);
  queues.set(id, settled);
  void settled.then(() => queues.get(id) === settled && queues.delete(id));
  return next;
}

/** Keeps `values` for run `id`, replacing what was kept. */
export function sealSecrets(id: string, values: Record<string, string>): Promise<void> {
  if (!Object.keys(values).length) return dropSecrets(id);
  return inTurn(id, async () => {
    const key = (await keyFor(id, true))!;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(values))));
    await chrome.storage.session.set({ [slot(id)]: { iv: toB64(iv), data: toB64(data) } satisfies Sealed });
  });
}

/** What was kept for run `id`; empty when nothing was, or the browser has closed since (the memory half is gone). */
export function openSecrets(id: string): Promise<Record<string, string>> {
  return inTurn(id, async () => {
    const sealed = (await chrome.storage.session.get(slot(id)))[slot(id)] as Sealed | undefined;
    const key = sealed ? await keyFor(id, false) : null;
    if (!sealed || !key) return {};
    try {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(sealed.iv) }, key, fromB64(sealed.data));
      const values = JSON.parse(new TextDecoder().decode(plain)) as unknown;
      if (!values || typeof values !== 'object') return {};
      return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {}; // sealed with a key that is gone: nothing to give back
    }
  });
}

/**
 * Forgets run `id`'s secrets: both halves. Never throws: a run ends whether or not this worked
 * (what is left is swept at the next start, `dropLeftoverSecrets`).
 */
export function dropSecrets(id: string): Promise<void> {
  return inTurn(id, async () => {
    await Promise.all([chrome.storage.session.remove(slot(id)), db().sealKeys.delete(id)]);
  }).catch((e: unknown) => console.error('could not forget the secrets of', id, e));
}

const GOING_RUN = ['running', 'paused', 'waiting', 'error'];
const GOING_REPLAY = ['running', 'paused', 'waiting'];

/**
 * At start-up: secrets kept for runs and replays that are over (ended while the worker was away,
 * deleted with their chat, or by retention), and keys whose sealed half the browser's closing
 * cleared. A run ended on an error keeps them while it can be resumed. A key made in the last
 * minute may be a run's that is writing its sealed half now, and is left.
 */
export async function dropLeftoverSecrets(): Promise<void> {
  const all = await chrome.storage.session.get(null);
  const keys = await db().sealKeys.toArray();
  for (const k of keys) {
    if (k.createdAt > Date.now() - 60_000) continue;
    const run = await db().runs.get(k.id);
    const going = !!run && (run.kind === 'replay' ? GOING_REPLAY : GOING_RUN).includes(run.status);
    if (!going || !(slot(k.id) in all)) await dropSecrets(k.id);
  }
  // a sealed half whose key is gone opens nothing
  const keyed = new Set(keys.map((k) => slot(k.id)));
  const orphans = Object.keys(all).filter((name) => name.startsWith('sealed:') && !keyed.has(name));
  if (orphans.length) await chrome.storage.session.remove(orphans);
}
