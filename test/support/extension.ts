import { chromium, type BrowserContext, type Page, type Worker, type CDPSession } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist');

/** Builds dist/ when it is missing (npm run test:e2e builds first; this covers running one file). */
export function ensureBuilt(): void {
  if (!existsSync(join(DIST, 'manifest.json'))) execFileSync('node', ['scripts/build.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}

export interface Extension {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** the service worker as Playwright sees it now (a new object after a restart) */
  serviceWorker(): Promise<Worker>;
  /** the side panel page opened in a tab, acting on `tabId` when given */
  openPanel(opts?: { tabId?: number }): Promise<Page>;
  /** the Chrome tab id of a Playwright page (asked of the extension itself) */
  tabIdOf(page: Page): Promise<number>;
  /** stops the service worker through CDP and waits until Chromium reports it stopped */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

/** `args`: extra Chromium flags, e.g. host resolver rules for the arena's hostile corner. */
export async function launchExtension(opts: { userDataDir?: string; keepProfile?: boolean; extensionDir?: string; args?: string[] } = {}): Promise<Extension> {
  ensureBuilt();
  const dir = opts.extensionDir ?? DIST;
  const userDataDir = opts.userDataDir ?? (await mkdtemp(join(tmpdir(), 'copilot-profile-')));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? []), `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    viewport: { width: 1280, height: 800 },
  });
  const firstWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(firstWorker.url()).host;
  let cdp: CDPSession | undefined;
  let cdpPage: Page | undefined;

  const serviceWorker = async (): Promise<Worker> => {
    const live = context.serviceWorkers().filter((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
    return live.at(-1) ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  };

  return {
    context,
    extensionId,
    userDataDir,
    serviceWorker,
    async openPanel({ tabId } = {}) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html${tabId ? `?tabId=${tabId}` : ''}`);
      return page;
    },
    async tabIdOf(page) {
      const url = page.url();
      const helper = await context.newPage();
      try {
        await helper.goto(`chrome-extension://${extensionId}/sidepanel.html`);
        const tabs = await helper.evaluate((u) => chrome.tabs.query({ url: u }), url);
        const id = tabs[0]?.id;
        if (id === undefined) throw new Error(`no tab with url ${url}`);
        return id;
      } finally {
        await helper.close();
      }
    },
    async stopServiceWorker() {
      if (!cdp) {
        cdpPage = await context.newPage();
        cdp = await context.newCDPSession(cdpPage);
        await cdp.send('ServiceWorker.enable');
      }
      const session = cdp;
      const stopped = new Promise<void>((resolveStopped, reject) => {
        const timer = setTimeout(() => reject(new Error('service worker did not stop')), 10_000);
        const onUpdate = (e: { versions: { scriptURL: string; runningStatus: string }[] }) => {
          if (e.versions.some((v) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.runningStatus === 'stopped')) {
            clearTimeout(timer);
            session.off('ServiceWorker.workerVersionUpdated', onUpdate);
            resolveStopped();
          }
        };
        session.on('ServiceWorker.workerVersionUpdated', onUpdate);
      });
      await session.send('ServiceWorker.stopAllWorkers');
      await stopped;
    },
    async close() {
      await cdp?.detach().catch(() => {});
      await context.close();
      if (!opts.keepProfile && !opts.userDataDir) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the content script of a page has marked itself ready. */
export async function waitForContentScript(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.copilotReady, undefined, { timeout: 10_000 });
}
