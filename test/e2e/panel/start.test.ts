import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { HOSTILE_ARGS } from '../../support/redteam';
import { isPlanner, pageOf } from '../../support/model-reading';
import { plan } from '../../support/scripted-web-model';
import { seriousAxe } from '../../support/axe';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-start');
const SHOP = '<!doctype html><title>Shop</title><h1>Pineapple pizza: $12</h1>';
const OTHER = '<!doctype html><title>Other</title><h1>Nothing here</h1>';

// *.test names resolve to this machine: a site with a real host name, as a task would name it
const { s, site } = useSiteSession({ '/': SHOP, '/other': OTHER }, { panelWindow: true, args: HOSTILE_ARGS }, async (session, served) => {
  await session.page.goto(`${served.url}/other`);
  session.llm.script({ name: 'planner', match: isPlanner, answer: (r) => plan(/Pineapple pizza/.test(pageOf(r)) ? 'The pizza costs $12.' : 'No price here.', []) });
  // the panel opens on a web page, then the tab goes where content scripts cannot run
  await session.ask('Say hello');
  await session.waitForEnd(15_000);
});

const shopUrl = () => `http://shop.test:${new URL(site.url).port}/`;

describe('starting a task anywhere', () => {
  it('says in plain words, at once, why it cannot work on a browser page, and keeps the task in the box', async () => {
    await s.page.goto('chrome://version/');
    const started = Date.now();
    await s.panel.getByLabel('Message').fill('What does the pizza cost?');
    await s.panel.getByRole('button', { name: 'Send' }).click();
    const error = s.panel.getByTestId('start-error');
    await error.waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await error.textContent()).toMatch(/cannot work on a browser page.*name the site in your task/);
    expect(await error.textContent()).not.toMatch(/content script|tab \d+/);
    expect(await s.panel.getByLabel('Message').inputValue()).toBe('What does the pizza cost?');
    expect(await seriousAxe(s.panel), 'axe: the start error').toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, colorScheme] of [[320, 'dark'], [480, 'light']] as const) {
      await s.panel.setViewportSize({ width, height: 640 });
      await s.panel.emulateMedia({ colorScheme });
      await s.panel.screenshot({ path: join(SHOTS, `cannot-${width}-${colorScheme}.png`) });
    }
  });

  it('waits for a page that is still loading, and says so', async () => {
    // a page whose server answers after 2 s: the tab shows the old page, then loads the new one
    const slow = createServer((_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(SHOP), 2_000));
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      await s.page.goto(`${site.url}/other`);
      const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
      void s.page.goto(slowUrl).catch(() => {});
      await expect.poll(async () => (await s.ext.serviceWorker()).evaluate(async () => (await chrome.tabs.query({})).some((t) => t.status === 'loading'))).toBe(true);
      const before = await s.panel.locator('[data-end]').count();
      await s.panel.getByLabel('Message').fill('What does the pizza cost?');
      await s.panel.getByRole('button', { name: 'Send' }).click();
      expect(await s.panel.getByTestId('starting').textContent()).toBe('Waiting for the page to load…');
      await s.panel.locator('[data-end]').nth(before).waitFor({ timeout: 20_000 });
      // the run read the page that loaded, not the one shown before it
      expect(await s.panel.getByTestId('final').textContent()).toContain('$12');
      expect(s.page.url()).toBe(slowUrl);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('opens the site a task names, from a blank tab, and works there', async () => {
    await s.page.goto('about:blank');
    const before = await s.panel.locator('[data-end]').count();
    await s.panel.getByLabel('Message').fill(`On ${shopUrl()} what does the pizza cost?`);
    await s.panel.getByRole('button', { name: 'Send' }).click();
    await s.panel.locator('[data-end]').nth(before).waitFor({ timeout: 20_000 });
    expect(await s.panel.getByTestId('final').textContent()).toContain('$12');
    expect(s.page.url()).toBe(shopUrl());
    expect(await s.panel.getByTestId('start-error').count()).toBe(0);
  });
});
