// How long the recorder spends inside the page's event dispatch, and on its background page-model
// refreshes. Kept in the content script's isolated world (the page cannot see it) so tests and
// docs/recording.md can report the overhead measured on real pages.

const KEEP = 500;

export interface RecorderTimings {
  /** ms spent in the capture listener, per event the recorder looked at */
  events: number[];
  /** ms per page-model refresh taken synchronously because the cached one was stale */
  syncRefreshes: number[];
  /** ms per page-model refresh taken when the page was idle */
  idleRefreshes: number[];
}

const timings: RecorderTimings = { events: [], syncRefreshes: [], idleRefreshes: [] };
(globalThis as { copilotRecorderTimings?: RecorderTimings }).copilotRecorderTimings = timings;

export function note(list: keyof RecorderTimings, ms: number): void {
  const l = timings[list];
  l.push(Math.round(ms * 1000) / 1000);
  if (l.length > KEEP) l.splice(0, l.length - KEEP);
}

/** Runs fn and notes how long it took under `list`. */
export function timed<T>(list: keyof RecorderTimings, fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    note(list, performance.now() - t0);
  }
}
