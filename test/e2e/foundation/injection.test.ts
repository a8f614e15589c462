import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { waitForSteps } from '../record/helpers';

/**
 * The content script goes only where the co-pilot works (src/background/executor/content-script.ts):
 * a page the person opens gets none; the panel shown on a tab puts it there; a recording keeps it
 * in every page the tab loads; and a document never runs it twice, however many ways ask.
 */

const PAGES = {
  '/': '<!doctype html><title>Start</title><h1>Start</h1><a href="/next">Next page</a>',
  '/other': '<!doctype html><title>Other</title><h1>Other</h1><p>Nothing here.</p>',
  '/next': '<!doctype html><title>Next</title><h1>Next</h1><label>Name <input id="name"></label><button id="done">Done</button>',
};

const { ext, site } = useExtension({ pages: PAGES });

/**
 * How many of the extension's isolated worlds in the page's top frame have a content script
 * listening (declared or injected), read through CDP, which the page itself cannot see. Chromium
 * may make the world for a document with nothing in it: only a listening one counts.
 */
async function extensionWorlds(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const worlds: { id: number; origin: string; auxData?: { type?: string; frameId?: string } }[] = [];
    cdp.on('Runtime.executionContextCreated', (e: { context: (typeof worlds)[number] }) => worlds.push(e.context));
    await cdp.send('Runtime.enable');
    const top = ((await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }).frameTree.frame.id;
    const ours = worlds.filter((w) => w.origin === `chrome-extension://${ext.extensionId}` && w.auxData?.type === 'isolated' && w.auxData.frameId === top);
    let listening = 0;
    for (const w of ours) {
      const r = (await cdp.send('Runtime.evaluate', { expression: 'chrome.runtime.onMessage.hasListeners()', contextId: w.id, returnByValue: true })) as { result: { value?: unknown } };
      if (r.result.value === true) listening++;
    }
    return listening;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** A page loaded and left alone past the moment a declared content script (document_idle) would have run. */
async function loadAndLinger(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await page.waitForLoadState('load');
  await new Promise((r) => setTimeout(r, 500));
}

describe('the content script goes only where the co-pilot works', () => {
  it('is not in a page the person opens, nor in the next page of a tab the panel showed before', async () => {
    const page = await ext.context.newPage();
    await loadAndLinger(page, '/');
    expect(await extensionWorlds(page)).toBe(0);

    // the panel shown on the tab puts it into the page that is there
    const panel = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
    await waitForContentScript(page);
    await panel.close();
    // the tab is not being worked in: its next document gets none
    await loadAndLinger(page, '/other');
    expect(await extensionWorlds(page)).toBe(0);
    await page.close();
  });

  it('follows a recording into the next page, where the first input is recorded, and runs once per document', async () => {
    const page = await ext.context.newPage();
    await loadAndLinger(page, '/');
    const tabId = await ext.tabIdOf(page);
    expect(await extensionWorlds(page)).toBe(0);
    const panel = await ext.openPanel({ tabId });
    await waitForContentScript(page);
    // more ways in for the same document: the script's own guard keeps one copy (two would each
    // start capturing on recorder.start and record every step twice)
    const sw = await ext.serviceWorker();
    await sw.evaluate((id) => Promise.all([1, 2].map(() => chrome.scripting.executeScript({ target: { tabId: id }, files: ['content.js'] }))), tabId);

    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await Promise.all([page.waitForURL(/\/next$/), page.getByRole('link', { name: 'Next page' }).click()]);
    // a person sees the new page and acts: the worker has put the script there and told it to record
    expect(await waitForSteps(panel, 2)).toEqual([expect.stringMatching(/^Click “Next page”/), expect.stringMatching(/^↳ opened \/next/)]);
    await page.bringToFront();
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Done' }).click();
    const steps = await waitForSteps(panel, 4);
    expect(steps.slice(2)).toEqual([expect.stringMatching(/^Type “Ada” into “Name”/), expect.stringMatching(/^Click “Done”/)]);
    // nothing counted twice, after a moment for any late duplicate
    await new Promise((r) => setTimeout(r, 500));
    expect(await panel.getByTestId('record-step').count()).toBe(4);
    expect(await extensionWorlds(page)).toBe(1);

    await panel.getByTestId('record-discard').click().catch(() => {});
    await panel.close();
    await page.close();
  });
});
