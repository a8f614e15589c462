import type { SenderInfo } from '../shared/protocol-core';
import { isBackgroundUrl, ownPagePath } from './origin';

// Who sent a message, told from what the browser filled in: no zod here, so that the service
// worker's boot (src/background/boot.ts) can tell the side panel's greeting apart before it has it.

/** Decide who sent a message from what the browser filled in, never from the message itself. */
export function classifySender(sender: chrome.runtime.MessageSender): SenderInfo | undefined {
  if (sender.id !== chrome.runtime.id) return undefined;
  const url = sender.url ?? sender.tab?.url ?? '';
  const base: Omit<SenderInfo, 'context'> = { url, tabId: sender.tab?.id, frameId: sender.frameId };
  const path = ownPagePath(url);
  if (path !== undefined) {
    // The offscreen document never has a tab; offscreen.html opened in a tab is just another page.
    if (path === 'offscreen.html') return sender.tab ? undefined : { ...base, context: 'offscreen' };
    if (path === 'sidepanel.html') return { ...base, context: 'panel' };
    return undefined;
  }
  // A content script always runs in a tab; an extension page that is not ours never gets here.
  if (sender.tab) return { ...base, context: 'content' };
  return undefined;
}

/**
 * Is this the service worker (or Firefox's event page)? The browser sets `sender.url` to the
 * background's own address (src/platform/origin.ts). "No tab" is
 * not enough: the side panel, opened in the browser's side panel, has no tab either, and could
 * otherwise drive a page (page.act) around the service worker's safety gate.
 */
export function isServiceWorker(sender: chrome.runtime.MessageSender): boolean {
  return sender.id === chrome.runtime.id && !sender.tab && isBackgroundUrl(sender.url);
}

/** The classifier of content scripts and the offscreen document: only the service worker may talk to them. */
export function classifyServiceWorker(sender: chrome.runtime.MessageSender): SenderInfo | undefined {
  return isServiceWorker(sender) ? { context: 'background', url: sender.url ?? '' } : undefined;
}

