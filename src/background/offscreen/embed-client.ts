import { send } from '../../platform/rpc';
import { EMBEDDING_MODEL } from '../../shared/messages/offscreen';
import { loadSettings } from '../settings-store';
import { ensureEmbeddingHost } from '../../platform/embedding-host';

/**
 * The service worker's way to the embedding model in the offscreen document. transformers.js
 * never enters the worker's bundle; the document is created on first use and answers as long as
 * it lives. When there is no model (the usual case until one is bundled or downloaded) the answer
 * says why, without creating the document, and retrieval goes by words.
 */

export type Embeddings = { ok: true; model: string; vectors: Float32Array[]; source: 'extension' | 'hub' } | { ok: false; reason: string };

const OFFSCREEN_URL = 'offscreen.html';

async function bundledModel(): Promise<boolean> {
  try {
    return (await fetch(chrome.runtime.getURL(`models/${EMBEDDING_MODEL}/config.json`))).ok;
  } catch {
    return false;
  }
}

export async function embedTexts(texts: string[]): Promise<Embeddings> {
  if (!texts.length) return { ok: false, reason: 'nothing to embed' };
  try {
    const { allowModelDownload } = await loadSettings();
    if (!allowModelDownload && !(await bundledModel())) {
      return { ok: false, reason: 'no embedding model, words only' };
    }
    await ensureEmbeddingHost(OFFSCREEN_URL);
    const reply = await send('offscreen.embed', { texts, allowDownload: allowModelDownload }, { timeoutMs: 120_000 });
    if (!reply.ok) return reply;
    return { ok: true, model: reply.model, source: reply.source, vectors: reply.vectors.map((v) => Float32Array.from(v)) };
  } catch (error) {
    return { ok: false, reason: `the embedding model did not answer: ${error instanceof Error ? error.message : String(error)}` };
  }
}
