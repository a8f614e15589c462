import { debuggerApi } from '../../platform/trusted-input';
import { keepWhileHolding, trustedInput } from './debugger';
import { holdRequestsOver, type Decide, type Hold, type HoldTransport } from './request-hold-core';

export type { Decide, Hold } from './request-hold-core';

/**
 * The request hold in Chrome (request-hold-core.ts says what it does): the tab's debugger session
 * pauses its requests. Only the Fetch commands are sent besides input (cdp-input.ts): the session
 * never reads cookies or runs scripts. Requests of frames in other processes (a cross-site iframe)
 * are not seen by the tab's session (docs/threat-model.md).
 */

/** Whether this browser can hold requests at all (Chrome's debugger; Firefox has none here). */
export const canHold = (): boolean => !!debuggerApi();

export async function withHeldRequests<T>(tabId: number, decide: Decide, act: (hold: Hold | null) => Promise<T>): Promise<T> {
  if (!canHold() || !(await trustedInput(tabId))) return act(null);
  const target = { tabId };
  const transport: HoldTransport = {
    send: (method, params) => chrome.debugger.sendCommand(target, method, params) as Promise<unknown>,
    onPaused(listener) {
      const onEvent = (source: chrome.debugger.Debuggee, method: string, params?: object) => {
        if (source.tabId === tabId && method === 'Fetch.requestPaused' && params) listener(params);
      };
      chrome.debugger.onEvent.addListener(onEvent);
      return () => chrome.debugger.onEvent.removeListener(onEvent);
    },
  };
  // an idle detach in the middle would end the hold and let a request through unjudged
  const release = keepWhileHolding(tabId);
  try {
    return await holdRequestsOver(transport, decide, act);
  } finally {
    release();
  }
}
