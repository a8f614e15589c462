import { describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import { useExtension } from '../../support/fixtures';
import { TINY_DIM } from '../../support/tiny-model';
import { EMBEDDING_MODEL } from '../../../src/shared/messages/offscreen';
import { extensionWithTinyModel } from './with-tiny-model';

/** Asks the offscreen document from the service worker, exactly as the worker's embed client does. */
async function embedFromWorker(sw: Worker, texts: string[]) {
  return sw.evaluate(async (list) => {
    const url = chrome.runtime.getURL('offscreen.html');
    const existing = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] });
    if (!existing.length) {
      await chrome.offscreen.createDocument({ url: 'offscreen.html', reasons: [chrome.offscreen.Reason.WORKERS], justification: 'test' });
    }
    const started = performance.now();
    const reply = await chrome.runtime.sendMessage({ channel: 'copilot', name: 'offscreen.embed', params: { texts: list, allowDownload: false } });
    return { reply, ms: performance.now() - started };
  }, texts);
}

describe('the embedding model in the offscreen document', () => {
  const { ext } = useExtension({ copy: extensionWithTinyModel });

  it('loads the model from the extension folder with onnxruntime WebAssembly and returns unit vectors', async () => {
    const sw = await ext.serviceWorker();
    const { reply, ms } = await embedFromWorker(sw, ['book a flight from Boston to Denver', 'book a flight from Boston to Denver', 'reply to the email']);
    expect(reply).toMatchObject({ ok: true, result: { ok: true, model: `${EMBEDDING_MODEL}@${TINY_DIM}`, source: 'extension' } });
    const vectors = (reply as { result: { vectors: number[][] } }).result.vectors;
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(TINY_DIM);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    expect(vectors[0]).toEqual(vectors[1]);
    expect(vectors[0]).not.toEqual(vectors[2]);
    // a second call reuses the loaded model
    const again = await embedFromWorker(sw, ['send an email']);
    expect(again.reply).toMatchObject({ ok: true, result: { ok: true } });
    expect(again.ms).toBeLessThan(ms + 1000);
  });

  it('refuses a sender other than the service worker', async () => {
    const panel = await ext.openPanel();
    const reply = await panel.evaluate(() => chrome.runtime.sendMessage({ channel: 'copilot', name: 'offscreen.embed', params: { texts: ['x'] } }));
    // the service worker answers every envelope: not its message, so unknown; the offscreen document refuses the panel
    expect(JSON.stringify(reply)).toMatch(/unknown_message|forbidden/);
    await panel.close();
  });
});
