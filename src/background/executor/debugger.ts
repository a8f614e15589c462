import { onlyInputCommands, type CdpSend } from './cdp-input';
import { debuggerApi } from '../../platform/trusted-input';

/**
 * The debugger gives full control of a tab (scripts, cookies, network), and Chrome shows its
 * "started debugging this browser" bar while it is attached. So it is held only while input is
 * being sent: attached on first use, detached when the run or replay ends (releaseInput) and
 * after IDLE_MS without a command, and only input commands go through it (onlyInputCommands).
 */
const IDLE_MS = 30_000;

// Tabs this service worker has attached the debugger to, with their idle timers. Module state is
// lost when the worker stops; attach() then finds the session still there ("already attached").
const attached = new Map<number, ReturnType<typeof setTimeout>>();
const refusedUntil = new Map<number, number>();
const attaching = new Map<number, Promise<CdpSend | null>>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  chrome.debugger.onDetach.addListener((source) => {
    if (source.tabId === undefined) return;
    clearTimeout(attached.get(source.tabId));
    attached.delete(source.tabId);
  });
}

/** Tabs whose requests are being held (effect-hold.ts): their session must not end by idling in the middle. */
const holding = new Map<number, number>();

/** (Re)starts the tab's idle timer: a run waiting for the person or the model does not keep the tab under control. */
function touch(tabId: number): void {
  clearTimeout(attached.get(tabId));
  attached.set(
    tabId,
    setTimeout(() => void ((holding.get(tabId) ?? 0) > 0 ? touch(tabId) : releaseInput(tabId)), IDLE_MS),
  );
}

/**
 * Keeps the tab's session while its requests are held: an idle detach in the middle would end the
 * hold and let a request through unjudged. Returns the function that ends this keep.
 */
export function keepWhileHolding(tabId: number): () => void {
  holding.set(tabId, (holding.get(tabId) ?? 0) + 1);
  if (attached.has(tabId)) touch(tabId);
  return () => {
    holding.set(tabId, Math.max(0, (holding.get(tabId) ?? 1) - 1));
    if (attached.has(tabId)) touch(tabId);
  };
}

function sender(tabId: number): CdpSend {
  return onlyInputCommands((method, params) => {
    touch(tabId);
    return chrome.debugger.sendCommand({ tabId }, method, params) as Promise<unknown>;
  });
}

/**
 * Trusted input for a tab, attaching chrome.debugger on first use; null when it cannot attach
 * (DevTools open on the tab, a page the debugger may not touch, the person cancelled it), in
 * which case the runner uses DOM-level input. A refusal is remembered for a while.
 */
export async function trustedInput(tabId: number): Promise<CdpSend | null> {
  if (!debuggerApi()) return null; // a browser without the debugger API: DOM-level input
  listen();
  if (attached.has(tabId)) return sender(tabId);
  if ((refusedUntil.get(tabId) ?? 0) > Date.now()) return null;
  // one attach at a time per tab: a second would find the first's session and end it (see attach)
  const going = attaching.get(tabId) ?? attachOnce(tabId).finally(() => attaching.delete(tabId));
  attaching.set(tabId, going);
  return going;
}

async function attachOnce(tabId: number): Promise<CdpSend | null> {
  try {
    await attach(tabId);
    touch(tabId);
    return sender(tabId);
  } catch {
    refusedUntil.set(tabId, Date.now() + 30_000);
    return null;
  }
}

async function attach(tabId: number): Promise<void> {
  try {
    await chrome.debugger.attach({ tabId }, '1.3');
  } catch (e) {
    if (!/already attached/i.test(e instanceof Error ? e.message : String(e))) throw e;
    // Ours from before a worker restart, or someone else's (DevTools). Detaching succeeds only
    // for our own session; then attach afresh. This sends the tab no command but input.
    await chrome.debugger.detach({ tabId });
    await chrome.debugger.attach({ tabId }, '1.3');
  }
}

/**
 * What must happen on a tab before its session ends (the request hold decides what it has paused,
 * and waits out its last action's grace). It answers true when another run took the tab's session
 * over meanwhile: that run's own end releases it.
 */
const releasing = new Map<number, () => Promise<boolean>>();
export function beforeRelease(tabId: number, fn: () => Promise<boolean>): void {
  releasing.set(tabId, fn);
}

/** Detaches from the tab if this worker attached to it: called when a run or replay ends. */
export async function releaseInput(tabId: number): Promise<void> {
  // an attach still under way (the replay ended as its first input was being prepared) is let finish, then ended
  await attaching.get(tabId);
  const before = releasing.get(tabId);
  releasing.delete(tabId);
  const takenOver = await before?.().catch(() => false);
  // the hold waits out its last action's grace first: a run that began in the tab meanwhile keeps
  // the session (detached between its steps, a replay's next input went out on a stale session)
  if (takenOver || (holding.get(tabId) ?? 0) > 0) return;
  if (!attached.has(tabId) || !debuggerApi()) return;
  clearTimeout(attached.get(tabId));
  attached.delete(tabId);
  try {
    await chrome.debugger.detach({ tabId });
  } catch {
    // already gone with the tab
  }
}

/**
 * At start-up: sessions this extension attached before the worker stopped have no idle timer any
 * more, so they would keep Chrome's debugging bar up for good. Each is ended (a session of
 * DevTools or another extension cannot be detached from here, and is left alone); a run or replay
 * that goes on attaches again at its next input. A tab attached in this worker's life is kept.
 */
export async function releaseLeftoverInput(): Promise<void> {
  if (!debuggerApi()) return;
  const targets = await chrome.debugger.getTargets().catch(() => []);
  const leftover = targets.filter((t) => t.type === 'page' && t.attached && t.tabId !== undefined && !attached.has(t.tabId));
  await Promise.all(leftover.map((t) => chrome.debugger.detach({ tabId: t.tabId }).catch(() => {})));
}
