import { listen } from '../platform/rpc';
import { lookup } from '../shared/protocol';
import type { SenderInfo } from '../shared/protocol-core';
import { createEmbedder } from './embedder';
import { ownOrigin } from '../platform/origin';

/**
 * The offscreen document: home of the embedding model, so transformers.js and its WebAssembly
 * stay out of the service worker (whose cold start grows with its bundle). It answers only the
 * service worker.
 */

const embedder = createEmbedder({
  localModelPath: chrome.runtime.getURL('models/'),
  wasmPaths: chrome.runtime.getURL('ort/'),
  hasLocalModel: async (model) => {
    try {
      return (await fetch(chrome.runtime.getURL(`models/${model}/config.json`))).ok;
    } catch {
      return false; // a missing extension file is a network error, not a 404
    }
  },
});

/** Only the background (our own address, no tab) may ask. */
function fromServiceWorker(sender: chrome.runtime.MessageSender): SenderInfo | undefined {
  if (sender.id !== chrome.runtime.id || sender.tab || !sender.url?.startsWith(ownOrigin())) return undefined;
  return { context: 'background', url: sender.url };
}

listen(
  'offscreen',
  {
    'offscreen.embed': ({ texts, allowDownload }) => embedder.embed(texts, allowDownload),
  },
  lookup,
  fromServiceWorker,
);
