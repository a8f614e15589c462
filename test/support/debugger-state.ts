import type { Extension } from './extension';

/**
 * 'attached', or why a command from the extension to the tab failed (it fails only when the
 * extension is not attached): what the "started debugging" bar would show, asked from the worker.
 */
export async function debuggerState(ext: Extension, tabId: number): Promise<string> {
  return (await ext.serviceWorker()).evaluate(async (id) => {
    try {
      await chrome.debugger.sendCommand({ tabId: id }, 'Runtime.evaluate', { expression: '1' });
      return 'attached';
    } catch (e) {
      return String((e as Error).message ?? e);
    }
  }, tabId);
}
