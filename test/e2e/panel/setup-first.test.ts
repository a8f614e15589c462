import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { isPlanner } from '../../support/model-reading';
import { plan } from '../../support/scripted-web-model';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-setup-first');

const { ext, llm, site } = useExtension({ provider: true, pages: { '/': '<!doctype html><title>Shop</title><h1>Pizza: $12</h1>' } });

describe('a task typed before any provider is set up', () => {
  it('is kept, shown with the way to Settings, and sent as soon as the settings are saved', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    await waitForContentScript(page);
    const panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
    llm.script({ name: 'planner', match: isPlanner, answer: () => plan('The pizza costs $12.', []) });

    await panel.getByLabel('Message').fill('What does the pizza cost?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const kept = panel.getByTestId('pending-task');
    await kept.waitFor({ timeout: 10_000 });
    expect(await kept.textContent()).toContain('What does the pizza cost?');
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(llm.requests).toHaveLength(0);
    expect(await kept.getByRole('button', { name: 'Open Settings' }).evaluate((b) => b === document.activeElement)).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, colorScheme] of [[320, 'light'], [480, 'dark']] as const) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.emulateMedia({ colorScheme });
      await panel.screenshot({ path: join(SHOTS, `kept-${width}-${colorScheme}.png`) });
    }

    await kept.getByRole('button', { name: 'Open Settings' }).click();
    await panel.getByLabel('Provider').selectOption('openai');
    await panel.getByLabel('Planner model').fill('scripted-planner');
    await panel.getByLabel('Policy model').fill('scripted-policy');
    await panel.getByLabel(/API key/).fill('sk-test-key-0000');
    await panel.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
    await panel.getByRole('button', { name: 'Save' }).click();

    // back in the chat, the task runs without being typed again
    const final = panel.getByTestId('final');
    await final.waitFor({ timeout: 20_000 });
    expect(await final.textContent()).toContain('$12');
    expect(await panel.getByTestId('pending-task').count()).toBe(0);
    expect(await panel.locator('.msg.user').allTextContents()).toEqual(['What does the pizza cost?']);
  });
});
