import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { useExtensionArena } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { idFor } from '../../support/model-reading';
import { freePort } from '../../support/free-port';
import { shootPanel } from '../../support/shots';
import { startApp, textOf, toolNames } from '../../support/mcp-app';
import { payShop } from '../../support/pay-shop';

// An app drives a page itself: it reads the page's ids with read_page and gives one action at a
// time with `act`. No model is called; the same gate holds what pays, and the person answers in
// the panel on the app's tab.

const { ext, llm, page, panel } = useExtensionArena();

const clients: Client[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const shopServer = (paid: string[]) => payShop(paid, '<label>Note to the shop <input id="note"></label>');

describe('an app acts in its own tab, one action at a time', () => {
  it('types with no question and no model call; a payment waits for the person: refused, nothing is sent; allowed once, it goes', async () => {
    const paid: string[] = [];
    const { shop, url } = await shopServer(paid);
    try {
      // apps are off until the person turns them on, on a port of their choice
      const port = await freePort();
      expect(await panelSend(panel, 'settings.save', { apps: { enabled: true, port } })).toMatchObject({ result: { apps: { enabled: true, port } } });
      const state = await mkdtemp(join(tmpdir(), 'copilot-mcp-'));
      dirs.push(state);
      const app = await startApp(clients, 'Pay agent', port, state);
      const ask = panel.getByTestId('app-ask').filter({ hasText: 'Pay agent' });
      await expect.poll(() => ask.count(), { timeout: 15_000 }).toBe(1);
      await ask.getByRole('button', { name: 'Allow', exact: true }).click();
      await expect.poll(() => toolNames(app), { timeout: 10_000 }).toContain('act');

      const opened = await app.callTool({ name: 'open_tab', arguments: { url } });
      const tabId = Number(/^Opened tab (\d+)/.exec(textOf(opened))![1]);
      await expect.poll(async () => (await ext.serviceWorker()).evaluate((id) => chrome.tabs.get(id).then((t) => t.status), tabId)).toBe('complete');
      // in a tab group named after the app: the person sees which tabs it works in
      const group = await (await ext.serviceWorker()).evaluate(async (id) => {
        const t = await chrome.tabs.get(id);
        return t.groupId === -1 ? null : (await chrome.tabGroups.get(t.groupId)).title;
      }, tabId);
      expect(group).toBe('Pay agent');
      const read = textOf(await app.callTool({ name: 'read_page', arguments: { tabId } }));
      const note = idFor(read, 'Note to the shop');
      const pay = idFor(read, 'Pay $42.00');

      // not its tab, not an action, not a file: refused in words, nothing done
      const elsewhere = await app.callTool({ name: 'act', arguments: { tabId: await ext.tabIdOf(page), action: `click ${pay}` } });
      expect(elsewhere.isError).toBe(true);
      expect(textOf(elsewhere)).toMatch(/was not opened for this app/);
      expect(textOf(await app.callTool({ name: 'act', arguments: { tabId, action: 'fly 3' } }))).toMatch(/unknown action/);
      expect(textOf(await app.callTool({ name: 'act', arguments: { tabId, action: `upload ${note} "cv.pdf"` } }))).toMatch(/cannot upload files/);

      const asked = llm.requests.length;
      const typed = await app.callTool({ name: 'act', arguments: { tabId, action: `type ${note} "Leave it at the door"` } });
      expect(typed.isError, textOf(typed)).toBeFalsy();
      expect(textOf(typed)).toMatch(/^Typed Leave it at the door into Note to the shop: /);
      const shopPage = ext.context.pages().find((p) => p.url() === url)!;
      expect(await shopPage.locator('#note').inputValue()).toBe('Leave it at the door');

      // no side panel open: a question would wait unseen, so the browser's notification says who waits
      await panel.close();
      const notices = async () => Object.keys(await (await ext.serviceWorker()).evaluate(() => chrome.notifications.getAll())).filter((id) => id.startsWith('app-wait:'));
      let side: Awaited<ReturnType<typeof ext.openPanel>> | undefined;
      const payOnce = async (answer: 'Refuse' | 'Allow once') => {
        const call = app.callTool({ name: 'act', arguments: { tabId, action: `click ${pay}` } });
        if (!side) {
          await expect.poll(notices, { timeout: 20_000 }).toEqual([expect.stringMatching(new RegExp(`^app-wait:\\d+:${tabId}:run-`))]);
          side = await ext.openPanel({ tabId });
        }
        const card = side.locator('[data-testid=confirm][data-category=payment]');
        await card.waitFor({ timeout: 20_000 });
        expect(await card.textContent()).toContain('$42');
        await card.getByRole('button', { name: answer }).click();
        return call;
      };
      const refused = await payOnce('Refuse');
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^The action was stopped: you did not allow Click "Pay \$42\.00"/);
      expect(paid).toEqual([]);
      // answered, its notice is gone; with the panel open, the next question raises none
      expect(await notices()).toEqual([]);
      const allowed = await payOnce('Allow once');
      expect(await notices()).toEqual([]);
      expect(allowed.isError, textOf(allowed)).toBeFalsy();
      await expect.poll(() => paid).toEqual(['amount=42.00']);
      expect(llm.requests.length).toBe(asked);
      // the person sees the app's actions in the timeline of the app's chat on that tab
      await expect.poll(() => side!.getByText('Pay agent asks: Click Pay $42.00').count()).toBeGreaterThan(0);
      await shootPanel(side!, 'app-act', { schemes: ['light'] });
      await side!.close();
    } finally {
      shop.close();
    }
  }, 120_000);

  it('an app allowed only on the sites the person names is refused elsewhere, before anything is done', async () => {
    for (const c of clients.splice(0)) await c.close();
    const paid: string[] = [];
    const { shop, url } = await shopServer(paid);
    const side = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
    try {
      const { result } = (await panelSend(side, 'settings.get', {})) as { result: { apps: { port: number } } };
      const state = await mkdtemp(join(tmpdir(), 'copilot-mcp-'));
      dirs.push(state);
      const app = await startApp(clients, 'Scoped agent', result.apps.port, state);
      const ask = side.getByTestId('app-ask').filter({ hasText: 'Scoped agent' });
      await expect.poll(() => ask.count(), { timeout: 15_000 }).toBe(1);
      await ask.getByRole('button', { name: 'Only some sites…' }).click();
      await ask.getByLabel('Only on these sites').fill('https://localhost/anything');
      await shootPanel(side, 'app-ask-sites', { schemes: ['light'] });
      await ask.getByRole('button', { name: 'Allow on these sites' }).click();
      await expect.poll(() => toolNames(app), { timeout: 10_000 }).toContain('act');

      const elsewhere = await app.callTool({ name: 'open_tab', arguments: { url } });
      expect(elsewhere.isError).toBe(true);
      expect(textOf(elsewhere)).toMatch(/^The person allowed "Scoped agent" only on localhost; 127\.0\.0\.1 is not one of them/);
      const local = url.replace('127.0.0.1', 'localhost');
      const opened = await app.callTool({ name: 'open_tab', arguments: { url: local } });
      expect(opened.isError, textOf(opened)).toBeFalsy();
      const tabId = Number(/^Opened tab (\d+)/.exec(textOf(opened))![1]);
      await expect.poll(async () => (await ext.serviceWorker()).evaluate((id) => chrome.tabs.get(id).then((t) => t.status), tabId)).toBe('complete');
      expect(textOf(await app.callTool({ name: 'read_page', arguments: { tabId } }))).toContain('Invoice 7731');
      // a navigation out of its sites is refused before the tab moves
      const away = await app.callTool({ name: 'act', arguments: { tabId, action: `navigate "${url}"` } });
      expect(away.isError).toBe(true);
      expect(textOf(away)).toMatch(/only on localhost/);
      expect(await (await ext.serviceWorker()).evaluate((id) => chrome.tabs.get(id).then((t) => t.url), tabId)).toBe(local);

      await side.getByRole('tab', { name: 'Settings' }).click();
      const entry = side.getByTestId('app-entry').filter({ hasText: 'Scoped agent' });
      await expect.poll(() => entry.textContent()).toContain('allowed on localhost');

      // the person's own tab, handed over in Settings beside it: the app may act there, until it is taken back
      await page.goto(`${local}?mine`);
      const mine = await ext.tabIdOf(page);
      const beside = await ext.openPanel({ tabId: mine });
      await beside.getByRole('tab', { name: 'Settings' }).click();
      const handed = beside.getByTestId('app-entry').filter({ hasText: 'Scoped agent' });
      const typeNote = (id = 1) => app.callTool({ name: 'act', arguments: { tabId: mine, action: `type ${id} "From my own tab"` } });
      expect(textOf(await typeNote())).toMatch(/was not opened for this app/);
      await handed.getByRole('button', { name: 'Give it this tab' }).click();
      await expect.poll(() => handed.textContent()).toContain('may now read and act in this tab');
      await shootPanel(beside, 'app-handover', { schemes: ['light'], check: () => handed.evaluate((el) => el.scrollIntoView({ block: 'center' })) });
      const typed = await typeNote(idFor(textOf(await app.callTool({ name: 'read_page', arguments: { tabId: mine } })), 'Note to the shop'));
      expect(typed.isError, textOf(typed)).toBeFalsy();
      expect(await page.locator('#note').inputValue()).toBe('From my own tab');
      await handed.getByRole('button', { name: 'Take this tab back' }).click();
      await expect.poll(() => handed.textContent()).toContain('may no longer use this tab');
      expect(textOf(await typeNote())).toMatch(/was not opened for this app/);
      await beside.close();
    } finally {
      await side.close();
      shop.close();
    }
  }, 120_000);
});
