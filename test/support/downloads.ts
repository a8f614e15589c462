import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll } from 'vitest';

/**
 * The browser's own way with downloads, into a folder of the test file's own (removed after it):
 * under Playwright, Chromium otherwise saves them under made-up names (a GUID), and a download's
 * name is read from the browser's item.
 */
export function useDownloadFolder(): (context: BrowserContext, page: Page) => Promise<void> {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return async (context, page) => {
    const dir = mkdtempSync(join(tmpdir(), 'downloads-'));
    dirs.push(dir);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
  };
}
