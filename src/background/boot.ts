import { listen } from '../platform/rpc';
import { lookup } from '../shared/protocol';
import { receiverOf, type HandlerMap, type SenderInfo } from '../shared/protocol-core';
import type { Messages } from '../shared/protocol';
import { MAIN_SCRIPT } from '../platform/manifest';
import { relayWakingEvents, setBoot } from '../platform/wake';
import { isConfiguredNow } from './settings-store';

/**
 * Chrome's service worker script (background.js): a boot that answers the side panel's greeting
 * (`system.status`) by itself and loads everything else (worker-main.js, built from main.ts) as a
 * second classic script with `importScripts`.
 *
 * Why: a cold start of the worker, timed from the stop until the reply to one `system.status`
 * (bench "Extension", scripts/worker-start-compare.mjs), was 37 to 40 ms with the whole worker in
 * one 740 KB script, against 9 ms for an empty worker (4.0x): the browser loads and compiles the
 * whole script before its first line runs (about 10 ms even with all of it evaluated later). A
 * script of rpc, the message registry and the settings store alone answered in 15 ms (1.5x); all
 * of main evaluated later but in the same file, in 26 ms (the parse of 740 KB stays). With this
 * boot (133 KB) the same comparison gave 24 ms against 10 (2.5x), and main's load (18 to 20 ms of
 * compile and top level) ended about 19 ms after the reply. A worker woken by any other message or
 * event pays for both scripts (woken by `settings.get`: 48 ms against 40 with one script).
 *
 * When main is loaded (always synchronously: a service worker cannot import()):
 * - at once during the install's evaluation (a classic worker may importScripts after its install
 *   only a script it imported then, as src/background/providers/sdks-script.ts does);
 * - at any message other than `system.status` (before its handler is looked up);
 * - at any event of the waking table (src/platform/wake.ts) but a panel's port, which waits;
 * - otherwise just after the first reply went out, or 50 ms after the start when no message is
 *   under way: main's start-up work (resuming runs, the schedules' catch-up, retention) must run
 *   at every start.
 * Once main is loaded, every message goes to its handlers, `system.status` too.
 */
declare function importScripts(...urls: string[]): void;

type Handlers = Partial<HandlerMap<Messages>>;
type AnyHandler = (params: unknown, sender: SenderInfo) => unknown;

/** With no message under way by then, the worker was woken by something else. */
const NO_MESSAGE_MS = 50;
/** However long the greeting's answer takes. */
const AT_MOST_MS = 1000;

const bootedAt = Date.now();
const version = chrome.runtime.getManifest().version;
let main: Handlers | undefined;
let loading = false;
let answered = false;
let answering = 0;

/** Why main could not be loaded (an error at its top level): every message but the greeting is answered with it. */
let failed: string | undefined;

function loadMain(): void {
  if (loading) return;
  loading = true;
  try {
    importScripts(MAIN_SCRIPT);
  } catch (e) {
    failed = e instanceof Error ? e.message : String(e);
    console.error('the worker could not load its main script', e);
    return;
  }
  relay.loaded();
}

const notLoaded: AnyHandler = () => {
  throw new Error(`The co-pilot's background could not start (${failed}). Reload the extension from chrome://extensions.`);
};

// every waking event, listened to now: the one that woke the worker must find a listener
const relay = relayWakingEvents(loadMain);
setBoot({ bootedAt, answered: () => answered, serve: (handlers) => void (main = handlers), on: relay.on });

const status: AnyHandler = async () => {
  answering++;
  try {
    return { bootedAt, version, configured: await isConfiguredNow() };
  } finally {
    answering--;
    answered = true;
    // after this turn, so that the reply is posted before main is compiled
    setTimeout(loadMain, 0);
  }
};

/** The handler of a message: the greeting's own before main is loaded, main's for every other. */
function handlerOf(name: string): AnyHandler | undefined {
  if (main) return (main as Record<string, AnyHandler | undefined>)[name];
  if (name === 'system.status') return status;
  const def = lookup(name);
  if (!def || receiverOf(def.direction) !== 'background') return undefined;
  loadMain();
  if (failed) return notLoaded;
  return (main as Record<string, AnyHandler | undefined> | undefined)?.[name];
}

listen('background', new Proxy({} as Handlers, { get: (_, name) => (typeof name === 'string' ? handlerOf(name) : undefined) }), lookup);

const state = (globalThis as { serviceWorker?: { state?: string } }).serviceWorker?.state;
if (state === undefined || state === 'parsed' || state === 'installing') loadMain();
setTimeout(() => answering === 0 && loadMain(), NO_MESSAGE_MS);
setTimeout(loadMain, AT_MOST_MS);
