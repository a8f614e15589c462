import { listen } from '../platform/rpc';
import type { SenderInfo } from '../shared/protocol-core';
import { createEmbedder } from './embedder';

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

/** Only the service worker (our background.js, no tab) may ask. */
function fromServiceWorker(sender: chrome.runtime.MessageSender): SenderInfo | undefined {
  const own = `chrome-extension://${chrome.runtime.id}/`;
  if (sender.id !== chrome.runtime.id || sender.tab || !sender.url?.startsWith(own)) return undefined;
  return { context: 'background', url: sender.url };
}

listen(
  'offscreen',
  {
    'offscreen.embed': ({ texts, allowDownload }) => embedder.embed(texts, allowDownload),
  },
  fromServiceWorker,
);
