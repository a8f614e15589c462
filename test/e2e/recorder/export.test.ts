import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import type { Browser } from 'puppeteer-core';
import { useExtension } from '../../support/fixtures';
import { chooseOption } from '../../support/person';
import { createScenario, score } from '../../../arena/client.mjs';
import { exportFromPanel, forScenario, launchChromeRunner, replayWithChromeRunner } from './export-support';

// Round trip: a task recorded through the side panel's Record button on the arena, exported with
// the Workflows tab's "Export for Chrome Recorder", then replayed by Chrome's own runner
// (`@puppeteer/replay` in a Chromium of its own) on a fresh scenario of the same seed: the arena
// scores that scenario, so the runner must have acted on the right elements with the right values.
const { ext, arena } = useExtension({ arena: true });
let runner: Browser;
let page: Page;
let panel: Page;

beforeAll(async () => {
  runner = await launchChromeRunner();
  page = await ext.context.newPage();
  page.setDefaultTimeout(10_000);
  await open('select-native', 1);
  panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
});

afterAll(async () => {
  await runner?.close();
});

async function open(task: string, seed: number) {
  const s = await createScenario(arena.url, task, seed, 0);
  await page.goto(s.startUrl);
  // no wait for the content script: the Record or Run that follows puts it into the page
  return s;
}

/** Records what `act` does on the page through the panel's Record button and saves it as a workflow. */
async function record(name: string, act: () => Promise<void>) {
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Chat' }).click();
  await panel.getByTestId('record').click();
  await panel.getByTestId('recording').waitFor();
  await page.bringToFront();
  await act();
  await panel.bringToFront();
  await panel.getByTestId('record-task').fill(name);
  await panel.getByTestId('record-save').click();
  await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');
}

const quoted = (re: RegExp, text: string): string[] => {
  const m = re.exec(text);
  if (!m) throw new Error(`task text not understood: ${text}`);
  return m.slice(1);
};

const TASKS: Record<string, (text: string) => Promise<void>> = {
  // a native select, then a button that posts the form and lands on the next page
  'select-native': async (text) => {
    const [country] = quoted(/^Set the country to (.+) and save/, text);
    await chooseOption(page.getByLabel('Country', { exact: true }), country!);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL(/\/submit/);
  },
  // fields inside a same-origin iframe: the export's frame path
  'iframe-form': async (text) => {
    const [name, topic, message] = quoted(/request as (.+?), topic "(.+?)", with the message "(.+?)"/, text);
    const frame: FrameLocator = page.frameLocator('iframe[title="Support request form"]');
    await frame.getByLabel('Your name').fill(name!);
    await chooseOption(frame.getByLabel('Topic'), topic!);
    await frame.getByLabel('Message').fill(message!);
    await frame.getByRole('button', { name: 'Send request' }).click();
    await frame.getByRole('status').waitFor();
  },
  // fields inside an open shadow root: selectors that walk down from the host
  'shadow-form': async (text) => {
    const [name, email, freq] = quoted(/newsletter as (.+?) \((.+?)\) with (\w+) emails/, text);
    await page.getByLabel('Full name').fill(name!);
    await page.getByLabel('Email', { exact: true }).fill(email!);
    await chooseOption(page.getByLabel('How often?'), freq![0]!.toUpperCase() + freq!.slice(1));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').first().waitFor();
  },
};

describe('a workflow recorded here, exported for the Chrome Recorder', () => {
  for (const [task, act] of Object.entries(TASKS)) {
    it(`replays with Chrome's own runner and scores 1 (${task})`, async () => {
      const rec = await open(task, 1);
      const name = `Export round trip ${task}`;
      await record(name, () => act(rec.text));
      expect(await score(arena.url, rec.id)).toMatchObject({ success: 1 });

      const file = await exportFromPanel(panel, name);
      expect(file.filename).toMatch(/\.recording\.json$/);
      const flow = JSON.parse(file.text) as { steps: { type: string; selectors?: unknown[]; frame?: number[]; assertedEvents?: unknown[] }[] };
      expect(flow.steps[0]).toMatchObject({ type: 'setViewport', width: 1280, height: 800 });
      const selectors = flow.steps.flatMap((s) => s.selectors ?? []).map((s) => JSON.stringify(s));
      expect(selectors.some((s) => s.startsWith('"aria/'))).toBe(true);
      expect(selectors.some((s) => s.startsWith('"xpath/')) || task === 'shadow-form').toBe(true);
      if (task === 'iframe-form') expect(flow.steps.filter((s) => s.selectors).every((s) => JSON.stringify(s.frame) === '[0]')).toBe(true);
      if (task === 'select-native') expect(flow.steps.some((s) => s.type === 'click' && s.assertedEvents?.length)).toBe(true);

      const fresh = await createScenario(arena.url, task, 1, 0);
      const scored = () => expect.poll(async () => (await score(arena.url, fresh.id)).success, { timeout: 5_000 }).toBe(1);
      const findings = await replayWithChromeRunner(runner, forScenario(file.text, rec.id, fresh.id), scored);
      // every selector written finds the step's element and nothing else, aria/ and text/ included
      expect(findings.length).toBeGreaterThan(3);
      expect(findings.filter((f) => f.count !== 1 || f.other)).toEqual([]);
    });
  }
});

