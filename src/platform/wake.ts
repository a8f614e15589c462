
/**
 * The browser events that wake the background, and how its two scripts share them in Chrome.
 *
 * Chrome's service worker starts with a small boot script (src/background/boot.ts) that answers
 * the panel's greeting itself and loads the rest (worker-main.js) a moment later with
 * `importScripts`. An MV3 worker is woken only by events it listened to in its first evaluation,
 * so the boot listens to every event of this table at its top level (one relay each) and main adds
 * its listeners to the relay's list (`wakeOn`). The two scripts are two bundles with their own
 * copies of every module: they meet through one global object the boot sets (`Boot`).
 *
 * Without a boot (Firefox's event page, unit tests), `wakeOn` adds the listener to the browser's
 * event itself, and main listens to messages itself (src/background/serve-messages.ts), as if
 * there were one script. Nothing here imports zod or the message registry: the boot holds neither.
 */

// web pages only: a browser page or about:blank never gets the content script, and is not worth a wake-up
const WEB = { url: [{ schemes: ['http', 'https', 'file'] }] };
// socket handshakes only: a listener with no type named wakes the worker for every request
const SOCKETS: chrome.webRequest.RequestFilter = { urls: ['<all_urls>'], types: ['websocket'] };

type Chrome = typeof chrome;
const api = (): Partial<Chrome> | undefined => (typeof chrome !== 'undefined' ? chrome : undefined);

/**
 * Every event a listener of the background's start waits for: the browser's event and the filter
 * it is listened to with. A listener added to one of these only while a run goes on (the worker's
 * main script is loaded then) goes to the browser directly.
 */
export const WAKING = {
  'tabs.onUpdated': { event: () => api()?.tabs?.onUpdated },
  'tabs.onRemoved': { event: () => api()?.tabs?.onRemoved },
  'tabs.onCreated': { event: () => api()?.tabs?.onCreated },
  'webNavigation.onCommitted': { event: () => api()?.webNavigation?.onCommitted, filter: [WEB] },
  'webRequest.onBeforeRequest.sockets': { event: () => api()?.webRequest?.onBeforeRequest, filter: [SOCKETS] },
  'downloads.onCreated': { event: () => api()?.downloads?.onCreated },
  'downloads.onChanged': { event: () => api()?.downloads?.onChanged },
  'alarms.onAlarm': { event: () => api()?.alarms?.onAlarm },
  'runtime.onStartup': { event: () => api()?.runtime?.onStartup },
  'runtime.onInstalled': { event: () => api()?.runtime?.onInstalled },
  // held until main is loaded rather than loading it: the panel opens its port beside its greeting
  'runtime.onConnect': { event: () => api()?.runtime?.onConnect, hold: true },
  'storage.onChanged': { event: () => api()?.storage?.onChanged },
  // a click is a user gesture only while its listener runs: every relay calls its listeners at once
  'action.onClicked': { event: () => api()?.action?.onClicked },
  'notifications.onClicked': { event: () => api()?.notifications?.onClicked },
} satisfies Record<string, WakingEvent>;

interface AnyEvent {
  addListener(listener: (...args: never[]) => unknown, ...filter: never[]): void;
  removeListener(listener: (...args: never[]) => unknown): void;
}
export interface WakingEvent {
  event: () => AnyEvent | undefined;
  filter?: readonly unknown[];
  hold?: boolean;
}

export type WakeKey = keyof typeof WAKING;
type EventOf<K extends WakeKey> = NonNullable<ReturnType<(typeof WAKING)[K]['event']>>;
export type WakeListener<K extends WakeKey> = Parameters<EventOf<K>['addListener']>[0];
type Listener = (...args: unknown[]) => unknown;

/** Main's answer to one message as the browser gave it (the envelope checked by hand already): the reply to send back. */
export type Answer = (raw: unknown, sender: chrome.runtime.MessageSender) => Promise<unknown>;

