import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { evaluateInContentScript, panelSend, panelSendRaw } from '../../support/panel';

const { ext, site } = useExtension({ pages: { '/': '<!doctype html><title>Fixture home</title><h1>Hello</h1><button>Go</button>' } });

describe('the typed protocol between contexts', () => {
  it('carries a message from the side panel through the service worker to a content script and back', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    const tabId = await ext.tabIdOf(page);
    // the panel opened on the tab puts the content script into its page
    const panel = await ext.openPanel({ tabId });
    await waitForContentScript(page);
    const reply = await panelSend(panel, 'tab.ping', { tabId });
    expect(reply).toMatchObject({ ok: true, result: { url: `${site.url}/`, title: 'Fixture home' } });
    await panel.close();
    await page.close();
  });

  it('refuses settings and model messages from a content script', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    const shown = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
    await waitForContentScript(page);
    await shown.close();
    for (const name of ['settings.get', 'settings.save', 'llm.test']) {
      const reply = (await evaluateInContentScript(
        page,
        ext.extensionId,
        `chrome.runtime.sendMessage({ channel: 'copilot', name: '${name}', params: { apiKeys: { anthropic: 'stolen' } } })`,
      )) as { ok: boolean; error?: { code: string; message: string } };
      expect(reply.ok, name).toBe(false);
      expect(reply.error?.code, name).toBe('forbidden');
    }
    // The key the page tried to plant was not stored.
    const panel = await ext.openPanel();
    const view = await panelSend(panel, 'settings.get', {});
    expect(view).toMatchObject({ ok: true, result: { keys: { anthropic: { set: false } } } });
    await panel.close();
    await page.close();
  });

  it('answers malformed messages with a clear error and changes nothing', async () => {
    const panel = await ext.openPanel();
    await panelSend(panel, 'settings.save', { pageBudget: 3000 });
    const badParams = (await panelSendRaw(panel, { channel: 'copilot', name: 'settings.save', params: { provider: 'nope', pageBudget: 'big' } })) as {
      ok: boolean;
      error: { code: string; message: string };
    };
    expect(badParams.ok).toBe(false);
    expect(badParams.error.code).toBe('bad_params');
    expect(badParams.error.message).toMatch(/provider/);
    const unknown = (await panelSendRaw(panel, { channel: 'copilot', name: 'settings.explode', params: {} })) as { error: { code: string } };
    expect(unknown.error.code).toBe('unknown_message');
    const notOurs = (await panelSendRaw(panel, { hello: 'world' })) as unknown;
    expect(notOurs).toBeUndefined(); // not an envelope of ours: no listener claims it
    const view = await panelSend(panel, 'settings.get', {});
    expect(view).toMatchObject({ ok: true, result: { pageBudget: 3000, provider: 'anthropic' } });
    await panel.close();
  });
});