/** A Chrome Recorder file as the Recorder writes one: selectors as arrays of alternatives, asserted navigations. */
function recorderFile(startUrl: string, country: string): string {
  const submitted = new URL('/t/select-native/submit', startUrl).href;
  return JSON.stringify({
    title: 'Set the shipping country (Recorder)',
    steps: [
      { type: 'setViewport', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      { type: 'navigate', url: startUrl, assertedEvents: [{ type: 'navigation', url: startUrl, title: 'Shipping address | Northwind Store' }] },
      { type: 'change', value: country, target: 'main', selectors: [['aria/Country[role="combobox"]'], ['#country'], ['xpath///*[@id="country"]']] },
      { type: 'click', target: 'main', offsetX: 30, offsetY: 10, selectors: [['aria/Save address[role="button"]'], ['#submit'], ['xpath///*[@id="submit"]']], assertedEvents: [{ type: 'navigation', url: submitted, title: '' }] },
    ],
  });
}

/** Waits for the panel's replay to end, answering "Allow once" to the form questions on the way. */
async function replayEnds(before: string | null): Promise<string> {
  const status = panel.getByTestId('replay-status');
  await expect.poll(() => status.getAttribute('data-replay-id'), { timeout: 10_000 }).not.toBe(before);
  for (;;) {
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    const card = panel.getByTestId('replay-confirm');
    if (!(await card.count()) || (await card.first().getAttribute('data-category')) !== 'form') return (await status.getAttribute('data-status'))!;
    await card.first().getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
  }
}

/** Waits for the panel's replay to end and returns its status and the categories of the questions it asked (each answered "Allow once"). */
async function replayQuestions(before: string | null): Promise<{ status: string; asked: string[]; carries: string[] }> {
  const status = panel.getByTestId('replay-status');
  await expect.poll(() => status.getAttribute('data-replay-id'), { timeout: 10_000 }).not.toBe(before);
  const asked: string[] = [];
  const carries: string[] = [];
  for (;;) {
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    const card = panel.getByTestId('replay-confirm');
    if (!(await card.count())) return { status: (await status.getAttribute('data-status'))!, asked, carries };
    asked.push((await card.first().getAttribute('data-category')) ?? '');
    carries.push(...(await card.first().getByTestId('replay-confirm-sends').locator('li').allTextContents()));
    if (process.env.PANEL_SHOTS && asked.length === 1) {
      // the replay's form card as the person reads it
      for (const width of [320, 400]) {
        await panel.setViewportSize({ width, height: 640 });
        await panel.screenshot({ path: `${process.env.PANEL_SHOTS}/replay-form-card-${width}.png` });
      }
    }
    await card.first().getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
  }
}

describe('a Chrome Recorder file imported and replayed here', () => {
  it('asks about its form post at each run, unless the person let it submit forms on its site at the review', async () => {
    for (const trust of [false, true]) {
      const s = await open('select-native', 4);
      const [country] = quoted(/^Set the country to (.+) and save/, s.text);
      const title = `Shipping country ${trust ? 'trusted' : 'asked'}`;
      await panel.bringToFront();
      await panel.getByRole('tab', { name: 'Workflows' }).click();
      const file = JSON.stringify({ ...JSON.parse(recorderFile(s.startUrl, country!)), title });
      await panel.locator('input[type=file]').setInputFiles({ name: `${title}.json`, mimeType: 'application/json', buffer: Buffer.from(file) });
      const review = panel.getByTestId('import-review');
      await review.waitFor({ timeout: 5_000 });
      expect(await review.getByTestId('import-review-trust').textContent()).toContain(new URL(s.startUrl).host);
      if (trust) await review.getByTestId('import-review-trust').getByRole('checkbox').check();
      await review.getByRole('button', { name: 'Save workflow' }).click();
      await expect.poll(() => panel.getByTestId('workflows-message').textContent()).toContain(title);
      const before = await panel.getByTestId('replay-status').getAttribute('data-replay-id', { timeout: 1_000 }).catch(() => null);
      const item = panel.getByTestId('workflow').filter({ hasText: title }).first();
      await item.getByRole('button', { name: 'Run' }).click();
      await item.getByRole('button', { name: 'Start replay' }).click();
      const end = await replayQuestions(before);
      expect(end.status).toBe('done');
      // the post is a reversible same-site form: asked unless trusted
      expect(end.asked).toEqual(trust ? [] : ['form']);
      // the card says what the post carries, as the chat's does, by the words the page shows for the field
      if (!trust) expect(end.carries.join('\n')).toMatch(new RegExp(`Country[^:·]*: ${country}`));
      expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    }
  });

  it('exports again into a file that Chrome\'s own runner replays (score 1)', async () => {
    const s = await open('select-native', 3);
    const [country] = quoted(/^Set the country to (.+) and save/, s.text);
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await panel.locator('input[type=file]').setInputFiles({ name: 'country.json', mimeType: 'application/json', buffer: Buffer.from(recorderFile(s.startUrl, country!)) });
    // a Recorder file is shown in words before it is saved
    const review = panel.getByTestId('import-review');
    await review.waitFor({ timeout: 5_000 });
    await review.getByRole('button', { name: 'Save workflow' }).click();
    await expect.poll(() => panel.getByTestId('workflows-message').textContent()).toContain('Imported');

    const before = await panel.getByTestId('replay-status').getAttribute('data-replay-id', { timeout: 1_000 }).catch(() => null);
    const item = panel.getByTestId('workflow').filter({ hasText: 'Set the shipping country (Recorder)' }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.getByRole('button', { name: 'Start replay' }).click();
    expect(await replayEnds(before)).toBe('done');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });

    const file = await exportFromPanel(panel, 'Set the shipping country (Recorder)');
    if (process.env.DEBUG_EXPORT) console.log(file.text);
    const fresh = await createScenario(arena.url, 'select-native', 3, 0);
    await replayWithChromeRunner(runner, forScenario(file.text, s.id, fresh.id), () => expect.poll(async () => (await score(arena.url, fresh.id)).success, { timeout: 5_000 }).toBe(1));
  });
});
