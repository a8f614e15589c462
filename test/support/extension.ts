import { chromium, type BrowserContext, type Page, type Worker, type CDPSession } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist', 'chrome');

/** Builds dist/chrome/ when it is missing (npm run test:e2e builds first; this covers running one file). */
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
  /**
   * opens the side panel page as a tab; `ownWindow` puts it in a window of its own, so both the
   * panel and the page it drives stay visible (a background tab gets no frames, and every click
   * in it waits on them)
   */
  openPanel(opts?: { tabId?: number; ownWindow?: boolean }): Promise<Page>;
  /** the Chrome tab id of a Playwright page (asked of the extension itself) */
  tabIdOf(page: Page): Promise<number>;
  /** stops the service worker through CDP and waits until Chromium reports it stopped */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

/** `args`: extra Chromium flags, e.g. host resolver rules for the arena's hostile corner. */
export async function launchExtension(opts: { userDataDir?: string; keepProfile?: boolean; extensionDir?: string; args?: string[]; keepWelcome?: boolean } = {}): Promise<Extension> {
  ensureBuilt();
  const dir = opts.extensionDir ?? DIST;
  const userDataDir = opts.userDataDir ?? (await mkdtemp(join(tmpdir(), 'copilot-profile-')));
  // a profile Chromium has not started in yet: the extension is installed now and opens its welcome tab
  const fresh = !existsSync(join(userDataDir, 'Default', 'Preferences'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? []), `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    viewport: { width: 1280, height: 800 },
  });
  const firstWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(firstWorker.url()).host;
  // DEBUG_WORKER=1 prints what the service worker logs (its warnings say what the hold did)
  if (process.env.DEBUG_WORKER) firstWorker.on('console', (m) => console.log('[worker]', m.type(), m.text()));
  // the welcome tab takes the window's focus: a test's own tabs come after it is gone
  if (fresh && !opts.keepWelcome) await closeWelcome(context, extensionId);
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
    async openPanel({ tabId, ownWindow } = {}) {
      const url = `chrome-extension://${extensionId}/sidepanel.html${tabId ? `?tabId=${tabId}` : ''}`;
      if (ownWindow) {
        const worker = await serviceWorker();
        const [page] = await Promise.all([context.waitForEvent('page'), worker.evaluate((u) => chrome.windows.create({ url: u, focused: false, width: 420, height: 800 }), url)]);
        await page.waitForLoadState('domcontentloaded');
        return page;
      }
      const page = await context.newPage();
      await page.goto(url);
      return page;
    },
    async tabIdOf(page) {
      const url = page.url();
      // asked of the service worker: a side panel page opened as a helper would show (and so
      // prepare, content script and all) whichever tab is active
      const worker = await serviceWorker();
      const tabs = await worker.evaluate((u) => chrome.tabs.query({ url: u }), url);
      const id = tabs[0]?.id;
      if (id === undefined) throw new Error(`no tab with url ${url}`);
      return id;
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

/** Waits for the tab the extension opens on install (at most 10 s) and closes it. */
export async function closeWelcome(context: BrowserContext, extensionId: string): Promise<void> {
  const isWelcome = (p: Page) => p.url() === `chrome-extension://${extensionId}/welcome.html`;
  // polled, not waited for as an event: a new tab's first url can still be about:blank
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const page = context.pages().find(isWelcome);
    if (page) return page.close();
  }
}

interface ExecutionContext {
  id: number;
  origin: string;
  auxData?: { type?: string; frameId?: string };
}

/**
 * Waits until the content script of a page's top frame listens for messages. It asks the
 * script's isolated world through CDP, which the page cannot see: the content script leaves no
 * marker in the DOM.
 */
export async function waitForContentScript(page: Page, timeoutMs = 10_000): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const worlds = new Map<number, ExecutionContext>();
    cdp.on('Runtime.executionContextCreated', (e: { context: ExecutionContext }) => worlds.set(e.context.id, e.context));
    cdp.on('Runtime.executionContextDestroyed', (e: { executionContextId: number }) => worlds.delete(e.executionContextId));
    cdp.on('Runtime.executionContextsCleared', () => worlds.clear());
    await cdp.send('Runtime.enable');
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const top = ((await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }).frameTree.frame.id;
      for (const w of worlds.values()) {
        if (w.auxData?.type !== 'isolated' || w.auxData.frameId !== top || !w.origin.startsWith('chrome-extension://')) continue;
        const r = (await cdp
          .send('Runtime.evaluate', { expression: 'chrome.runtime.onMessage.hasListeners()', contextId: w.id, returnByValue: true })
          .catch(() => undefined)) as { result?: { value?: unknown } } | undefined;
        if (r?.result?.value === true) return;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the content script did not start in ${page.url()} within ${timeoutMs} ms`);
  } finally {
    await cdp.detach().catch(() => {});
  }
}
