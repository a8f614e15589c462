import type { Screenshot } from '../../shared/vision';
import type { PagePort } from '../executor/port';
import { drawScreenshot } from './draw';

/**
 * A screenshot of the run's tab for a model that sees. `captureVisibleTab` captures whatever tab
 * is showing in a window, so the run's tab must be the one showing, before and after the capture:
 * a picture of another tab (the person switched while it was taken) is thrown away, never sent.
 * The labels and the black boxes are drawn here on the captured picture; nothing is added to the page.
 */
export async function captureScreenshot(tabId: number, port: PagePort, reason: string): Promise<Screenshot | null> {
  try {
    const before = await chrome.tabs.get(tabId);
    if (!before.active || before.windowId === undefined) return null;
    const layout = await port.call('page.layout', {});
    const dataUrl = await chrome.tabs.captureVisibleTab(before.windowId, { format: 'png' });
    const after = await chrome.tabs.get(tabId);
    if (!after.active || after.url !== before.url) return null;
    return { ...(await drawScreenshot(dataUrl, layout)), reason };
  } catch (error) {
    // no permission for this page (the Web Store, a browser page), the capture rate limit, a closed tab
    console.warn('screenshot not taken:', error instanceof Error ? error.message : String(error));
    return null;
  }
}
