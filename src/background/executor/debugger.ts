import type { CdpSend } from './cdp-input';

// Tabs this service worker has attached the debugger to. Module state is lost when the worker
// stops; attach() then finds the session still there ("already attached") and checks it is ours.
const attached = new Set<number>();
const refusedUntil = new Map<number, number>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  chrome.debugger.onDetach.addListener((source) => {
    if (source.tabId !== undefined) attached.delete(source.tabId);
  });
}

function sender(tabId: number): CdpSend {
  return (method, params) => chrome.debugger.sendCommand({ tabId }, method, params) as Promise<unknown>;
}

/**
 * Trusted input for a tab, attaching chrome.debugger on first use; null when it cannot attach
 * (DevTools open on the tab, a page the debugger may not touch, the person cancelled it), in
 * which case the runner uses DOM-level input. A refusal is remembered for a while.
 */
export async function trustedInput(tabId: number): Promise<CdpSend | null> {
  listen();
  if (attached.has(tabId)) return sender(tabId);
  if ((refusedUntil.get(tabId) ?? 0) > Date.now()) return null;
  try {
    await chrome.debugger.attach({ tabId }, '1.3');
    attached.add(tabId);
    return sender(tabId);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/already attached/i.test(message)) {
      try {
        await chrome.debugger.sendCommand({ tabId }, 'Runtime.evaluate', { expression: '1' });
        attached.add(tabId);
        return sender(tabId);
      } catch {
        // attached, but by someone else (DevTools)
      }
    }
    refusedUntil.set(tabId, Date.now() + 30_000);
    return null;
  }
}

export async function releaseInput(tabId: number): Promise<void> {
  if (!attached.delete(tabId)) return;
  try {
    await chrome.debugger.detach({ tabId });
  } catch {
    // already gone with the tab
  }
}
