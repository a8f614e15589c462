import type { BrowserPort } from '../../agent/ports';
import type { RunEvent } from '../../shared/run-events';
import { presenceFor } from './presence';

/**
 * The overlay and badge of a run that may work in several tabs: drawn in the tab the run last
 * read or acted in (the page whose element ids its events name), and moved when it switches.
 */
export function runPresence(startTabId: number, browserFor: (tabId: number) => BrowserPort) {
  let current = startTabId;
  const follow =
    (tabId: number) =>
    (b: BrowserPort): BrowserPort => ({
      ...b,
      snapshot: (opts) => ((current = tabId), b.snapshot(opts)),
      // every argument passed on: the aim the gate judged saves the page a second look
      act: (...args) => ((current = tabId), b.act(...args)),
    });
  return {
    browser: follow(startTabId)(browserFor(startTabId)),
    browserFor: (tabId: number) => follow(tabId)(browserFor(tabId)),
    emit: presenceFor(startTabId, () => current) as (event: RunEvent) => void,
  };
}
