/**
 * The embedding model (transformers.js + WebAssembly) runs in offscreen.html, never in the
 * background's own bundle. Chrome's service worker has no DOM, so the page is an offscreen
 * document; Firefox's background is an event page (a document) with no offscreen API, so the same
 * page runs in a frame of it, and goes when the event page idles out (the model then reloads).
 */

let creating: Promise<void> | undefined;

async function ensureOffscreenDocument(path: string): Promise<void> {
  const url = chrome.runtime.getURL(path);
  const existing = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] });
  if (existing.length) return;
  creating ??= chrome.offscreen
    .createDocument({ url: path, reasons: [chrome.offscreen.Reason.WORKERS], justification: 'Runs the local embedding model (WebAssembly) for the exemplar memory.' })
    .finally(() => {
      creating = undefined;
    });
  await creating;
}

function ensureFrame(path: string): Promise<void> {
  const url = chrome.runtime.getURL(path);
  const present = [...document.querySelectorAll('iframe')].find((f) => f.src === url);
  if (present) return present.dataset.ready ? Promise.resolve() : new Promise((r) => present.addEventListener('load', () => r(), { once: true }));
  creating ??= new Promise<void>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    // a module script has run by the time its document fires load, so its listener is there
    frame.addEventListener('load', () => ((frame.dataset.ready = '1'), resolve()), { once: true });
    frame.addEventListener('error', () => reject(new Error(`${path} did not load`)), { once: true });
    document.body.append(frame);
  }).finally(() => {
    creating = undefined;
  });
  return creating;
}

/** Makes sure `path` (offscreen.html) is running and can answer messages from the background. */
export async function ensureEmbeddingHost(path: string): Promise<void> {
  // typed as always there; Firefox has no offscreen API at all
  if ((chrome as { offscreen?: Partial<typeof chrome.offscreen> }).offscreen?.createDocument) return ensureOffscreenDocument(path);
  if (typeof document !== 'undefined' && document.body) return ensureFrame(path);
  throw new Error('this browser gives the extension no document to run the embedding model in (no offscreen document, no background page)');
}
