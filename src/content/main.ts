import { listen } from '../platform/rpc';
import { contentLookup } from '../shared/protocol-content';
import type { SenderInfo } from '../shared/protocol-core';
import { pageHandlers } from './page-handlers';
import { loadTokenizer } from './load-tokenizer';
import { recorderHandlers } from './recorder';
import { replayHandlers } from './replay';
import { overlayHandlers } from './overlay';

/**
 * Content script entry (one classic script). No manifest declares it: the service worker injects
 * it into the top frame of the tabs the co-pilot works in (src/background/executor/content-script.ts),
 * and it returns at once when it already runs in the document (the build's first lines, from
 * CONTENT_SCRIPT_ONCE in src/platform/manifest.ts). Top frames only: the
 * page model, the executor, the recorder and the replay resolver all work from the top frame,
 * walking same-origin iframes themselves, and cross-origin iframes are reported opaque and not
 * recorded (docs/recording.md), so a script in sub-frames (ads, widgets) would only be exposed to
 * them. The check below keeps a sub-frame instance inert should it ever be injected there. A page
 * being recorded is told so by the worker once the script is in (`recorder.resume`).
 *
 * Nothing here is visible to the page: no attribute, global, element or event. Tests and the
 * service worker learn that the script is ready by asking it (`content.ping`, or the isolated
 * world through CDP), never through the DOM. The overlay shown during a run (./overlay) is a
 * closed shadow root on <body>: no element of the page's document, though a page trying to
 * attach its own root to <body> after it would be refused.
 */
const readyAt = Date.now();
const isTop = window === window.top;

// Only the service worker may talk to a content script: a message with no tab comes from it.
const fromBackground = (sender: chrome.runtime.MessageSender): SenderInfo | undefined =>
  sender.id === chrome.runtime.id && !sender.tab ? { context: 'background', url: sender.url ?? '' } : undefined;

if (isTop) {
  listen(
    'content',
    {
      // since: when the document began (its time origin), which dates what the browser saw it open
      'content.ping': () => ({ url: location.href, title: document.title, readyAt, frameUrl: location.href, since: Math.floor(performance.timeOrigin) }),
      ...pageHandlers,
      ...recorderHandlers,
      ...replayHandlers,
      ...overlayHandlers,
      'page.snapshot': async (params, sender) => {
        await loadTokenizer();
        return pageHandlers['page.snapshot'](params, sender);
      },
    },
    contentLookup,
    fromBackground,
  );
}
