import { RpcError } from '../../shared/protocol-core';
import type { FilePayload } from '../../shared/attachment';
import type { ActHow, AimAsk, ReplayPage, Resolution } from '../../workflows/replay/ports';
import { debuggerApi } from '../../platform/trusted-input';
import type { Result } from '../../shared/protocol';
import { chromePagePort } from '../executor/chrome-port';
import type { PagePort } from '../executor/port';
import { tabBrowserOver } from '../executor/tab-browser';
import { sendToTab } from '../rpc';

/**
 * The replay engine's view of a tab: the page resolver (replay.* messages) for finding elements
 * and the agent's executor (trusted input through the debugger) for acting. A page that is between
 * documents answers nothing; for the resolver that is "not found yet", and the engine waits.
 */
/**
 * How long the DOM must be quiet after an action before the next step. The agent waits longer
 * (120 ms) because it reads the page next; a replay checks each step's effect itself and waits for
 * the next element to appear and agree, so a short window only has to let the page's own handlers run.
 */
const REPLAY_QUIET_MS = 10;
/** After the last step nothing reads the page: only what the action's handlers start in the next task or two (a form's submission) is waited for. */
const LAST_STEP_QUIET_MS = 2;

/** A look's aim is as fresh as its answer: timed as it arrives, by this clock, as the executor's own aims are. */
function timed(r: Result<'replay.resolve'>): Resolution {
  if (!r.ok || !r.aim) return r as Resolution;
  return { ...r, aim: { ...r.aim, at: Date.now() } };
}

/**
 * A look aims only where the input will go to its point, through the debugger: DOM-level input
 * (Firefox) sets or clicks the element where it is, and would only wait a frame for nothing.
 */
function aimIfTrusted(aim: AimAsk | undefined): { aim?: AimAsk } {
  return aim && debuggerApi() ? { aim } : {};
}

/** `files`: the replay's chosen files by name, which an upload step sends to the page (runs/attachments.ts) */
export function replayPageFor(tabId: number, files?: (name: string) => Promise<FilePayload | undefined>): ReplayPage {
  const port = chromePagePort(tabId, { trusted: true });
  const quietFor = (quietMs: number): PagePort => ({
    ...port,
    // page.act (DOM-level input: a native select, a date field) settles inside the page, with the same window
    call: (name, params, timeoutMs) => port.call(name, (name === 'page.settle' ? { quietMs, ...params } : name === 'page.act' ? { settle: { quietMs }, ...params } : params) as typeof params, timeoutMs),
  });
  const browser = tabBrowserOver(quietFor(REPLAY_QUIET_MS), files ? { files } : {});
  // the last step's action: nothing follows that reads the page, so only a short window is waited
  // for; an input the page types itself goes without the debugger
  const actor = (how: ActHow) => (!how.last && !how.inPage ? browser : tabBrowserOver(quietFor(how.last ? LAST_STEP_QUIET_MS : REPLAY_QUIET_MS), { domOnly: !!how.inPage, ...(files ? { files } : {}) }));
  const quiet = async <T>(call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      if (e instanceof RpcError && e.code === 'unreachable') return fallback;
      throw e;
    }
  };
  return {
    url: () =>
      browser.url().catch((e: unknown) => {
        throw /no tab with id/i.test(String((e as Error)?.message ?? e)) ? new Error('the tab of this replay was closed; open the page again and retry the step, or stop') : e;
      }),
    resolve: (fingerprint, aim) =>
      quiet(() => sendToTab(tabId, 'replay.resolve', { fingerprint, ...aimIfTrusted(aim) }, { timeoutMs: 10_000 }).then(timed), { ok: false, reason: 'not_found', message: 'the page is still loading' }),
    act: (action, guard, aimed, how = {}) => actor(how).act(action, guard, aimed, how.decide),
    release: () => browser.release(),
    holdsRequests: () => browser.holdsRequests(),
    liveConnection: () => browser.liveConnection(),
    snapshot: (budget = 3000) => browser.snapshot({ budget }),
    describe: (id) => browser.describe(id),
    describeFocused: () => browser.describeFocused(),
    fieldState: (id) => quiet(() => sendToTab(tabId, 'replay.field', { id }), null),
    fingerprint: (id) => quiet(() => sendToTab(tabId, 'replay.fingerprint', { id }), null),
    resolveSelectors: (selectors, frame, aim) =>
      quiet(() => sendToTab(tabId, 'replay.resolveSelectors', { selectors, frame, ...aimIfTrusted(aim) }, { timeoutMs: 10_000 }).then(timed), { ok: false, reason: 'not_found', message: 'the page is still loading' }),
    checkSelectors: (selectors, frame, wait) => quiet(() => sendToTab(tabId, 'replay.checkSelectors', { selectors, frame, wait }, { timeoutMs: 10_000 }), { met: false, count: 0 }),
    scrollTo: (selectors, frame, x, y) => quiet(() => sendToTab(tabId, 'replay.scrollTo', { selectors, frame, x, y }), { ok: false, message: 'the page is still loading' }),
  };
}