/** What the boot script offers the main script (a global: the two are separate bundles). */
export interface Boot {
  bootedAt: number;
  /** The boot has already answered a message (main's start-up work need not wait for one). */
  answered(): boolean;
  /** Main's answer to a message (checked and handled by main's own registry): from now on every message goes to it. */
  serve(answer: Answer): void;
  /** Adds a listener to the relay of a waking event; the returned function removes it. */
  on(key: WakeKey, listener: Listener): () => void;
}

const BOOT = 'copilotBoot';
type Holder = { [BOOT]?: Boot };

export const bootOf = (): Boot | undefined => (globalThis as Holder)[BOOT];
export const setBoot = (boot: Boot | undefined): void => void ((globalThis as Holder)[BOOT] = boot);

/** Listens to a waking event at the background's start; the returned function stops listening. */
export function wakeOn<K extends WakeKey>(key: K, listener: WakeListener<K>): () => void {
  const boot = bootOf();
  if (boot) return boot.on(key, listener as Listener);
  const entry: WakingEvent = WAKING[key];
  const event = entry.event();
  if (!event) return () => {};
  const added = listener as (...args: never[]) => unknown;
  event.addListener(added, ...((entry.filter ?? []) as never[]));
  return () => event.removeListener(added);
}

export interface Relay {
  on(key: WakeKey, listener: Listener): () => void;
  /** Main has been loaded: held events (a panel's port) go to its listeners now. */
  loaded(): void;
}

type Relayed = { event: AnyEvent; relay: Listener; on: boolean };

function eventOf(entry: WakingEvent): AnyEvent | undefined {
  try {
    return entry.event();
  } catch {
    return undefined;
  }
}

function deliver(list: Set<Listener> | undefined, key: string, args: unknown[]): void {
  for (const listener of [...(list ?? [])]) {
    try {
      listener(...args);
    } catch (e) {
      console.error(`a listener of ${key} failed`, e);
    }
  }
}

/**
 * The boot's listeners: one per waking event, registered now (call it at the top level). An event
 * that comes before main is loaded loads it (`load`, synchronous) and then goes to main's
 * listeners; a held one (`hold`) waits for the load instead.
 */
export function relayWakingEvents(load: () => void, table: Record<string, WakingEvent> = WAKING): Relay {
  let isLoaded = false;
  const lists = new Map<string, Set<Listener>>();
  const held: { key: string; args: unknown[] }[] = [];
  const relays = new Map<string, Relayed>();
  const hold = (key: string, args: unknown[]) => {
    const one = { key, args };
    held.push(one);
    // a port closed while it waited is not handed over
    (args[0] as { onDisconnect?: { addListener(l: () => void): void } } | undefined)?.onDisconnect?.addListener(() => {
      const at = held.indexOf(one);
      if (at >= 0) held.splice(at, 1);
    });
  };
  const listenTo = (key: string, r: Relayed) => {
    r.event.addListener(r.relay as (...args: never[]) => unknown, ...((table[key]!.filter ?? []) as never[]));
    r.on = true;
  };
  for (const [key, entry] of Object.entries(table)) {
    const event = eventOf(entry);
    if (!event) continue;
    const relay = (...args: unknown[]) => {
      if (!isLoaded && entry.hold) return hold(key, args);
      if (!isLoaded) load();
      deliver(lists.get(key), key, args);
    };
    relays.set(key, { event, relay, on: false });
    listenTo(key, relays.get(key)!);
  }
  return {
    on(key, listener) {
      const list = lists.get(key) ?? new Set<Listener>();
      lists.set(key, list);
      list.add(listener);
      const r = relays.get(key);
      if (r && !r.on) listenTo(key, r);
      return () => {
        list.delete(listener);
        // the last one gone: the event no longer wakes the worker (a navigation nobody works in)
        if (r?.on && list.size === 0) {
          r.event.removeListener(r.relay as (...args: never[]) => unknown);
          r.on = false;
        }
      };
    },
    loaded() {
      if (isLoaded) return;
      isLoaded = true;
      for (const { key, args } of held.splice(0)) deliver(lists.get(key), key, args);
    },
  };
}
