import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launch, type Browser } from 'puppeteer-core';
import { createRunner, parse } from '@puppeteer/replay';
import { CHROMIUM, CHROMIUM_ARGS } from '../../support/chromium';
import { SelectorCheckingExtension, type SelectorFinding } from './selector-check';

/** Chrome's own runner in a Chromium of its own, as a person replaying an exported file would use it. */
export function launchChromeRunner(): Promise<Browser> {
  return launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, defaultViewport: { width: 1280, height: 800 } });
}

/**
 * Replays a Recorder file with `@puppeteer/replay` in a fresh page; throws with the runner's error
 * when a step fails. Returns what each selector matched before its step (see SelectorCheckingExtension).
 * `landed`: awaited before that page closes, since a form the last step posts may still be on its
 * way when the runner returns, and closing the page would cancel it.
 */
export async function replayWithChromeRunner(browser: Browser, text: string, landed: () => Promise<unknown> = async () => {}): Promise<SelectorFinding[]> {
  const page = await browser.newPage();
  try {
    const extension = new SelectorCheckingExtension(browser, page, { timeout: 5_000 });
    const runner = await createRunner(parse(JSON.parse(text)), extension);
    let failure: unknown;
    const ok = await runner.run().catch((e: unknown) => {
      failure = e;
      return false;
    });
    if (!ok) throw new Error(`Chrome's runner did not finish the file: ${failure instanceof Error ? failure.message : String(failure)}`);
    await landed();
    return extension.findings;
  } finally {
    await page.close();
  }
}

/** The same flow on another scenario of the arena: its address carries the scenario id. */
export const forScenario = (text: string, from: string, to: string): string => text.replaceAll(`scenario=${from}`, `scenario=${to}`);

/** Exports a workflow through the Workflows tab's real button and returns the downloaded file's text. */
export async function exportFromPanel(panel: Page, name: string): Promise<{ filename: string; text: string }> {
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  const item = panel.getByTestId('workflow').filter({ hasText: name }).first();
  const [download] = await Promise.all([panel.waitForEvent('download'), item.getByRole('button', { name: 'Export for Chrome Recorder' }).click()]);
  const path = await download.path();
  return { filename: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}
