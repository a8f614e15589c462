import { MAIN_SCRIPT } from '../platform/manifest';
import { classifySender } from '../platform/sender';
import { relayWakingEvents, setBoot, type Answer } from '../platform/wake';
import { isEnvelope } from '../shared/envelope';
import { storedVerdict } from './settings-verdict';

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
 * of main evaluated later but in the same file, in 26 ms (the parse of 740 KB stays). A boot of
 * 133 KB (rpc, the message registry and zod, the settings store) gave 24 to 28 ms against 9 to 10,
 * and made a worker woken by any other message pay for both scripts (woken by `settings.get`: 48
 * ms against 40 with one script). So the boot holds none of them: it checks the envelope and the
 * sender by hand, answers the greeting from the settings' saved verdict (settings-verdict.ts), and
 * hands every other message to main, which checks it against its own registry.
 *
 * When main is loaded (always synchronously: a service worker cannot import()):
 * - at once during the install's evaluation (a classic worker may importScripts after its install
 *   only a script it imported then, as src/background/providers/sdks-script.ts does);
 * - at any message other than the side panel's `system.status`, and at a greeting whose saved
 *   verdict does not hold (the settings must be parsed: main answers it);
 * - at any event of the waking table (src/platform/wake.ts) but a panel's port, which waits;
 * - otherwise just after the first reply went out, or 50 ms after the start when no message is
 *   under way: main's start-up work (resuming runs, the schedules' catch-up, retention) must run
 *   at every start.
 * Once main is loaded, every message goes to its handlers, `system.status` too.
 */
declare function importScripts(...urls: string[]): void;

/** With no message under way by then, the worker was woken by something else. */
const NO_MESSAGE_MS = 50;
/** However long the greeting's answer takes. */
const AT_MOST_MS = 1000;

const bootedAt = Date.now();
const version = chrome.runtime.getManifest().version;
let main: Answer | undefined;
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

// every waking event, listened to now: the one that woke the worker must find a listener
const relay = relayWakingEvents(loadMain);
setBoot({ bootedAt, answered: () => answered, serve: (answer) => void (main = answer), on: relay.on });

/** The greeting's reply from the saved verdict, or undefined when only the parsed settings can tell (main answers then). */
async function greeting(): Promise<unknown> {
  answering++;
  try {
    const configured = await storedVerdict();
    return configured === undefined ? undefined : { ok: true, result: { bootedAt, version, configured } };
  } finally {
    answering--;
    answered = true;
    // after this turn, so that the reply is posted before main is compiled
    setTimeout(loadMain, 0);
  }
}

/** Every other message (and a greeting the verdict cannot answer) goes to main, loaded first. */
function toMain(raw: unknown, sender: chrome.runtime.MessageSender): Promise<unknown> {
  loadMain();
  if (!main) {
    const message = `The co-pilot's background could not start (${failed ?? 'its main script did not load'}). Reload the extension from chrome://extensions.`;
    return Promise.resolve({ ok: false, error: { code: 'handler_failed', message } });
  }
  return main(raw, sender);
}

// The one message listener of the worker: every envelope gets an answer (src/platform/rpc.ts's
// listen says why), the side panel's greeting from here while main is not loaded.
chrome.runtime.onMessage.addListener((raw: unknown, sender: chrome.runtime.MessageSender, sendResponse: (reply: unknown) => void) => {
  if (!isEnvelope(raw)) return false;
  const greets = !main && raw.name === 'system.status' && classifySender(sender)?.context === 'panel';
  // a verdict that cannot be read (storage refused) is main's to answer too, as one that does not hold
  const reply = greets ? greeting().catch(() => undefined).then((r) => r ?? toMain(raw, sender)) : toMain(raw, sender);
  void reply.then(sendResponse, (e: unknown) => sendResponse({ ok: false, error: { code: 'handler_failed', message: e instanceof Error ? e.message : String(e) } }));
  return true; // keeps the channel open for the async reply
});

const state = (globalThis as { serviceWorker?: { state?: string } }).serviceWorker?.state;
if (state === undefined || state === 'parsed' || state === 'installing') loadMain();
setTimeout(() => answering === 0 && loadMain(), NO_MESSAGE_MS);
setTimeout(loadMain, AT_MOST_MS);
