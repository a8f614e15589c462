import { debuggerApi } from '../../platform/trusted-input';
import { beforeRelease, keepWhileHolding, trustedInput } from './debugger';
import { sendToTab } from '../rpc';
import { requestHolder, type Decide, type Hold, type HoldTransport, type RequestHolder } from './request-hold-core';
import { answerTarget, holdChildren, onChildAttached, pausedInChild } from './child-holds';
import { hostOf } from '../../shared/site';
import { closeSideDoors, type OutsideBegan, type SideDoors } from './side-doors';

export type { Decide, Hold } from './request-hold-core';

/**
 * The request hold in Chrome (request-hold-core.ts says what it does): the tab's debugger session
 * pauses its requests. Only the Fetch commands are sent besides input (cdp-input.ts): the session
 * never reads cookies or runs scripts. Frames and workers in processes of their own (a cross-site
 * iframe) are held through child sessions (child-holds.ts); a tab the page opens in the moment and
 * a shared worker, which no session of the tab sees, are shut by the side doors (side-doors.ts).
 */

/** how long the action waits after its page settled, for a request its handler began */
const TAIL_MS = 30;
/** how long the action's decider still judges the tab's requests after that (late ones) */
const GRACE_MS = 1_500;

/** Whether this browser can hold requests at all (Chrome's debugger; Firefox has none here). */
export const canHold = (): boolean => !!debuggerApi();

const holders = new Map<number, RequestHolder>();
/** holders whose run has ended while they wait out its last action's grace: the person's input ends that wait */
const ending = new Map<number, RequestHolder>();

/** The person pressed a key or a pointer in the tab's page after its run (overlay.personInput). */
export function personActedIn(tabId: number): void {
  ending.get(tabId)?.personActed();
}
/** each held tab's side doors, told of a frame that now runs under a session of the hold */
const watchFrame = new Map<number, (url: string) => Promise<void>>();
/**
 * One listener per tab, the current holder's. Routed here rather than each holder adding its own to
 * chrome.debugger.onEvent: a holder left behind by a detach (a re-attach, DevTools) would otherwise
 * go on answering the tab's paused requests, and its answer for a request it does not hold is
 * "continue", which let refused requests through.
 */
const listeners = new Map<number, (params: object) => void>();
let routing = false;
function route(): void {
  if (routing) return;
  routing = true;
  chrome.debugger.onEvent.addListener((source, method, params) => {
    const tabId = source.tabId;
    if (tabId === undefined || !params) return;
    const listener = listeners.get(tabId);
    if (method === 'Target.attachedToTarget') onChildAttached(tabId, params, !!listener, (url) => watchFrame.get(tabId)?.(url) ?? Promise.resolve());
    if (method !== 'Fetch.requestPaused' || !listener) return;
    if (source.sessionId) pausedInChild(tabId, source.sessionId, params);
    listener(params);
  });
  chrome.debugger.onDetach.addListener((source) => {
    if (source.tabId === undefined) return;
    holders.delete(source.tabId);
    listeners.delete(source.tabId);
    watchFrame.delete(source.tabId);
  });
}

