import { BACKGROUND_SCRIPT } from './manifest';

/**
 * Who is who by address. The extension's origin is whatever the browser says it is
 * (chrome-extension://<id>/ in Chrome, moz-extension://<per-profile uuid>/ in Firefox, where
 * runtime.id is the add-on id and not the host), so it is always asked, never written out.
 */
export function ownOrigin(): string {
  return chrome.runtime.getURL('');
}

/** The path of one of our own pages (no query or hash), or undefined for any other address. */
export function ownPagePath(url: string): string | undefined {
  const origin = ownOrigin();
  return url.startsWith(origin) ? url.slice(origin.length).split(/[?#]/)[0] : undefined;
}

/**
 * The addresses the background has as a message sender: Chrome's service worker script, or the
 * document Firefox generates around the same script for its event page. Neither can be opened
 * in a tab without getting a tab, which the callers also check.
 */
const BACKGROUND_PATHS = [BACKGROUND_SCRIPT, '_generated_background_page.html'];

export function isBackgroundUrl(url: string | undefined): boolean {
  const path = url === undefined ? undefined : ownPagePath(url);
  return path !== undefined && BACKGROUND_PATHS.includes(path) && url === ownOrigin() + path;
}
