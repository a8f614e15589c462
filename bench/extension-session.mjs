// The extension as the bench drives it: a copy of a build in a headless Chromium profile of its
// own, a blank side panel page that sends messages as the panel would (the real panel would render
// the runs' events and compete for the two cores), and a tab to work in. Used by the "Workflow
// replay" and "Recorder interop" sections and by scripts/replay-loop.mjs.
import { chromium } from 'playwright-core';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** flags added for a study (EXTRA_ARGS="--silent-debugger-extension-api": a replay without Chrome's debugging bar); never in a bench run that is committed */
const EXTRA = process.env.EXTRA_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * The extension (a build in `source`) in its own profile, with a blank side panel page that sends
 * messages as the panel, set up for the model endpoint at `modelBaseUrl` (Anthropic's wire format),
 * and a tab to replay in.
 */
export async function startExtension(root, modelBaseUrl, source = join(root, 'dist', 'chrome')) {
  const extDir = await mkdtemp(join(tmpdir(), 'bench-ext-'));
  await cp(source, extDir, { recursive: true });
  await writeFile(join(extDir, 'sidepanel.html'), '<!doctype html><title>bench</title>');
  const profile = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [...ARGS, ...EXTRA, `--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  // a fresh profile installs the extension, which opens its welcome tab: closed before the bench's own tabs
  const welcome = `chrome-extension://${new URL(worker.url()).host}/welcome.html`;
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const tab = context.pages().find((p) => p.url() === welcome);
    if (tab) {
      await tab.close();
      break;
    }
  }
  const ext = await context.newPage();
  await ext.goto(`chrome-extension://${new URL(worker.url()).host}/sidepanel.html`);
  const send = async (name, params) => {
    const r = await ext.evaluate(([n, p]) => chrome.runtime.sendMessage({ channel: 'copilot', name: n, params: p }), [name, params]);
    if (!r?.ok) throw new Error(`${name}: ${JSON.stringify(r)}`);
    return r.result;
  };
  await send('settings.save', {
    provider: 'anthropic',
    models: { planner: 'bench-planner', policy: 'bench-policy', reflection: 'bench-reflection' },
    apiKeys: { anthropic: 'sk-bench-0000' },
    baseUrls: { anthropic: modelBaseUrl },
    maxRetries: 0,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // the profile opens with a blank tab of its own: this one is told apart by its address
  await page.goto('about:blank#bench-tab');
  const tabId = await ext.evaluate(async () => (await chrome.tabs.query({})).find((t) => t.url === 'about:blank#bench-tab')?.id);
  /**
   * The page as a person has it when the side panel shows its tab: the panel asks the worker to
   * put the content script in (`tab.prepare`). The script leaves no marker on the page: the
   * service worker asks it, as the executor does.
   */
  const contentReady = async () => {
    await send('tab.prepare', { tabId });
    await (context.serviceWorkers().at(-1) ?? worker).evaluate(async (id) => {
      for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
        const r = await chrome.tabs.sendMessage(id, { channel: 'copilot', name: 'content.ping', params: {} }, { frameId: 0 }).catch(() => undefined);
        if (r?.ok) return;
      }
      throw new Error('the content script did not answer');
    }, tabId);
  };
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(extDir, { recursive: true, force: true });
  };
  return { context, ext, page, tabId, send, contentReady, close };
}
