import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { createScenario, score, type Scenario, type Score } from '../../arena/client.mjs';
import { late } from '../support/fixtures';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Harness {
  arena: Arena;
  browser: Browser;
  /**
   * Create a scenario and open its start page. Pass the test's own onTestFinished: the page goes
   * back to a pool when that test ends, because opening a fresh page costs more than the test.
   */
  open(task: string, seed: number, onTestFinished: (fn: () => Promise<void>) => void): Promise<{ page: Page; scenario: Scenario }>;
  score(id: string): Promise<Score>;
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const arena = await startArena();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  // Scenario state lives on the server and the pages keep nothing in the browser, so a page can
  // serve one test after another.
  const idle: Page[] = [];
  return {
    arena,
    browser,
    async open(task, seed, onTestFinished) {
      const scenario = await createScenario(arena.url, task, seed);
      const page = idle.pop() ?? (await context.newPage());
      onTestFinished(async () => {
        if (!page.isClosed()) idle.push(page);
      });
      page.setDefaultTimeout(15_000);
      await page.goto(scenario.startUrl);
      return { page, scenario };
    },
    score: (id) => score(arena.url, id),
    async close() {
      await context.close().catch(() => {});
      await browser.close();
      await arena.close();
    },
  };
}

/** The arena and a browser for the whole file, closed after it. */
export function useHarness(): Harness {
  const h = late<Harness>('the arena harness');
  beforeAll(async () => {
    h.set(await createHarness());
  });
  afterAll(async () => {
    await h.get()?.close();
  });
  return h.proxy;
}

export interface Case {
  solve(page: Page, text: string): Promise<void>;
  /** Does the task plausibly but wrongly; the score must be 0. */
  wrong(page: Page, text: string): Promise<void>;
}

/**
 * Each task solved as a person would on seeds 1 and 2 (or ARENA_SEEDS) scores 1, and done wrong
 * on `wrongSeed` scores 0; `reasonNot` is what the reason for that 0 must not say.
 */
export function describeCases(h: Harness, cases: Record<string, Case>, opts: { wrongSeed: number; reasonNot?: RegExp }): void {
  for (const [task, c] of Object.entries(cases)) {
    describe(task, () => {
      for (const seed of seeds([1, 2])) {
        it(`solves seed ${seed}`, async ({ onTestFinished }) => {
          const { page, scenario } = await h.open(task, seed, onTestFinished);
          await c.solve(page, scenario.text);
          expect(await h.score(scenario.id)).toMatchObject({ success: 1, progress: 1 });
        });
      }
      it('scores 0 when done wrong', async ({ onTestFinished }) => {
        const { page, scenario } = await h.open(task, opts.wrongSeed, onTestFinished);
        await c.wrong(page, scenario.text);
        const s = await h.score(scenario.id);
        expect(s.success).toBe(0);
        if (opts.reasonNot) expect(s.reason).not.toMatch(opts.reasonNot);
      });
    });
  }
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

/** Seeds to solve each task on; ARENA_SEEDS=1,2,3,... sweeps more of them. */
export function seeds(fallback: number[]): number[] {
  const list = process.env.ARENA_SEEDS?.split(',').map(Number).filter(Number.isFinite);
  return list?.length ? list : fallback;
}
