import { afterEach, describe, expect, it, vi } from 'vitest';

/** chrome.storage.session as the browser keeps it: in memory, emptied when the browser closes. */
function sessionStorage(): Map<string, unknown> {
  const data = new Map<string, unknown>();
  vi.stubGlobal('chrome', {
    storage: {
      session: {
        get: async (key: string) => (data.has(key) ? { [key]: data.get(key) } : {}),
        set: async (items: Record<string, unknown>) => void Object.entries(items).forEach(([k, v]) => data.set(k, v)),
      },
    },
  });
  return data;
}

/** the module as a freshly started worker loads it */
async function workerStart() {
  vi.resetModules();
  return (await import('../../../src/background/browser-session')).browserSession();
}

afterEach(() => vi.unstubAllGlobals());

describe('the browser session a worker starts in', () => {
  it('goes on across worker restarts, and begins again after the browser was closed', async () => {
    sessionStorage();
    const first = await workerStart();
    expect(first.continues).toBe(false);
    // the worker stopped and started again: the runs it finds are this session's, their tabs the same
    const again = await workerStart();
    expect(again).toEqual({ continues: true, startedAt: first.startedAt });
    // the browser closed (session storage emptied): tab ids are new, the runs found are over
    sessionStorage();
    await new Promise((r) => setTimeout(r, 2));
    const restarted = await workerStart();
    expect(restarted.continues).toBe(false);
    expect(restarted.startedAt).toBeGreaterThan(first.startedAt);
  });

  it('is asked once per worker: callers at start share one answer', async () => {
    const data = sessionStorage();
    vi.resetModules();
    const { browserSession } = await import('../../../src/background/browser-session');
    const answers = await Promise.all([browserSession(), browserSession(), browserSession()]);
    expect(answers.map((a) => a.continues)).toEqual([false, false, false]);
    expect(data.get('browser-session')).toBe(answers[0]!.startedAt);
  });
});
