import { describe, expect, it } from 'vitest';
import type { BrowserPort } from '../../../src/agent/ports';
import type { AimedTarget } from '../../../src/shared/page';

// the overlay module listens for tabs as it loads; nothing here opens or loads one
const event = { addListener: () => {} };
(globalThis as { chrome?: unknown }).chrome ??= { tabs: { onUpdated: event, onRemoved: event }, runtime: { onConnect: event } };
const { runPresence } = await import('../../../src/background/agent/run-presence');

describe("the agent's tab port with its overlay", () => {
  it('passes the aim the gate judged on to the page, so the page is not asked to aim again', async () => {
    const got: unknown[][] = [];
    const port = {
      act: async (...args: unknown[]) => (got.push(args), { ok: true, change: { kind: 'none', url: '', added: 0, removed: 0, summary: '' }, elapsedMs: 1 }),
    } as unknown as BrowserPort;
    const aimed: AimedTarget = { id: 4, x: 12, y: 34, skip: false, native: null, at: 1, info: { id: 4, tag: 'button', role: 'button', name: 'Send', secret: false, line: '<button id=4>Send', facts: 'f' } };
    const { browser, browserFor } = runPresence(1, () => port);
    await browser.act({ kind: 'click', id: 4, button: 'left', modifiers: [] }, 'f', aimed);
    await browserFor(2).act({ kind: 'click', id: 4, button: 'left', modifiers: [] }, 'f', aimed);
    expect(got.map((a) => a[2])).toEqual([aimed, aimed]);
    expect(got.map((a) => a[1])).toEqual(['f', 'f']);
  });
});
