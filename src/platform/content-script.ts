import { CONTENT_SCRIPT } from './manifest';
import { wakeOn } from './wake';

/**
 * The browser's side of putting the content script into a tab (the worker decides when:
 * src/background/executor/content-script.ts). Both browsers have `scripting.executeScript` and
 * `webNavigation`; they differ in that Chrome names each document (`documentId`) and Firefox does
 * not, so an injection aimed at one document is aimed at it only where the browser says which.
 */

/**
 * Runs content.js in the tab's top frame, at document_idle (the default in both browsers: the
 * moment the manifest's content script used to run), or at once when the document is past it.
 * `documentId`: into that document only, so an injection asked for a page that has since been
 * left does not land in the next one. False when the browser refused (a browser page, a PDF
 * viewer, a tab that closed or navigated away meanwhile).
 */
export async function injectContentScript(tabId: number, documentId?: string): Promise<boolean> {
  const target = documentId ? { tabId, documentIds: [documentId] } : { tabId };
  try {
    await chrome.scripting.executeScript({ target, files: [CONTENT_SCRIPT] });
    return true;
  } catch {
    return false;
  }
}

/** A new document committed in a tab's top frame, as the browser reports it. */
export interface TopDocument {
  tabId: number;
  url: string;
  /** Chrome's id of the document; none in Firefox */
  documentId?: string;
}

type Committed = { tabId: number; frameId: number; url: string; documentId?: string };

// the listener's remover while it listens (web pages only: the filter is in wake.ts)
let stop: (() => void) | undefined;

/**
 * Hears each new top-frame document of any tab while `on` (null stops). Committed, not
 * DOMContentLoaded or tabs.onUpdated: the injection asked at commit waits in the page for
 * document_idle, as early as the manifest's script ran, and no later step of the load can be
 * missed between the event and the request (tabs.onUpdated's "loading" can come before the
 * commit, when only the old document could take it, and "complete" after document_idle).
 * Needs the `webNavigation` permission, which adds no install warning beside `tabs`.
 */
export function onTopDocument(on: ((doc: TopDocument) => void) | null): void {
  // a browser without it (or the permission) still injects on demand: only new pages of worked tabs wait for a look
  if (!chrome.webNavigation?.onCommitted) return;
  stop?.();
  stop = undefined;
  if (!on) return;
  stop = wakeOn('webNavigation.onCommitted', (d: Committed) => {
    if (d.frameId === 0) on({ tabId: d.tabId, url: d.url, ...(d.documentId ? { documentId: d.documentId } : {}) });
  });
}
