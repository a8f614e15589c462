import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';

const { ext, site } = useExtension({ pages: { '/': '<!doctype html><title>Restart fixture</title><p>page</p>' } });

describe('a service worker stopped by the browser', () => {
  it('restarts, and the side panel reconnects with its state intact', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    const tabId = await ext.tabIdOf(page);
    // the panel opened on the tab puts the content script into its page
    const panel = await ext.openPanel({ tabId });
    await waitForContentScript(page);
    const status = panel.getByTestId('connection');
    await expect.poll(() => status.textContent()).toBe('connected');
    const bootedBefore = Number(await status.getAttribute('data-booted-at'));
    await panelSend(panel, 'settings.save', { provider: 'openai', models: { planner: 'kept-model' }, apiKeys: { openai: 'sk-kept-12345678' } });

    await ext.stopServiceWorker();

    // The panel notices, reconnects (which wakes the worker) and sees a new boot time.
    await expect.poll(async () => Number(await status.getAttribute('data-booted-at')), { timeout: 15_000 }).toBeGreaterThan(bootedBefore);
    expect(await status.textContent()).toBe('connected');
    const view = await panelSend(panel, 'settings.get', {});
    expect(view).toMatchObject({ ok: true, result: { provider: 'openai', models: { planner: 'kept-model' }, keys: { openai: { set: true, hint: '…5678' } } } });
    // The woken worker still reaches the page's content script.
    expect(await panelSend(panel, 'tab.ping', { tabId })).toMatchObject({ ok: true, result: { title: 'Restart fixture' } });
  });
});
