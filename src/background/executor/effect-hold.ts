import { debuggerApi } from '../../platform/trusted-input';
import { beforeRelease, keepWhileHolding, trustedInput } from './debugger';
import { requestHolder, type Decide, type Hold, type HoldTransport, type RequestHolder } from './request-hold-core';

export type { Decide, Hold } from './request-hold-core';

/**
 * The request hold in Chrome (request-hold-core.ts says what it does): the tab's debugger session
 * pauses its requests. Only the Fetch commands are sent besides input (cdp-input.ts): the session
 * never reads cookies or runs scripts. Requests of frames in other processes (a cross-site iframe)
 * are not seen by the tab's session (docs/threat-model.md).
 */

/** how long the action waits after its page settled, for a request its handler began */
const TAIL_MS = 30;
/** how long the action's decider still judges the tab's requests after that (late ones) */
const GRACE_MS = 1_500;

/** Whether this browser can hold requests at all (Chrome's debugger; Firefox has none here). */
export const canHold = (): boolean => !!debuggerApi();

const holders = new Map<number, RequestHolder>();

function holderFor(tabId: number): RequestHolder {
  const had = holders.get(tabId);
  if (had) return had;
  const target = { tabId };
  const transport: HoldTransport = {
    send: (method, params) => chrome.debugger.sendCommand(target, method, params) as Promise<unknown>,
    onPaused(listener) {
      const onEvent = (source: chrome.debugger.Debuggee, method: string, params?: object) => {
        if (source.tabId === tabId && method === 'Fetch.requestPaused' && params) listener(params);
      };
      const onDetach = (source: chrome.debugger.Debuggee) => void (source.tabId === tabId && holders.delete(tabId));
      chrome.debugger.onEvent.addListener(onEvent);
      chrome.debugger.onDetach.addListener(onDetach);
      return () => {
        chrome.debugger.onEvent.removeListener(onEvent);
        chrome.debugger.onDetach.removeListener(onDetach);
      };
    },
  };
  const holder = requestHolder(transport, { tailMs: TAIL_MS, graceMs: GRACE_MS });
  holders.set(tabId, holder);
  // a run's end (or the idle detach) ends the hold first, after deciding what is paused
  beforeRelease(tabId, async () => {
    holders.delete(tabId);
    await holder.close();
  });
  return holder;
}

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
