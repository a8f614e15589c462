import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch, sendToTab as sendUnchecked } from '../../../src/platform/rpc';
import { contentLookup } from '../../../src/shared/protocol-content';
import { RpcError } from '../../../src/shared/protocol-core';

/** A content script whose answer to every message is `answer`, through chrome.tabs.sendMessage as the worker calls it. */
function pageAnswers(answer: unknown) {
  vi.stubGlobal('chrome', { tabs: { sendMessage: async () => ({ ok: true, result: answer }) } });
}

afterEach(() => vi.unstubAllGlobals());

describe("a content script's answers", () => {
  it('are checked by the service worker that receives them, not in the page', async () => {
    const malformed = { ok: true, x: 'twelve', y: 3, skip: false, native: null };
    // the page passes its answer on as it is
    const reply = await dispatch('content', { 'page.target': async () => malformed }, { channel: 'copilot', name: 'page.target', params: { id: 1, purpose: 'pointer' } }, { context: 'background', url: '' }, contentLookup);
    expect(reply).toEqual({ ok: true, result: malformed });
    // the worker refuses it, naming the message
    pageAnswers(malformed);
    const { sendToTab } = await import('../../../src/background/rpc');
    const refused = await sendToTab(7, 'page.target', { id: 1, purpose: 'pointer' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RpcError);
    expect((refused as RpcError).code).toBe('bad_result');
    expect((refused as RpcError).message).toContain('"page.target"');
  });

  it('come back parsed when they fit (defaults filled, unknown fields dropped)', async () => {
    pageAnswers({ ok: true, change: { kind: 'dom', url: 'https://shop.test/', added: 2, removed: 0, summary: 'x', planted: 'yes' }, elapsedMs: 4 });
    const { sendToTab } = await import('../../../src/background/rpc');
    expect(await sendToTab(7, 'page.act', { action: { kind: 'click', id: 3, button: 'left', modifiers: [] } })).toEqual({ ok: true, change: { kind: 'dom', url: 'https://shop.test/', added: 2, removed: 0, summary: 'x' }, elapsedMs: 4 });
    // without the registry (only the worker has it) nothing is checked
    pageAnswers({ anything: 1 });
    expect(await sendUnchecked(7, 'page.act', { action: { kind: 'click', id: 3, button: 'left', modifiers: [] } })).toEqual({ anything: 1 });
  });
});
