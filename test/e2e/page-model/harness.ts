// Shared by the page-model and executor suites: builds dist-tools/page-tools.js when it is
// missing or older than the sources, launches Debian's Chromium, serves fixture pages on two
// origins (127.0.0.1 and localhost) and opens pages with the tools injected.
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { late } from '../../support/fixtures';
import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
export const toolsPath = join(root, 'dist-tools/page-tools.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export async function buildTools(): Promise<void> {
  const src = Math.max(newestSource(join(root, 'src/content')), newestSource(join(root, 'src/shared')));
  if (existsSync(toolsPath) && statSync(toolsPath).mtimeMs >= src) return;
  // build into a private folder and move into place, so two suites building at once never read half a file
  const { build } = await import('vite');
  const out = await mkdtemp(join(tmpdir(), 'page-tools-'));
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'chrome116',
      lib: { entry: join(root, 'src/content/page-tools.ts'), formats: ['iife'], name: 'CopilotPageTools', fileName: () => 'page-tools.js' },
    },
  });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(root, 'dist-tools'), { recursive: true });
  await rename(join(out, 'page-tools.js'), toolsPath);
  await rm(out, { recursive: true, force: true });
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export type Route = string | ((url: URL) => Promise<string> | string);

export interface Site {
  /** http://127.0.0.1:PORT */
  a: string;
  /** http://localhost:PORT: another origin on the same server */
  b: string;
  routes: Map<string, Route>;
  close(): Promise<void>;
}

/** A small server for fixture pages; `routes` may be changed by tests at any time. */
export async function serve(routes: Record<string, Route> = {}): Promise<Site> {
  const map = new Map<string, Route>(Object.entries(routes));
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = map.get(url.pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>not found</p>');
      return;
    }
    const body = typeof route === 'string' ? route : await route(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, r));
  const port = (server.address() as { port: number }).port;
  return {
    a: `http://127.0.0.1:${port}`,
    b: `http://localhost:${port}`,
    routes: map,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** A page whose every document gets the tools, as the extension's content script would be. */
export async function openPage(browser: Browser, viewport = { width: 1000, height: 700 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  // an init script runs wrapped in a function, so the IIFE's `var` has to be made global by hand
  await context.addInitScript({ content: readFileSync(toolsPath, 'utf8') + '\n;window.CopilotPageTools = CopilotPageTools;' });
  return context.newPage();
}

const fixtures = new Map<string, string>();
const routed = new WeakSet<Page>();
let fixtureCount = 0;

/**
 * Opens html as a fresh document (so ids and "new" marks start over, as on a real page load),
 * served through request interception at http://fixture.test/.
 */
export async function load(page: Page, html: string): Promise<void> {
  if (!routed.has(page)) {
    routed.add(page);
    await page.route('http://fixture.test/**', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixtures.get(new URL(route.request().url()).pathname) ?? 'not found' }),
    );
  }
  const path = `/p${++fixtureCount}`;
  fixtures.set(path, html);
  await page.goto('http://fixture.test' + path, { waitUntil: 'load' });
  await page.waitForFunction(() => 'CopilotPageTools' in window, undefined, { timeout: 5000 });
}

export interface Snap {
  text: string;
  tokens: number;
  truncated: boolean;
  elementCount: number;
}

declare global {
  interface Window {
    CopilotPageTools: typeof import('../../../src/content/page-tools');
  }
}

export function snap(page: Page, opts: { budget?: number; task?: string; hideIds?: number[] } = {}): Promise<Snap> {
  return page.evaluate((o) => window.CopilotPageTools.snapshot({ budget: 0, ...o }), opts);
}

/** Every id in the text resolves back to an element; returns id -> a short fingerprint of it. */
export async function resolveAll(page: Page, text: string): Promise<Record<number, string>> {
  const ids = [...text.matchAll(/ id=(\d+)/g)].map((m) => Number(m[1]));
  return page.evaluate((list) => {
    const out: Record<number, string> = {};
    for (const id of list) {
      const el = window.CopilotPageTools.resolve(id);
      out[id] = el ? `${el.localName}${el.id ? '#' + el.id : ''}` : 'MISSING';
    }
    return out;
  }, ids);
}

/** Page tools built, a browser and one page with the tools injected, for the whole file; the browser closes after it. */
export function useToolsPage(viewport?: { width: number; height: number }): { browser: Browser; page: Page } {
  const browser = late<Browser>('the browser');
  const page = late<Page>('the page');
  beforeAll(async () => {
    await buildTools();
    const b = await launch();
    browser.set(b);
    page.set(await openPage(b, viewport));
  });
  afterAll(async () => browser.get()?.close());
  return { browser: browser.proxy, page: page.proxy };
}
