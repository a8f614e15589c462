import { launch, type Browser, type Page } from 'puppeteer-core';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../../support/extension';
import { GECKO_ID } from '../../../src/platform/manifest';
import { EMBEDDING_MODEL } from '../../../src/shared/messages/offscreen';
import { writeTinyModel } from '../../support/tiny-model';

/**
 * The Firefox harness: Debian's Firefox ESR driven headless by puppeteer-core over WebDriver BiDi
 * (playwright-core cannot drive a stock Firefox), with dist/firefox/ installed as a temporary add-on.
 * Facts behind each step: docs/firefox.md.
 */

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const DIST_FIREFOX = join(ROOT, 'dist', 'firefox');
/** The moz-extension host is a random per-profile UUID unless set before launch: the tests choose it. */
const UUID = '6f0e8d9a-1b2c-4d3e-8f40-5a6b7c8d9e0f';
export const ORIGIN = `moz-extension://${UUID}/`;

export function requireFirefox(path = FIREFOX): void {
  if (existsSync(path)) return;
  throw new Error(
    `Firefox was not found at ${path}, so the Firefox tests cannot run.\n` +
      '  Install it with:  npm run setup   (which runs: apt-get install -y firefox-esr)\n' +
      '  or point FIREFOX_PATH at a Firefox 128 or later.',
  );
}

function ensureBuilt(): void {
  if (!existsSync(join(DIST_FIREFOX, 'manifest.json'))) execFileSync('node', ['scripts/build.mjs', '--browser', 'firefox', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * A copy of dist/firefox/ (its "scripting" permission, which the product uses to inject its
 * content script, also lets a test run code in the content scripts' world, so what a content
 * script can read and send is tried with the sender Firefox fills in for one). `tinyModel` puts
 * the generated test model in its models/ folder under the name the extension looks for.
 */
async function probeCopy(tinyModel: boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'copilot-firefox-ext-'));
  await cp(DIST_FIREFOX, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  if (!manifest.permissions.includes('scripting')) throw new Error('dist/firefox/manifest.json does not ask for "scripting": build it again');
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  if (tinyModel) await writeTinyModel(join(dir, 'models'), EMBEDDING_MODEL);
  return dir;
}

export interface FirefoxExtension {
  browser: Browser;
  /** an http(s) page in a tab of its own window (hidden tabs get timers clamped to 1 s) */
  newPage(url?: string): Promise<Page>;
  /** an extension page (sidepanel.html by default) in its own window, loaded */
  openExtensionPage(path?: string): Promise<Page>;
  /** the side panel page acting on `tabId` */
  openPanel(tabId: number): Promise<Page>;
  /** the browser's tab id of a page, asked of the extension (tabs.query by URL ignores ports in Firefox) */
  tabIdOf(page: Page): Promise<number>;
  /** runs `func(arg)` in the content scripts' world of a tab and returns its result */
  inContentScript<A, R>(tabId: number, func: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** suspends the background event page, as Firefox does when it idles out */
  stopBackground(): Promise<string>;
  /** clicks the extension's toolbar button in the first browser window, as a person would */
  clickToolbarButton(): Promise<void>;
  close(): Promise<void>;
}

export async function launchFirefoxExtension(opts: { extensionDir?: string; tinyModel?: boolean } = {}): Promise<FirefoxExtension> {
  requireFirefox();
  ensureBuilt();
  const copy = opts.extensionDir ? undefined : await probeCopy(opts.tinyModel ?? false);
  // a download goes to a folder of this browser's own, never the machine's Downloads folder
  const downloads = await mkdtemp(join(tmpdir(), 'firefox-downloads-'));
  const browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // lets BiDi navigate to moz-extension:// pages and reach the parent process (stopBackground)
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }), 'browser.download.folderList': 2, 'browser.download.dir': downloads },
  });
  await browser.installExtension(opts.extensionDir ?? copy!);
  let helper: Page | undefined;
  const extensionPage = (path: string) => openExtensionPage(browser, path);
  const helperPage = async () => (helper ??= await extensionPage('sidepanel.html?helper=1'));
  return {
    browser,
    async newPage(url) {
      const page = await browser.newPage({ type: 'window' });
      if (url) await page.goto(url);
      return page;
    },
    openExtensionPage: (path = 'sidepanel.html') => extensionPage(path),
    openPanel: (tabId) => extensionPage(`sidepanel.html?tabId=${tabId}`),
    async tabIdOf(page) {
      const url = page.url();
      const h = await helperPage();
      const id = await h.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id, url);
      if (id === undefined) throw new Error(`no tab with url ${url}`);
      return id;
    },
    async inContentScript(tabId, func, arg) {
      const h = await helperPage();
      return h.evaluate(
        async (id: number, source: string, a: unknown) => {
          const [r] = await chrome.scripting.executeScript({ target: { tabId: id }, func: new Function(`return (${source})`)() as () => unknown, args: [a] as never });
          return r?.result;
        },
        tabId,
        func.toString(),
        arg as unknown,
      ) as Promise<Awaited<ReturnType<typeof func>>>;
    },
    stopBackground: () => stopBackground(browser),
    async clickToolbarButton() {
      await inParent(
        browser,
        `(() => {
          const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
          const ext = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(GECKO_ID)});
          const win = Services.wm.getMostRecentWindow('navigator:browser');
          ExtensionParent.apiManager.global.browserActionFor(ext).triggerAction(win);
          return 'clicked';
        })()`,
      );
    },
    async close() {
      await browser.close().catch(() => {});
      if (copy) await rm(copy, { recursive: true, force: true });
      await rm(downloads, { recursive: true, force: true });
    },
  };
}

