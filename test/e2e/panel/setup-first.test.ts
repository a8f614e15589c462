import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { isPlanner } from '../../support/model-reading';
import { plan } from '../../support/scripted-web-model';
import { panelSend } from '../../support/panel';
import { seriousAxe } from '../../support/axe';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-setup-first');

const { ext, llm, site } = useExtension({ provider: true, pages: { '/': '<!doctype html><title>Shop</title><h1>Pizza: $12</h1>' } });

/** The card inside the panel at each width, light and dark, with no serious or critical axe finding. */
async function fitsEverywhere(panel: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const card = panel.getByTestId('setup-card');
  for (const width of [320, 400, 480]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.emulateMedia({ colorScheme });
      const box = (await card.boundingBox())!;
      // inside the timeline's visible box: nothing of it scrolled away or under the header
      const room = (await panel.getByTestId('timeline-scroll').boundingBox())!;
      expect(box, `${width} ${colorScheme}`).not.toBeNull();
      expect(box.x).toBeGreaterThanOrEqual(room.x);
      expect(box.y, `${width} ${colorScheme}: top edge`).toBeGreaterThanOrEqual(room.y);
      expect(box.x + box.width, `${width} ${colorScheme}: right edge`).toBeLessThanOrEqual(Math.min(width, room.x + room.width));
      expect(box.y + box.height, `${width} ${colorScheme}: bottom edge`).toBeLessThanOrEqual(room.y + room.height);
      for (const b of await card.locator('button, input, select').all()) {
        const r = (await b.boundingBox())!;
        expect(r.x + r.width, `${width} ${colorScheme}: a control sticks out`).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      await panel.screenshot({ path: join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
      const axe = await new AxeBuilder({ page: panel }).include('[data-testid=setup-card]').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
    }
  }
}

describe('the first open, with no provider set up', () => {
  it('shows the setup card: a preset fills the address, Test connection tries the values on screen, Save sends the kept task and the card goes', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${site.url}/`);
    const panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
    await waitForContentScript(page);
    llm.script(
      { name: 'ready', match: (r) => /Reply with the word ready/.test(r.lastUser), answer: { text: 'ready' } },
      { name: 'planner', match: isPlanner, answer: () => plan('The pizza costs $12.', []) },
    );

    // nothing typed yet: the card is there on its own
    const card = panel.getByTestId('setup-card');
    await card.waitFor({ timeout: 10_000 });
    // no model yet: the header does not say "Ready"
    await expect.poll(() => panel.getByTestId('run-status').textContent()).toBe('Set up a model first');
    await fitsEverywhere(panel, 'card');

    // the presets: the OpenAI-compatible provider at the local server's address, no key asked for
    await card.getByRole('button', { name: 'Ollama' }).click();
    expect(await card.getByLabel('Provider').inputValue()).toBe('openai-compatible');
    expect(await card.getByLabel('Base URL').inputValue()).toBe('http://localhost:11434/v1');
    await card.getByRole('button', { name: 'LM Studio' }).click();
    expect(await card.getByLabel('Base URL').inputValue()).toBe('http://localhost:1234/v1');

    // with no model, Save says what is missing and saves nothing
    await card.getByRole('button', { name: 'Save' }).click();
    expect(await card.getByTestId('setup-message').textContent()).toMatch(/name of a model/);
    await fitsEverywhere(panel, 'missing');

    // Test connection with no model says so in the card's own words, not "Settings" or a role's name
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => card.getByTestId('setup-message').textContent({ timeout: 1_000 }).catch(() => '')).toBe('Type the name of a model in Model above.');

    // our scripted server stands in for the local one; what was said of the values before goes as they change
    await card.getByLabel('Base URL').fill(llm.openaiBaseUrl);
    expect(await card.getByTestId('setup-message').count()).toBe(0);
    await card.getByLabel('Model').fill('scripted-local');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => card.getByTestId('setup-message').textContent({ timeout: 1_000 }).catch(() => ''), { timeout: 15_000 }).toMatch(/^It works: scripted-local answered/);
    expect(llm.requests.at(-1)?.model).toBe('scripted-local');
    expect(((await panelSend(panel, 'system.status', {})) as { result: { configured: boolean } }).result.configured, 'testing saved nothing').toBe(false);

    // a task typed now is kept in the card, not sent and not lost
    const requests = llm.requests.length;
    await panel.getByLabel('Message').fill('What does the pizza cost?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => card.getByTestId('setup-kept').textContent().catch(() => '')).toContain('What does the pizza cost?');
    expect(await panel.getByTestId('pending-task').count(), 'one card, not two').toBe(0);
    expect(await card.getByLabel('Provider').evaluate((el) => el === document.activeElement), 'focus goes to the card').toBe(true);
    expect(llm.requests.length).toBe(requests);
    expect(await seriousAxe(panel), 'axe: the kept task in the card').toEqual([]);
    await panel.screenshot({ path: join(SHOTS, 'kept.png') });

    await card.getByRole('button', { name: 'Save' }).click();
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    // the kept task runs without being typed again, on the model chosen in the card
    const final = panel.getByTestId('final');
    await final.waitFor({ timeout: 20_000 });
    expect(await final.textContent()).toContain('$12');
    expect(llm.requests.at(-1)?.model).toBe('scripted-local');
    expect(await panel.getByTestId('pending-task').count()).toBe(0);
    expect(await panel.locator('.msg.user').allTextContents()).toEqual(['What does the pizza cost?']);
  });
});
