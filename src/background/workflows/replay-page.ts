import { RpcError } from '../../shared/protocol-core';
import type { ReplayPage } from '../../workflows/replay/ports';
import { createTabBrowser } from '../executor/tab-browser';
import { sendToTab } from '../rpc';

/**
 * The replay engine's view of a tab: the page resolver (replay.* messages) for finding elements
 * and the agent's executor (trusted input through the debugger) for acting. A page that is between
 * documents answers nothing; for the resolver that is "not found yet", and the engine waits.
 */
export function replayPageFor(tabId: number): ReplayPage {
  const browser = createTabBrowser(tabId);
  const quiet = async <T>(call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      if (e instanceof RpcError && e.code === 'unreachable') return fallback;
      throw e;
    }
  };
  return {
    url: () => browser.url(),
    resolve: (fingerprint) =>
      quiet(() => sendToTab(tabId, 'replay.resolve', { fingerprint }, { timeoutMs: 10_000 }), { ok: false, reason: 'not_found', message: 'the page is still loading' }),
    act: (action) => browser.act(action),
    snapshot: () => browser.snapshot({ budget: 3000 }),
    describe: (id) => browser.describe(id),
    fieldState: (id) => quiet(() => sendToTab(tabId, 'replay.field', { id }), null),
    fingerprint: (id) => quiet(() => sendToTab(tabId, 'replay.fingerprint', { id }), null),
  };
}