/** An extension page in a window of its own, loaded. */
async function openExtensionPage(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage({ type: 'window' });
  // BiDi never reports this navigation as finished (the page's URL stays about:blank to it)
  page.goto(ORIGIN + path).catch(() => {});
  // polled by hand: an evaluation that lands while the document is being swapped fails with a
  // protocol error ("right-hand side of 'in' should be an object"), which waitForFunction does not retry
  for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const ready = await page.evaluate((o: string) => location.href.startsWith(o) && document.readyState === 'complete', ORIGIN).catch(() => false);
    if (ready) return page;
  }
  throw new Error(`the extension page ${path} did not load in 15 s`);
}

/** Runs `expression` in Firefox's parent process (privileged; reachable with -remote-allow-system-access). */
async function inParent(browser: Browser, expression: string): Promise<unknown> {
  const connection = (browser as unknown as { connection: { send(method: string, params: object): Promise<{ result: unknown }> } }).connection;
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 })) as { result: { contexts: { context: string }[] } };
  const r = (await connection.send('script.evaluate', { expression, target: { context: tree.result.contexts[0]!.context }, awaitPromise: true, resultOwnership: 'none' })) as {
    result: { result?: { value?: unknown }; exceptionDetails?: { text?: string } };
  };
  if (r.result.exceptionDetails) throw new Error(`the parent process refused: ${r.result.exceptionDetails.text}`);
  return r.result.result?.value;
}

async function stopBackground(browser: Browser): Promise<string> {
  const state = await inParent(
    browser,
    `(async () => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      const ext = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(GECKO_ID)});
      await ext.terminateBackground({ disableResetIdleForTest: true });
      return ext.backgroundState;
    })()`,
  );
  return String(state);
}

/** Sends an envelope from an extension page, as the panel does, and returns the reply as received. */
export function pageSend(page: Page, name: string, params: unknown): Promise<unknown> {
  return page.evaluate((n: string, p: unknown) => chrome.runtime.sendMessage({ channel: 'copilot', name: n, params: p }), name, params);
}

/** Waits until the content script of a tab answers through the background (the panel's tab.ping). */
export async function waitForContentScript(panel: Page, tabId: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = (await pageSend(panel, 'tab.ping', { tabId }).catch(() => undefined)) as { ok?: boolean } | undefined;
    if (r?.ok) return;
    if (Date.now() > deadline) throw new Error(`the content script of tab ${tabId} did not answer within ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
