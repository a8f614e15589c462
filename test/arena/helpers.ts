import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { createScenario, score, type Scenario, type Score } from '../../arena/client.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Harness {
  arena: Arena;
  browser: Browser;
  /** Create a scenario and open its start page in a fresh context. */
  open(task: string, seed: number, layout?: number): Promise<{ page: Page; context: BrowserContext; scenario: Scenario }>;
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
    async open(task, seed, layout) {
      const scenario = await createScenario(arena.url, task, seed, layout);
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(8000);
      await page.goto(scenario.startUrl);
      return { page, context, scenario };
    },
    score: (id) => score(arena.url, id),
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await browser.close();
      await arena.close();
    },
  };
}

/** Field labels vary by layout variant; tests find fields by any of their wordings. */
export const anyOf = (...words: string[]) => new RegExp(`^(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

/** Wait until the server has recorded what the page reported (widget pages report with fetch). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
}
