import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Chrome's boot script (src/background/boot.ts) in Node: a fake chrome with its message event, a
 * fake importScripts standing for worker-main.js (main hands its handlers over as main.ts does,
 * through the boot's global), and fake timers, so that nothing loads main by time unless told.
 */
type Listener = (...args: unknown[]) => unknown;
const ORIGIN = 'chrome-extension://ext/';
const PANEL = { id: 'ext', url: `${ORIGIN}sidepanel.html` };

let onMessage: Listener[];
let loads: number;
let mainGot: string[];

function fakeChrome() {
  const event = () => ({ addListener: () => {}, removeListener: () => {} });
  return {
    runtime: {
      id: 'ext',
      getURL: (path: string) => ORIGIN + path,
      getManifest: () => ({ version: '1.2.3' }),
      onMessage: { addListener: (l: Listener) => onMessage.push(l), removeListener: () => {} },
      onConnect: event(),
      onStartup: event(),
    },
    tabs: { onRemoved: event(), onUpdated: event() },
    storage: { local: { get: async () => ({}), setAccessLevel: async () => {} } },
  };
}

/** main's evaluation: its answer to messages goes to the boot (main checks them with its own registry, as serve-messages.ts does). */
function importScripts(): void {
  loads++;
  const boot = (globalThis as { copilotBoot?: { serve: (answer: (raw: unknown, sender: unknown) => Promise<unknown>) => void } }).copilotBoot!;
  const handlers: Record<string, (p: Record<string, string>) => unknown> = {
    'system.status': () => (mainGot.push('system.status'), { bootedAt: 5, version: 'main', configured: true }),
    'chat.delete': ({ chatId }) => (mainGot.push(`chat.delete ${chatId}`), { ok: true, message: '' }),
  };
  boot.serve(async (raw) => {
    const { name, params } = raw as { name: string; params: Record<string, string> };
    const handler = handlers[name];
    return handler ? { ok: true, result: handler(params) } : { ok: false, error: { code: 'unknown_message', message: `No handler for "${name}" here.` } };
  });
}

/** A message from the side panel, as the browser hands it to the one listener. */
function send(name: string, params: object = {}): Promise<unknown> {
  return new Promise((resolve) => {
    const keptOpen = onMessage[0]!({ channel: 'copilot', name, params }, PANEL, resolve);
    expect(keptOpen).toBe(true);
  });
}

beforeEach(async () => {
  onMessage = [];
  loads = 0;
  mainGot = [];
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubGlobal('chrome', fakeChrome());
  vi.stubGlobal('importScripts', importScripts);
  // a start after the install: main is not loaded during the evaluation
  vi.stubGlobal('serviceWorker', { state: 'activated' });
  await import('../../../src/background/boot');
});
afterEach(() => {
  delete (globalThis as { copilotBoot?: unknown }).copilotBoot;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Chrome's boot script", () => {
  it('a main that fails to load leaves the greeting answered and every other message refused in words', async () => {
    vi.stubGlobal('importScripts', () => {
      throw new Error('Unexpected token');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await send('chat.delete', { chatId: 'c1' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The co-pilot's background could not start \(Unexpected token\)\. Reload the extension/) } });
    expect(await send('system.status')).toMatchObject({ ok: true, result: { version: '1.2.3' } });
    expect(error).toHaveBeenCalled();
  });

  it('answers the greeting itself, then loads main once the reply has gone', async () => {
    expect(onMessage).toHaveLength(1);
    const reply = (await send('system.status')) as { ok: boolean; result: { version: string; configured: boolean; bootedAt: number } };
    expect(reply).toMatchObject({ ok: true, result: { version: '1.2.3', configured: false } });
    expect(loads).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(1);
    // from now on main answers everything, the greeting too
    expect(await send('system.status')).toMatchObject({ ok: true, result: { version: 'main' } });
    expect(mainGot).toEqual(['system.status']);
  });

  it("answers the greeting in the registry's own shape, and hands to main a greeting the saved verdict cannot answer", async () => {
    const { messages } = await import('../../../src/shared/protocol');
    const reply = (await send('system.status')) as { result: unknown };
    expect(messages['system.status'].result.safeParse(reply.result).success).toBe(true);
    // settings stored with no verdict (written by another version): only their parse can tell, which main does
    vi.resetModules();
    onMessage = [];
    loads = 0;
    const chrome = fakeChrome();
    chrome.storage.local.get = async () => ({ settings: { provider: 'anthropic', apiKeys: { anthropic: 'sk-ant-1' } } });
    vi.stubGlobal('chrome', chrome);
    await import('../../../src/background/boot');
    expect(await send('system.status')).toMatchObject({ ok: true, result: { version: 'main' } });
    expect(loads).toBe(1);
  });

  it('loads main for any other message and hands it over', async () => {
    expect(await send('chat.delete', { chatId: 'c1' })).toEqual({ ok: true, result: { ok: true, message: '' } });
    expect(loads).toBe(1);
    expect(mainGot).toEqual(['chat.delete c1']);
  });

  it('refuses a message main has no handler for, as one listener would', async () => {
    expect(await send('run.stop', { runId: 'r' })).toMatchObject({ ok: false, error: { code: 'unknown_message' } });
  });

  it('loads main 50 ms after the start when no message came, and once only', async () => {
    await vi.advanceTimersByTimeAsync(49);
    expect(loads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(loads).toBe(1);
  });
});

describe("Chrome's boot script at the install", () => {
  it('loads main during its evaluation (a later first importScripts would throw)', async () => {
    vi.resetModules();
    loads = 0;
    vi.stubGlobal('serviceWorker', { state: 'parsed' });
    await import('../../../src/background/boot');
    expect(loads).toBe(1);
  });
});
