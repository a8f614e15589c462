import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { shootPanel } from '../../support/shots';
import { seriousAxe } from '../../support/axe';

// The panel's notices ("Saved …", "Imported …", a file it could not read): one at a time, each
// dismissable, and one that says something went well goes by itself.

const PAGE = '<!doctype html><title>Shop</title><h1>Shop</h1><button>Buy</button>';
const { ext, site } = useExtension({ pages: { '/': PAGE } });
const s = {} as { page: Page; panel: Page };
beforeAll(async () => {
  s.page = await ext.context.newPage();
  await s.page.goto(`${site.url}/`);
  s.panel = await ext.openPanel({ tabId: await ext.tabIdOf(s.page), ownWindow: true });
  await waitForContentScript(s.page);
});

const notices = () => s.panel.locator('[data-testid$="-notice"]');

async function importFile(text: string) {
  await s.panel.locator('input[type=file]').setInputFiles({ name: 'flow.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

const flow = (url: string) => JSON.stringify({ title: 'Buy at the shop', steps: [{ type: 'navigate', url }, { type: 'click', target: 'main', selectors: [['aria/Buy[role="button"]']], offsetX: 5, offsetY: 5 }] });

describe('notices', () => {
  it('never stack, can each be dismissed, and go by themselves once they only said something went well', async () => {
    const panel = s.panel;
    await panel.bringToFront();
    await panel.getByTestId('record').click();
    await panel.getByTestId('record-save').click();
    const record = panel.getByTestId('record-message');
    await expect.poll(() => record.innerText()).toMatch(/Give the task a name/);

    // a newer notice elsewhere takes the place of the record bar's
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await importFile('this is not a workflow');
    const workflows = panel.getByTestId('workflows-message');
    await expect.poll(() => workflows.getAttribute('data-kind')).toBe('error');
    expect(await record.count()).toBe(0);
    expect(await notices().count()).toBe(1);
    await shootPanel(panel, 'notice', { schemes: ['light', 'dark'] });
    expect(await seriousAxe(panel), 'axe: a notice').toEqual([]);

    // a problem stays until dismissed
    await panel.getByRole('button', { name: 'Dismiss this notice' }).click();
    expect(await notices().count()).toBe(0);

    // "Imported …" says something went well: it goes by itself
    await importFile(flow(`${site.url}/`));
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    await expect.poll(() => workflows.innerText()).toContain('Imported “Buy at the shop”');
    expect(await notices().count()).toBe(1);
    await expect.poll(() => notices().count(), { timeout: 15_000, interval: 500 }).toBe(0);
    await panel.getByTestId('record-discard').click();
  });

  it('"Saved …, also as a workflow." stays until the next action, and the chat open before Record comes back, not an older one', async () => {
    const { panel, page } = s;
    const tabId = await ext.tabIdOf(page);
    // an older chat of this tab, which the panel shows first
    await panel.evaluate(async (tab) => {
      const db = await new Promise<IDBDatabase>((done) => {
        const open = indexedDB.open('copilot');
        open.onsuccess = () => done(open.result);
      });
      const tx = db.transaction(['chats', 'messages'], 'readwrite');
      tx.objectStore('chats').put({ id: `chat-${tab}-older`, tabId: tab, title: 'An older question', createdAt: Date.now() - 60_000, updatedAt: Date.now() - 60_000 });
      tx.objectStore('messages').put({ chatId: `chat-${tab}-older`, role: 'user', text: 'An older question', at: Date.now() - 60_000 });
      await new Promise((done) => (tx.oncomplete = done));
    }, tabId);
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByText('An older question').first().waitFor();
    await panel.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => panel.getByText('An older question').count()).toBe(0);

    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await page.getByRole('button', { name: 'Buy' }).click();
    await panel.bringToFront();
    await expect.poll(() => panel.getByTestId('record-count').textContent()).toBe('1');
    await panel.getByTestId('record-task').fill('Buy at the shop again');
    await panel.getByTestId('record-save').click();
    const saved = panel.getByTestId('record-message');
    await expect.poll(() => saved.innerText()).toBe('Saved “Buy at the shop again”, also as a workflow.');

    // the chat that was open (the new, empty one) is back, not the older chat
    await panel.getByTestId('timeline-scroll').waitFor();
    await panel.waitForTimeout(1500);
    expect(await panel.getByText('An older question').count(), 'the older chat came back').toBe(0);

    // past the 10 s an "ok" notice stays otherwise: a person who looked away still reads it
    await panel.waitForTimeout(11_000);
    expect(await saved.count()).toBe(1);
    await shootPanel(panel, 'record-saved-stays', { schemes: ['light'] });
    // the next action in the panel takes it away
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await expect.poll(() => saved.count()).toBe(0);
    await panel.getByRole('tab', { name: 'Chat' }).click();
  }, 60_000);
});
