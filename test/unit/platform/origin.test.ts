import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest';
import { classifySender, isServiceWorker } from '../../../src/platform/rpc';

// The browser's runtime as each browser fills it in: the id and the page origin differ in Firefox.
function runtimeOf(id: string, origin: string) {
  vi.stubGlobal('chrome', { runtime: { id, getURL: (path: string) => origin + path } });
}

describe('own-origin checks come from runtime.getURL', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('in Firefox (moz-extension://<uuid>/, runtime.id is the add-on id)', () => {
    const origin = 'moz-extension://6f0e8d9a-1b2c-4d3e-8f40-5a6b7c8d9e0f/';
    beforeEach(() => runtimeOf('copilot@example.org', origin));

    it('knows the side panel in a tab as the panel, not as content', () => {
      expect(classifySender({ id: 'copilot@example.org', url: `${origin}sidepanel.html?tabId=3`, tab: { id: 4 } as chrome.tabs.Tab })?.context).toBe('panel');
    });

    it('knows the event page as the background', () => {
      expect(isServiceWorker({ id: 'copilot@example.org', url: `${origin}_generated_background_page.html` })).toBe(true);
      expect(isServiceWorker({ id: 'copilot@example.org', url: `${origin}sidepanel.html` })).toBe(false);
      expect(isServiceWorker({ id: 'copilot@example.org', url: `${origin}_generated_background_page.html`, tab: { id: 1 } as chrome.tabs.Tab })).toBe(false);
    });

    it('still takes a web page for content', () => {
      expect(classifySender({ id: 'copilot@example.org', url: 'https://example.org/', tab: { id: 4 } as chrome.tabs.Tab })?.context).toBe('content');
    });
  });

  describe('in Chrome', () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
    beforeEach(() => runtimeOf('abcdefghijklmnopabcdefghijklmnop', origin));

    it('knows the panel and the service worker and nothing else of ours', () => {
      expect(classifySender({ id: 'abcdefghijklmnopabcdefghijklmnop', url: `${origin}sidepanel.html` })?.context).toBe('panel');
      expect(isServiceWorker({ id: 'abcdefghijklmnopabcdefghijklmnop', url: `${origin}background.js` })).toBe(true);
      expect(isServiceWorker({ id: 'abcdefghijklmnopabcdefghijklmnop', url: `${origin}background.js?x` })).toBe(false);
      expect(classifySender({ id: 'abcdefghijklmnopabcdefghijklmnop', url: `${origin}other.html` })).toBeUndefined();
    });
  });
});
