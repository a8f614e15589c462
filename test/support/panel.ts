import type { Page } from 'playwright-core';
import type { CDPSession } from 'playwright-core';
import type { Reply } from '../../src/shared/protocol-core';
import type { MessageName, Params } from '../../src/shared/protocol';

/** Sends a raw envelope from an extension page (the side panel) and returns the reply as received. */
export async function panelSend<N extends MessageName>(panel: Page, name: N, params: Params<N>): Promise<Reply> {
  return panel.evaluate(([n, p]) => chrome.runtime.sendMessage({ channel: 'copilot', name: n, params: p }), [name, params] as const);
}

/** A replay as stored: a run record of kind 'replay', its ReplayState under `data`. */
export interface StoredReplay {
  id: string;
  chatId: string;
  tabId: number;
  status: string;
  updatedAt: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the part of the state it checks
  data: any;
}

/** Every replay in the extension's database (the runs of kind 'replay'), read from an extension page as the panel reads them. */
export async function storedReplays(page: Page): Promise<StoredReplay[]> {
  return page.evaluate(
    () =>
      new Promise<StoredReplay[]>((resolve) => {
        const open = indexedDB.open('copilot');
        open.onsuccess = () => {
          const all = open.result.transaction('runs').objectStore('runs').getAll();
          all.onsuccess = () => {
            open.result.close();
            const runs = all.result as { runId: string; kind: string; chatId: string; tabId: number; status: string; updatedAt: number; state: unknown }[];
            resolve(runs.filter((r) => r.kind === 'replay').map((r) => ({ id: r.runId, chatId: r.chatId, tabId: r.tabId, status: r.status, updatedAt: r.updatedAt, data: r.state })));
          };
        };
      }),
  );
}

/** One replay as stored, by its id. */
export async function storedReplay(panel: Page, replayId: string): Promise<{ status: string; data: { confirm?: { category: string }; message?: string } } | undefined> {
  return (await storedReplays(panel)).find((r) => r.id === replayId);
}

/**
 * Settings' "Show details" (the developers' raw record in every step's Details), set as its
 * checkbox sets it: a preference of the panel's own storage, which every open view hears.
 */
export async function setShowDetails(panel: Page, on: boolean): Promise<void> {
  await panel.evaluate((value) => {
    localStorage.setItem('copilot.showDetails', value ? '1' : '0');
    window.dispatchEvent(new Event('copilot-changed:copilot.showDetails'));
  }, on);
}

/** Anything, sent as it is: for malformed-message tests. */
export async function panelSendRaw(panel: Page, raw: unknown): Promise<unknown> {
  return panel.evaluate((r) => chrome.runtime.sendMessage(r), raw);
}

/**
 * Runs `expression` inside the content script's isolated world of `page`, through CDP: the
 * message it sends is a real content-script message, with the sender Chrome fills in for one.
 */
export async function evaluateInContentScript(page: Page, extensionId: string, expression: string): Promise<unknown> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    const contexts: { id: number; origin: string; auxData?: { type?: string; frameId?: string; isDefault?: boolean } }[] = [];
    cdp.on('Runtime.executionContextCreated', (e: { context: (typeof contexts)[number] }) => contexts.push(e.context));
    await cdp.send('Runtime.enable');
    // the top frame's world: reaching into a same-origin iframe gives that frame an (empty) world of ours too
    const top = ((await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }).frameTree.frame.id;
    const world = contexts.find((c) => c.origin === `chrome-extension://${extensionId}` && c.auxData?.type === 'isolated' && c.auxData.frameId === top);
    if (!world) throw new Error('the content script world was not found');
    const r = (await cdp.send('Runtime.evaluate', { expression, contextId: world.id, awaitPromise: true, returnByValue: true })) as {
      result: { value?: unknown };
      exceptionDetails?: { exception?: { description?: string } };
    };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? 'evaluation failed');
    return r.result.value;
  } finally {
    await cdp.detach();
  }
}
