import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { createScenario, score, type Scenario, type Score } from '../../arena/client.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Harness {
  arena: Arena;
  browser: Browser;
  /**
   * Create a scenario and open its start page in a fresh context. Pass the test's own
   * onTestFinished so the context closes when that test ends (tests run concurrently).
   */
  open(task: string, seed: number, onTestFinished: (fn: () => Promise<void>) => void): Promise<{ page: Page; context: BrowserContext; scenario: Scenario }>;
  score(id: string): Promise<Score>;
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const arena = await startArena();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    arena,
    browser,
    async open(task, seed, onTestFinished) {
      const scenario = await createScenario(arena.url, task, seed);
      const context = await browser.newContext();
      contexts.push(context);
      onTestFinished(async () => {
        contexts.splice(contexts.indexOf(context), 1);
        await context.close().catch(() => {});
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(scenario.startUrl);
      return { page, context, scenario };
    },
    score: (id) => score(arena.url, id),
    async close() {
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
      await browser.close();
      await arena.close();
    },
  };
}

/** Field labels vary by layout variant; tests find fields by any of their wordings. */
export const anyOf = (...words: string[]) => new RegExp(`^(${words.map(escapeRe).join('|')})$`);

/** Page the calendar month by month to the date ("12 March 2027") and click the day. */
export async function chooseDate(page: Page, label: RegExp, date: string) {
  const input = page.getByRole('textbox', { name: label });
  const picker = input.locator('xpath=..');
  await picker.getByRole('button', { name: 'Open calendar' }).click();
  const [, month, year] = date.split(' ');
  const title = picker.locator('.cal-title');
  for (let i = 0; i < 24 && (await title.textContent()) !== `${month} ${year}`; i++) {
    await picker.getByRole('button', { name: 'Next month' }).click();
  }
  await picker.getByRole('button', { name: new RegExp(`, ${date}$`) }).click();
}

/** Click and wait until the page has reported the action to the arena server. */
export async function clickReported(page: Page, target: Locator, path = '/api/report') {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path)), target.click()]);
}

export const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
