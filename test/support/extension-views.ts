import type { Page } from 'playwright-core';

/**
 * The extension's pages that have no tab (the side panel as the browser shows it, the offscreen
 * document) cannot be driven by Playwright directly. Another extension page reaches their windows
 * with `chrome.extension.getViews()`, and a chrome API called through such a window is sent by
 * that window: Chrome fills in the sender it would for the side panel or the offscreen document.
 */

export type TablessView = 'sidepanel' | 'offscreen';

/** Opens the real side panel for `tabId` (a click in `panelTab`, an extension page in a tab, gives the user gesture Chrome requires). */
export async function openSidePanel(panelTab: Page, tabId: number): Promise<void> {
  await panelTab.evaluate((id) => {
    const button = document.createElement('button');
    button.id = 'open-side-panel-for-test';
    button.textContent = 'open side panel';
    button.style.cssText = 'position:fixed;inset:0 auto auto 0;z-index:2147483647;width:160px;height:40px';
    button.onclick = () => void chrome.sidePanel.open({ tabId: id }).then(() => button.remove());
    document.body.append(button);
  }, tabId);
  await panelTab.bringToFront();
  await panelTab.click('#open-side-panel-for-test');
  await waitForView(panelTab, 'sidepanel');
}

/** Waits until a tab-less window of this kind exists (the side panel has no tab; the offscreen document has no chrome.tabs). */
export async function waitForView(panelTab: Page, view: TablessView, timeoutMs = 10_000): Promise<void> {
  await panelTab.waitForFunction(
    async (v) => {
      for (const w of chrome.extension.getViews() as (Window & typeof globalThis)[]) {
        if (w === window || w.location.pathname !== `/${v}.html`) continue;
        if (v === 'offscreen' ? !w.chrome.tabs : !(await w.chrome.tabs.getCurrent())) return true;
      }
      return false;
    },
    view,
    { timeout: timeoutMs, polling: 100 },
  );
}
