import { wakeOn } from './wake';

/**
 * The toolbar button opens the co-pilot beside the page: Chrome's side panel opens itself when
 * told to, Firefox's sidebar must be opened from inside the click handler (a user gesture, so with
 * no await before it). The manifest names the page for each (src/platform/manifest.ts).
 */

interface SidebarAction {
  toggle?: () => Promise<void>;
  open: () => Promise<void>;
}

function sidebarAction(): SidebarAction | undefined {
  return (globalThis as { browser?: { sidebarAction?: SidebarAction } }).browser?.sidebarAction;
}

/** Wires the toolbar button; returns what it could not do, in words, or undefined. */
export function openPanelFromToolbar(): string | undefined {
  if (chrome.sidePanel?.setPanelBehavior) {
    chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
    return undefined;
  }
  const sidebar = sidebarAction();
  if (sidebar && chrome.action?.onClicked) {
    wakeOn('action.onClicked', () => {
      void (sidebar.toggle ?? sidebar.open).call(sidebar).catch(() => {});
    });
    return undefined;
  }
  return 'This browser has neither a side panel nor a sidebar for extensions; open the co-pilot page from the extension’s menu instead.';
}

/**
 * Opens the co-pilot beside the page from a click on one of its own pages (the welcome tab): the
 * browser allows it only in answer to a click, so call it inside the handler with no await before.
 */
export function openPanelNow(windowId: number): Promise<void> {
  if (chrome.sidePanel?.open) return chrome.sidePanel.open({ windowId });
  const sidebar = sidebarAction();
  if (sidebar) return sidebar.open.call(sidebar);
  return Promise.reject(new Error('This browser has neither a side panel nor a sidebar for extensions.'));
}
