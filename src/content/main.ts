import { listen } from '../platform/rpc';
import type { SenderInfo } from '../shared/protocol-core';
import { pageHandlers } from './page-handlers';
import { loadTokenizer } from './load-tokenizer';
import { recorderHandlers, startRecorderIfActive } from './recorder';
import { replayHandlers } from './replay';

/**
 * Content script entry (one classic script, all frames). The top frame answers the service
 * worker; its page model walks same-origin iframes itself, so sub-frames stay quiet.
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
      'content.ping': () => ({ url: location.href, title: document.title, readyAt, frameUrl: location.href }),
      ...pageHandlers,
      ...recorderHandlers,
      ...replayHandlers,
      'page.snapshot': async (params, sender) => {
        await loadTokenizer();
        return pageHandlers['page.snapshot'](params, sender);
      },
    },
    fromBackground,
  );
  startRecorderIfActive();
  // Tests and the service worker wait for this marker before messaging the tab.
  document.documentElement.dataset.copilotReady = String(readyAt);
}
