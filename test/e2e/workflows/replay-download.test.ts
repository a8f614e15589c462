import { describe, expect, it } from 'vitest';
import { useExtensionArena } from '../../support/fixtures';
import { useDownloadFolder } from '../../support/downloads';
import { createScenario, score } from '../../../arena/client.mjs';

// A replayed step that downloads a file shows the download in the replay's timeline, as an agent's
// step does; a replay names its downloads and never reads them back.
const { ext, arena, page, panel } = useExtensionArena();
const saveDownloads = useDownloadFolder();
const NAME = 'Download the invoice';

/** A Chrome DevTools Recorder file: open the billing page, click the invoice link. */
const recorderFile = (startUrl: string) =>
  JSON.stringify({
    title: NAME,
    steps: [
      { type: 'navigate', url: startUrl, assertedEvents: [{ type: 'navigation', url: startUrl, title: 'Billing' }] },
      { type: 'click', target: 'main', selectors: [['aria/Download invoice (CSV)'], ['text/Download invoice (CSV)']], offsetX: 10, offsetY: 5 },
    ],
  });

describe('a replayed download', () => {
  it('is named in the replay\'s timeline with its size, and the site is asked for the file once', async () => {
    const sc = await createScenario(arena.url, 'download-file', 3);
    // the replay puts the content script in the tab itself, as a Run from the panel does
    await page.goto(sc.startUrl);
    await saveDownloads(ext.context, page);
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await panel.locator('input[type=file]').setInputFiles({ name: 'invoice.json', mimeType: 'application/json', buffer: Buffer.from(recorderFile(sc.startUrl)) });
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.getByRole('button', { name: 'Start replay' }).click();
    const status = panel.getByTestId('replay-status');
    await expect.poll(() => status.getAttribute('data-status').catch(() => ''), { timeout: 30_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    expect(await status.getAttribute('data-status'), (await status.textContent()) ?? '').toBe('done');
    await panel.getByRole('tab', { name: 'Chat' }).click();
    const line = panel.locator('[data-testid=download]:visible');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toMatch(/^Download: invoice-\w+\.csv · \d+ B Show in folder$/);
    // the line follows the step that started it
    expect(await panel.locator('[data-testid=replay-step] + [data-testid=download]').count()).toBe(1);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1, reason: 'downloaded invoice' });
  });
});