function holderFor(tabId: number): RequestHolder {
  const had = holders.get(tabId);
  if (had) return had;
  route();
  const target = { tabId };
  const doors = doorsOf(tabId, () => holder.outside());
  watchFrame.set(tabId, doors.watchFrame);
  const transport: HoldTransport = {
    send: async (method, params) => {
      // an answer goes to the session (the tab's, or a frame's of its own) that paused the request
      if (method === 'Fetch.continueRequest' || method === 'Fetch.failRequest') return chrome.debugger.sendCommand(answerTarget(tabId, params), method, params);
      if (method === 'Fetch.disable') {
        await doors.open();
        // a hold that ends after the next run's hold began on the same tab leaves that one's interception on
        if (holders.has(tabId) && holders.get(tabId) !== holder) return;
        await holdChildren(tabId, false);
      }
      // the side doors first: their webRequest listeners may give the page new loader factories, and
      // the probe that follows interception must see the factories the action's input will use
      if (method === 'Fetch.enable') await doors.close();
      const done = await chrome.debugger.sendCommand(target, method, params).catch(async (e: unknown) => {
        // no interception, no hold (the gate judges by words): the doors open again with it
        if (method === 'Fetch.enable') await doors.open();
        throw e;
      });
      if (method === 'Fetch.enable') await holdChildren(tabId, true);
      return done;
    },
    onPaused(listener) {
      // a fresh function each time: ending one listening never ends the next one's
      const own = (params: object) => listener(params);
      listeners.set(tabId, own);
      return () => void (listeners.get(tabId) === own && listeners.delete(tabId));
    },
    probe: async (url) => void (await sendToTab(tabId, 'page.probe', { url }, { timeoutMs: 1_000 })),
  };
  const holder = requestHolder(transport, {
    tailMs: TAIL_MS,
    graceMs: GRACE_MS,
    onProbe: (seen) => (probed(tabId, seen), seen || void doors.letWorkers()),
    onAfterRun: (r) => console.warn(`tab ${tabId} sent ${r.method} ${r.url.slice(0, 120)} after its run ended; it was refused`),
    onAfterRunBegins: (ms) => void sendToTab(tabId, 'page.watchPerson', { ms }, { timeoutMs: 1_000 }).catch(() => undefined),
  });
  holders.set(tabId, holder);
  // a run's end (or the idle detach) ends the hold first, after deciding what is paused
  const release = async (): Promise<boolean> => {
    // A run that began in the tab before this one's end was released is acting through this hold
    // now: closing it would turn that action's hold into an after-run one and switch interception
    // off under it. The hold is that run's; its own end releases it.
    if (holder.acting()) return beforeRelease(tabId, release), true;
    if (holders.get(tabId) === holder) holders.delete(tabId);
    ending.set(tabId, holder);
    await holder.close().finally(() => ending.get(tabId) === holder && ending.delete(tabId));
    // another run's hold began in the tab while this one waited out its grace
    return holders.has(tabId);
  };
  beforeRelease(tabId, release);
  return holder;
}

/** A hold's side doors (side-doors.ts): one set closed at a time, so none is left behind when the hold ends. */
function doorsOf(tabId: number, outside: OutsideBegan) {
  let doors: SideDoors | null = null;
  const open = async () => {
    const closed = doors;
    doors = null;
    await closed?.open();
  };
  return {
    open,
    close: async () => {
      await open();
      doors = await closeSideDoors(tabId, outside);
    },
    letWorkers: () => doors?.letWorkers(),
    watchFrame: async (url: string) => {
      // about:srcdoc, about:blank, data: have no site to watch: what they send stays refused
      const host = /^https?:/i.test(url) ? hostOf(url) : null;
      if (host) await doors?.watchFrame(host);
    },
  };
}

/**
 * Tabs whose page's own load was not seen held when interception was switched on (a service worker
 * answering the page's requests, a page that blocks the probe): there the hold is not proven, and
 * the gate judges by words as it does without a hold, until a later probe is seen.
 */
const unproven = new Set<number>();
function probed(tabId: number, seen: boolean): void {
  if (seen) unproven.delete(tabId);
  else if (!unproven.has(tabId)) {
    unproven.add(tabId);
    console.warn(`the request hold could not see tab ${tabId}'s own requests held; its actions are judged by their words`);
  }
}
export const holdProven = (tabId: number): boolean => !unproven.has(tabId);

export async function withHeldRequests<T>(tabId: number, decide: Decide, act: (hold: Hold | null) => Promise<T>): Promise<T> {
  if (!canHold() || !(await trustedInput(tabId))) return act(null);
  // an idle detach in the middle of the action would end the hold and let a request through unjudged
  const release = keepWhileHolding(tabId);
  try {
    return await holderFor(tabId).run(decide, act);
  } finally {
    release();
  }
}
