import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { isPlanner } from '../../support/model-reading';
import { plan } from '../../support/scripted-web-model';

/** Pictures for a person to look at (not compared by the test). */
const SHOTS = process.env.PANEL_SHOTS ?? join(process.cwd(), 'test-results', 'setup-truth');
mkdirSync(SHOTS, { recursive: true });

const { ext, llm, site } = useExtension({ provider: true, pages: { '/': '<!doctype html><title>Shop</title><h1>Pizza: $12</h1>' } });

describe('the panel says whether a model is set up as the stored settings say it', () => {
  it('Settings says what is missing rather than "Saved."; a kept task goes, and its notice with it, once settings are stored from elsewhere', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    const panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
    await waitForContentScript(page);
    llm.script({ name: 'planner', match: isPlanner, answer: () => plan('The pizza costs $12.', []) });

    // a server of one's own with its address but no model names: saved, and not called ready
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').selectOption('openai-compatible');
    await panel.getByLabel(/^Base URL/).fill(llm.openaiBaseUrl);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    const said = panel.getByTestId('settings');
    await expect.poll(() => said.textContent()).toMatch(/^Saved, but Chat cannot work yet: it still needs the model that plans the task/);
    expect(await said.textContent()).not.toBe('Saved.');
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 640 });
      await said.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(SHOTS, `settings-missing-${width}.png`) });
    }

    // a task typed now is kept
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByLabel('Message').fill('What does the pizza cost?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.getByTestId('setup-kept').textContent().catch(() => '')).toContain('What does the pizza cost?');

    // the settings are written straight into storage, by no panel: the kept task goes, and no notice says to set up
    // as a script or a sync tool would: the stored record read, its models set, written back whole;
    // from the worker, not a second panel page (which would share this panel's kept task, and was
    // closed while it may have been sending it)
    await (await ext.serviceWorker()).evaluate(async () => {
      const { settings } = (await chrome.storage.local.get('settings')) as { settings: { models: Record<string, string> } };
      settings.models = { planner: 'scripted-local', policy: 'scripted-local', reflection: 'scripted-local' };
      await chrome.storage.local.set({ settings });
    });
    const final = panel.getByTestId('final');
    await final.waitFor({ timeout: 20_000 });
    expect(await final.textContent()).toContain('$12');
    expect(await panel.getByText('Set up a model first').count()).toBe(0);
    expect(await panel.getByTestId('pending-task').count()).toBe(0);
    expect(await panel.locator('.msg.user').allTextContents()).toEqual(['What does the pizza cost?']);
    await panel.setViewportSize({ width: 320, height: 640 });
    await panel.screenshot({ path: join(SHOTS, 'kept-task-sent-320.png') });
  });
});
