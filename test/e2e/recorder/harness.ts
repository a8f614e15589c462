import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT, type Extension } from '../../support/extension';
import { late, useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import type { PageHandler } from '../../support/static-server';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.js': 'text/javascript', '.css': 'text/css' };

/** Answers `/<prefix>/<file>` from folders of fixture pages. */
function serveFolders(folders: Record<string, string>): PageHandler {
  return (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const [, prefix = '', ...rest] = path.split('/');
    const dir = folders[prefix];
    const file = dir && normalize(join(dir, ...rest));
    if (!file || !file.startsWith(dir)) return void res.writeHead(404).end('not found');
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  };
}

export const FOLDERS = {
  replay: join(ROOT, 'third_party/puppeteer-replay/resources'),
  flows: join(ROOT, 'test/fixtures/recorder-flows'),
};

export interface RecorderHarness {
  ext: Extension;
  page: Page;
  panel: Page;
  base: string;
  /** opens a page of the fixture server in the replay's tab and waits for the content script */
  open(path: string): Promise<void>;
  /** imports a flow through the Workflows tab's file input, checks its review, saves it */
  importFlow(flow: { title: string; steps: unknown[] }): Promise<{ review: string }>;
  /**
   * presses Run, then Start replay; answers the safety questions of the `allow` categories (by
   * default: a control or a form the gate cannot read, which imported flows are asked about) with
   * Allow once; any other question ends the run there; the replay's end and the categories asked
   */
  run(title: string, values?: Record<string, string>, allow?: string[]): Promise<{ status: string; text: string; asked: string[] }>;
}

/** The extension beside a server of FOLDERS, a tab on an empty page and its side panel on the Workflows tab, for the whole file. */
export function useRecorderHarness(): RecorderHarness {
  const { ext, site } = useExtension({ pages: { '*': serveFolders(FOLDERS) } });
  const harness = late<RecorderHarness>('the recorder harness');
  beforeAll(async () => harness.set(await startRecorderHarness(ext, site)));
  return harness.proxy;
}

async function startRecorderHarness(ext: Extension, server: { url: string }): Promise<RecorderHarness> {
  const page = await ext.context.newPage();
  await page.goto(`${server.url}/replay/empty.html`);
  const panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  let lastReplay: string | null = null;
  return {
    ext,
    page,
    panel,
    base: server.url,
    async open(path) {
      // no wait for the content script: the Run (or Record) that follows puts it into the page
      await page.goto(`${server.url}${path}`);
    },
    async importFlow(flow) {
      await panel.locator('input[type=file]').setInputFiles({ name: `${flow.title}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(flow)) });
      const review = panel.getByTestId('import-review');
      await review.waitFor({ timeout: 5_000 });
      const text = (await review.textContent()) ?? '';
      await review.getByRole('button', { name: 'Save workflow' }).click();
      await expect.poll(() => panel.getByTestId('workflows-message').textContent()).toContain(`Imported “${flow.title}”`);
      return { review: text };
    },
    async run(title, values = {}, allow = ['other', 'form']) {
      const status = panel.getByTestId('replay-status');
      lastReplay = (await status.count()) ? await status.getAttribute('data-replay-id') : null;
      const item = panel.getByTestId('workflow').filter({ hasText: title }).first();
      await item.getByRole('button', { name: 'Run' }).click({ timeout: 10_000 });
      for (const [label, value] of Object.entries(values)) await item.getByLabel(label, { exact: true }).fill(value);
      await item.getByRole('button', { name: 'Start replay' }).click({ timeout: 10_000 });
      await expect.poll(async () => (await status.count()) && status.getAttribute('data-replay-id'), { timeout: 10_000 }).not.toBe(lastReplay);
      const asked: string[] = [];
      for (;;) {
        let now: string | null = null;
        try {
          await expect.poll(async () => (now = await status.getAttribute('data-status')), { timeout: 30_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
        } catch (e) {
          throw new Error(`replay of "${title}" did not end: ${await status.textContent()}`, { cause: e });
        }
        const card = panel.getByTestId('replay-confirm');
        // the question card renders a moment after the status that announces it
        if (now === 'waiting' && /needs your confirmation/.test((await status.textContent()) ?? '')) await card.first().waitFor({ timeout: 10_000 });
        if ((await card.count()) && allow.includes((await card.first().getAttribute('data-category')) ?? '')) {
          asked.push((await card.first().getAttribute('data-category')) ?? '');
          const question = await card.first().textContent();
          await card.first().getByRole('button', { name: 'Allow once' }).click({ timeout: 10_000 });
          // answered: the replay runs on (its status leaves "waiting"), or another question replaces this one
          // read without waiting: a card that goes between the count and the read would hold a locator read for its whole default timeout
          const moved = async () => (await status.getAttribute('data-status')) !== 'waiting' || (await card.allTextContents()).some((t) => t !== question);
          await expect.poll(moved, { timeout: 10_000 }).toBe(true);
          continue;
        }
        const end = { status: now as unknown as string, text: (await status.textContent()) ?? '', asked };
        // a replay left waiting holds the tab: stop it so the next flow can run
        if (end.status === 'waiting') {
          await status.getByRole('button', { name: 'Stop' }).click({ timeout: 10_000 });
          await expect.poll(async () => status.getAttribute('data-status'), { timeout: 10_000 }).toBe('stopped');
        }
        if (process.env.DEBUG_REPLAY) console.log(title, end);
        return end;
      }
    },
  };
}

/** The stored workflows (to check a refused import changed nothing, and that fingerprints were learned). */
export async function storedWorkflows(panel: Page): Promise<unknown> {
  return panelSend(panel, 'workflows.list', {});
}
