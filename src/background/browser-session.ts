/**
 * Whether this worker starts within the browser session that stored the runs it finds (the worker
 * was stopped and started again), or after the browser was closed. A browser numbers its tabs
 * afresh when it starts, so a task or replay stored as going on in tab 12 must not be resumed in
 * whatever tab has id 12 now (a tab of the person's that the run never opened), and a schedule's
 * run from before is over. `chrome.storage.session` is kept in memory and emptied when the
 * browser closes; it is also emptied when the extension is reloaded or updated, and then too the
 * runs end rather than resume, which errs on the side of never acting in a tab unasked.
 */
const KEY = 'browser-session';

export interface BrowserSession {
  /** the worker started again within the same browser session */
  continues: boolean;
  /** when this browser session began (as this extension first saw it) */
  startedAt: number;
}

let session: Promise<BrowserSession> | undefined;

export function browserSession(): Promise<BrowserSession> {
  session ??= (async () => {
    const kept = (await chrome.storage.session.get(KEY))[KEY];
    if (typeof kept === 'number') return { continues: true, startedAt: kept };
    const startedAt = Date.now();
    await chrome.storage.session.set({ [KEY]: startedAt });
    return { continues: false, startedAt };
  })();
  return session;
}
