import { describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { waitForContentScript, ROOT } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { servePages } from '../../support/static-server';

const { ext } = useExtension();

describe('settings in the side panel', () => {
  it('saves provider, models, key and base URL, and never shows the key back', async () => {
    const panel = await ext.openPanel();
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').selectOption('openai');
    await panel.getByLabel('Model that plans the task').fill('gpt-test-planner');
    await panel.getByLabel('Model that does each step on the page').fill('gpt-test-policy');
    await panel.getByLabel(/API key/).fill('sk-secret-abcd1234');
    await panel.getByLabel(/Base URL/).fill('http://127.0.0.1:9/v1');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Saved.');

    if (process.env.SCREENSHOTS === '1') {
      await mkdir(join(ROOT, 'docs/img'), { recursive: true });
      await panel.setViewportSize({ width: 400, height: 700 });
      await panel.screenshot({ path: join(ROOT, 'docs/img/sidepanel-settings.png') });
    }

    // A fresh panel reads the settings back from the service worker: the key only as a hint.
    await panel.reload();
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => panel.getByLabel('Provider').inputValue()).toBe('openai');
    expect(await panel.getByLabel('Model that plans the task').inputValue()).toBe('gpt-test-planner');
    expect(await panel.getByLabel(/API key/).inputValue()).toBe('');
    expect(await panel.getByText('(set, ends …1234)').count()).toBe(1);
    expect(await panel.content()).not.toContain('sk-secret-abcd1234');

    // The key is in chrome.storage.local, where only the service worker reads it.
    const sw = await ext.serviceWorker();
    const stored = (await sw.evaluate(() => chrome.storage.local.get('settings'))) as { settings: { apiKeys: { openai: string }; models: { planner: string } } };
    expect(stored.settings.apiKeys.openai).toBe('sk-secret-abcd1234');
    expect(stored.settings.models.planner).toBe('gpt-test-planner');
    const view = await panelSend(panel, 'settings.get', {});
    expect(JSON.stringify(view)).not.toContain('sk-secret');
    await panel.close();
  });

  it('refuses a base URL that is not http(s) and keeps what was stored', async () => {
    const panel = await ext.openPanel();
    const reply = await panelSend(panel, 'settings.save', { baseUrls: { openai: 'javascript:alert(1)' } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'handler_failed' } });
    if (!reply.ok) expect(reply.error.message).toMatch(/not a valid base URL/);
    const view = await panelSend(panel, 'settings.get', {});
    expect(view).toMatchObject({ ok: true, result: { baseUrls: { openai: 'http://127.0.0.1:9/v1' } } });
    await panel.close();
  });

  it('keeps chrome.storage.local, where the keys are, out of reach of content scripts', async () => {
    const site = await servePages({ '/': '<!doctype html><title>page</title><p>hello</p>' });
    const page = await ext.context.newPage();
    try {
      await page.goto(site.url);
      // the panel shown on the tab puts the content script into the page
      const shown = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
      await waitForContentScript(page);
      await shown.close();
      // Evaluate inside the content script's own isolated world, found through CDP.
      const cdp = await ext.context.newCDPSession(page);
      const contexts: { id: number; origin: string; auxData?: { type?: string } }[] = [];
      cdp.on('Runtime.executionContextCreated', (e) => contexts.push(e.context));
      await cdp.send('Runtime.enable');
      const world = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin.includes(ext.extensionId));
      expect(world, 'the content script world').toBeDefined();
      const probe = await cdp.send('Runtime.evaluate', {
        contextId: world!.id,
        awaitPromise: true,
        returnByValue: true,
        expression: `chrome.storage.local.get(null).then((v) => 'read:' + JSON.stringify(v), (e) => 'refused:' + e.message)`,
      });
      const out = String(probe.result.value ?? probe.exceptionDetails?.exception?.description ?? '');
      expect(out).not.toContain('sk-secret');
      expect(out).not.toMatch(/^read:/);
    } finally {
      await page.close();
      await site.close();
    }
  });
});
