import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startArena } from '../../arena/server.mjs';
import { launchFirefoxExtension, pageSend, waitForContentScript, DIST_FIREFOX, type FirefoxExtension } from './support/firefox';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TINY_DIM } from '../support/tiny-model';
import { EMBEDDING_MODEL } from '../../src/shared/messages/offscreen';
import { DEMONSTRATION_FORMAT, DEMONSTRATION_VERSION } from '../../src/shared/demonstration';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../src/memory/file';

/** The Firefox build's foundations: panel, settings, messaging, what content scripts can reach, the embedding model. */
let ff: FirefoxExtension;
let arena: Awaited<ReturnType<typeof startArena>>;
let page: Page;
let tabId: number;
beforeAll(async () => {
  [ff, arena] = await Promise.all([launchFirefoxExtension({ tinyModel: true }), startArena({ port: 0 })]);
  page = await ff.newPage(arena.url);
  tabId = await ff.tabIdOf(page);
});
afterAll(async () => {
  await ff?.close();
  await arena?.close();
});

describe('the co-pilot in Firefox', () => {
  it('puts no content script into a page the person opens; the panel shown on its tab puts one there', async () => {
    const plain = await ff.newPage(`${arena.url}?plain`);
    const id = await ff.tabIdOf(plain);
    // past the moment a declared content script (document_idle) would have run
    await new Promise((r) => setTimeout(r, 500));
    // asked from an extension page in a window of its own (it shows no tab): a content script there
    // answers (refusing a sender that is not the background), a page without one cannot
    const probe = await ff.openExtensionPage('sidepanel.html?helper=probe');
    const listening = () =>
      probe.evaluate((t: number) => chrome.tabs.sendMessage(t, { channel: 'copilot', name: 'content.ping', params: {} }).then((r: unknown) => r !== undefined, () => false), id);
    expect(await listening()).toBe(false);
    const panel = await ff.openPanel(id);
    await expect.poll(listening, { timeout: 10_000, interval: 100 }).toBe(true);
    await Promise.all([panel.close(), probe.close(), plain.close()]);
  });

  it('opens the panel, which connects, and saves settings from its form without showing the key back', async () => {
    const panel = await ff.openPanel(tabId);
    await panel.waitForSelector('[data-testid=connection]::-p-text(connected)', { timeout: 10_000 });
    await panel.click('[role=tab]::-p-text(Settings)');
    await panel.waitForSelector('select');
    await panel.select('select', 'openai');
    await panel.type('input[name=model-planner]', 'gpt-test-planner');
    await panel.type('input[name=api-key]', 'sk-secret-abcd1234');
    await panel.type('input[name=base-url]', 'http://127.0.0.1:9/v1');
    await panel.click('button[type=submit]');
    await panel.waitForSelector('[role=status]::-p-text(Saved.)', { timeout: 10_000 });

    const view = await pageSend(panel, 'settings.get', {});
    expect(view).toMatchObject({ ok: true, result: { provider: 'openai', models: { planner: 'gpt-test-planner' }, keys: { openai: { set: true, hint: '…1234' } } } });
    expect(JSON.stringify(view)).not.toContain('sk-secret');
    expect(await panel.content()).not.toContain('sk-secret-abcd1234');
    await panel.close();
  });

  it('opens the panel in the sidebar from the toolbar button, where it connects', async () => {
    // opened first: a window opened after the sidebar would get a sidebar of its own
    const helper = await ff.openExtensionPage('sidepanel.html?helper=sidebar');
    const sidebar = () => helper.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).map((c) => c.documentUrl));
    expect(await sidebar()).toEqual([]);
    await ff.clickToolbarButton();
    await expect.poll(sidebar, { timeout: 10_000, interval: 100 }).toEqual([expect.stringMatching(/\/sidepanel\.html$/)]);
    // the sidebar's own page is the panel: the background greets it on its port like any panel
    // (it says "connecting…" until then, so it is asked until it has been greeted)
    const connected = () =>
      helper.evaluate(() => {
        const views = (chrome.extension.getViews() as Window[]).filter((w) => w !== window && w.location.pathname === '/sidepanel.html' && !w.location.search);
        return views.map((w) => w.document.querySelector('[data-testid=connection]')?.textContent);
      });
    await expect.poll(connected, { timeout: 10_000, interval: 100 }).toEqual(['connected']);
    await helper.close();
  });

  it('carries a message from the panel through the background to the content script and back', async () => {
    const panel = await ff.openPanel(tabId);
    await waitForContentScript(panel, tabId);
    const reply = await pageSend(panel, 'tab.ping', { tabId });
    expect(reply).toMatchObject({ ok: true, result: { url: arena.url, title: 'Practice Arena' } });
    await panel.close();
  });

  it('keeps the keys and the settings and model messages out of a content script’s reach', async () => {
    // Firefox lets content scripts read storage.local: the keys must not be there
    const local = await ff.inContentScript(tabId, async () => JSON.stringify(await chrome.storage.local.get(null)), 0);
    expect(local).not.toContain('sk-secret');
    expect(local).not.toContain('apiKeys');
    // the content script's IndexedDB is the page's, not the extension's
    const databases = await ff.inContentScript(tabId, async () => JSON.stringify(await indexedDB.databases()), 0);
    expect(databases).not.toContain('copilot');
    for (const [name, params] of [
      ['settings.get', {}],
      ['settings.save', { apiKeys: { openai: 'sk-stolen' } }],
      ['llm.test', { role: 'planner', prompt: 'hi' }],
    ] as const) {
      const reply = await ff.inContentScript(tabId, (m: { name: string; params: unknown }) => chrome.runtime.sendMessage({ channel: 'copilot', ...m }), { name, params });
      expect(reply, name).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('loads the embedding model from the extension folder in a frame of the background page', async () => {
    const panel = await ff.openPanel(tabId);
    const demo = {
      format: DEMONSTRATION_FORMAT,
      version: DEMONSTRATION_VERSION,
      id: 'demo-embed',
      task: 'book a flight from Boston to Denver',
      site: new URL(arena.url).host,
      startUrl: arena.url,
      createdAt: Date.now(),
      steps: [],
    };
    const file = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: Date.now(), demonstrations: [demo] });
    expect(await pageSend(panel, 'memory.import', { text: file })).toMatchObject({ ok: true, result: { ok: true, imported: 1 } });
    // imported demonstrations are embedded in the background: the model name says which model, and its size
    await expect
      .poll(async () => ((await pageSend(panel, 'memory.list', {})) as { result?: { demonstrations: { id: string; embeddingModel: string }[] } }).result?.demonstrations.find((d) => d.id === 'demo-embed')?.embeddingModel, { timeout: 20_000, interval: 200 })
      .toBe(`${EMBEDDING_MODEL}@${TINY_DIM}`);
    await panel.close();
  });

  // last: it replaces the installed add-on
  it('tells the person in the panel what this browser cannot do, and keeps working, when an API is missing', async () => {
    // the same add-on without its sidebar: Firefox then gives it no sidebarAction API
    const dir = await mkdtemp(join(tmpdir(), 'copilot-firefox-nosidebar-'));
    try {
      await cp(DIST_FIREFOX, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
      const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
      delete manifest.sidebar_action;
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
      await ff.browser.installExtension(dir);
      const panel = await ff.openPanel(tabId);
      await panel.waitForSelector('[role=alert]::-p-text(neither a side panel nor a sidebar)', { timeout: 10_000 });
      await panel.waitForSelector('[data-testid=connection]::-p-text(connected)', { timeout: 10_000 });
      expect(await pageSend(panel, 'tab.ping', { tabId })).toMatchObject({ ok: true });
      await panel.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
