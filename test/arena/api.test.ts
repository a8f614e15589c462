import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { createScenario, listTasks, score } from '../../arena/client.mjs';
import { CHROMIUM_ARGS } from './helpers';

const TASKS = ['airline-book', 'airline-find', 'airline-cancel', 'airline-modify', 'click-button', 'click-link', 'checkboxes', 'radio', 'select-native', 'select-custom', 'autocomplete', 'date-picker', 'spinner', 'collapsible', 'tabs', 'scroll-list', 'search-results', 'inbox-reply', 'inbox-forward', 'inbox-delete', 'inbox-star', 'login', 'login-popup', 'table-read', 'shadow-form', 'iframe-form', 'delayed-element', 'trusted-click', 'hostile', 'extract-table', 'price-compare', 'canvas-click', 'ratings', 'upload-file', 'download-file'];

let arena: Arena;
let browser: Browser;
beforeAll(async () => {
  arena = await startArena();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await arena?.close();
});

/** Page HTML with the scenario id blanked, so two scenarios of one seed can be compared. */
async function pageHtml(task: string, seed: number, layout?: number) {
  const s = await createScenario(arena.url, task, seed, layout);
  return { s, html: (await (await fetch(s.startUrl)).text()).replaceAll(s.id, 'ID') };
}

describe('API', () => {
  it('lists every task with a description', async () => {
    const tasks = await listTasks(arena.url);
    expect(tasks.map((t) => t.name)).toEqual(TASKS);
    for (const t of tasks) expect(t.description.length).toBeGreaterThan(10);
  });

  it('creates scenarios with the documented shape, for every task, and scores them 0 before any action', async () => {
    for (const task of TASKS) {
      const s = await createScenario(arena.url, task, 11);
      expect(s).toMatchObject({ task, seed: 11 });
      expect(s.startUrl).toMatch(new RegExp(`^${arena.url}.+\\?scenario=${s.id}$`));
      expect(s.text.length).toBeGreaterThan(15);
      expect((await fetch(s.startUrl)).status).toBe(200);
      expect(await score(arena.url, s.id)).toMatchObject({ success: 0, progress: 0 });
    }
  });

  it('gives the same page and text for the same seed, and other data for another seed', async () => {
    const a = await pageHtml('checkboxes', 5);
    const b = await pageHtml('checkboxes', 5);
    const c = await pageHtml('checkboxes', 6);
    expect(a.s.text).toBe(b.s.text);
    expect(a.html).toBe(b.html);
    expect(c.s.text).not.toBe(a.s.text);
  });

  it('rejects unknown tasks and scenarios', async () => {
    expect((await fetch(new URL('/api/scenario?task=nope&seed=1', arena.url))).status).toBe(404);
    expect((await fetch(new URL('/api/score?scenario=nope', arena.url))).status).toBe(404);
    expect((await fetch(new URL('/airline/?scenario=nope', arena.url))).status).toBe(404);
  });

  it('serves an index page that links every task', async () => {
    const html = await (await fetch(arena.url)).text();
    for (const task of TASKS) expect(html).toContain(`value="${task}"`);
    const go = await fetch(new URL('/go?task=login&seed=2', arena.url));
    expect(await go.text()).toContain('Sign in with the username');
  });

  it('starts from the command line in well under a second and prints its address', async () => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['arena/server.mjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => resolve(d.toString()));
        child.on('exit', () => reject(new Error('arena exited')));
      });
      const elapsed = Date.now() - t0;
      const url = /^arena: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(line)?.[1];
      expect(url).toBeTruthy();
      expect((await fetch(url!)).status).toBe(200);
      // Node's own start-up is most of this; the arena adds a few milliseconds.
      expect(elapsed).toBeLessThan(1500);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

interface Control {
  id: string;
  label: string;
}

/** The visible form controls of the airline search form, in DOM order, with their label text. */
async function searchControls(page: Page, url: string): Promise<Control[]> {
  await page.goto(url);
  return page.locator('form[aria-label="Search flights"]').locator('input:not([type=hidden]), select').evaluateAll((els) =>
    els.map((el) => {
      const e = el as HTMLInputElement;
      const by = e.getAttribute('aria-labelledby');
      const label = e.labels?.[0]?.textContent ?? (by ? document.getElementById(by.split(' ')[0]!)?.textContent : '') ?? '';
      return { id: e.id, label: label.trim() };
    }),
  );
}

const KEYS: Record<string, string> = {
  Return: 'trip', 'One way': 'trip', From: 'from', 'Leaving from': 'from', Origin: 'from', To: 'to', 'Going to': 'to', Destination: 'to',
  'Departure date': 'depart', Depart: 'depart', 'Outbound date': 'depart', 'Return date': 'return', 'Inbound date': 'return',
  Passengers: 'pax', Travellers: 'pax', Adults: 'pax',
};
const order = (controls: Control[]) => [...new Set(controls.map((c) => KEYS[c.label] ?? c.label))];

describe('layout variants', () => {
  it('two seeds of one task give different element ids and field orders', async () => {
    const page = await browser.newPage();
    try {
      const one = await searchControls(page, (await createScenario(arena.url, 'airline-book', 1)).startUrl);
      const two = await searchControls(page, (await createScenario(arena.url, 'airline-book', 2)).startUrl);
      const ids = (cs: Control[]) => cs.map((c) => c.id).sort();
      expect(ids(one)).not.toEqual(ids(two));
      expect(order(one)).not.toEqual(order(two));
      expect(order(one).sort()).toEqual(order(two).sort());
      // The canonical layout keeps the plain ids.
      const canonical = await searchControls(page, (await createScenario(arena.url, 'airline-book', 1, 0)).startUrl);
      expect(canonical.map((c) => c.id)).toContain('from');
      expect(order(canonical)).toEqual(['trip', 'from', 'to', 'depart', 'return', 'pax']);
    } finally {
      await page.close();
    }
  });

  it('layout overrides the variant independently of the data seed', async () => {
    const sameData = [await pageHtml('login', 3, 0), await pageHtml('login', 3, 7)];
    expect(sameData[0]!.s.text).toBe(sameData[1]!.s.text);
    expect(sameData[0]!.html).not.toBe(sameData[1]!.html);
    expect(sameData[1]!.s.layout).toBe(7);

    const sameLayout = [await pageHtml('login', 3, 7), await pageHtml('login', 4, 7)];
    expect(sameLayout[0]!.s.text).not.toBe(sameLayout[1]!.s.text);
    const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(sameLayout[0]!.html)).toEqual(ids(sameLayout[1]!.html));
  });

  it('lets the date be typed only in the variants that allow it', async () => {
    const page = await browser.newPage();
    try {
      const typed = await createScenario(arena.url, 'date-picker', 3, 2);
      await page.goto(typed.startUrl);
      const box = page.getByRole('textbox', { name: /date/i });
      await box.fill(/^Choose (.+?) as/.exec(typed.text)![1]!);
      await box.press('Enter');
      await page.getByRole('status').waitFor();
      expect((await score(arena.url, typed.id)).success).toBe(1);

      const canonical = await createScenario(arena.url, 'date-picker', 3, 0);
      await page.goto(canonical.startUrl);
      expect(await page.getByRole('textbox', { name: /date/i }).isEditable()).toBe(false);
    } finally {
      await page.close();
    }
  });
});
