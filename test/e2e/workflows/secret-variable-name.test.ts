import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';

// A Recorder flow that finds its password field only by `input[type="password"]`: the person
// reads "your password", on the import review and on the Run form, never "value".

/** Pictures for a person to look at (not compared by the test). */
const SHOTS = process.env.PANEL_SHOTS ?? join(process.cwd(), 'test-results', 'secret-variable-name');
mkdirSync(SHOTS, { recursive: true });

const PAGE = '<!doctype html><title>Sign in</title><h1>Sign in</h1><input type="password"><button>Sign in</button>';
const { ext, site } = useExtension({ pages: { '/': PAGE } });
const s = {} as { page: Page; panel: Page };
beforeAll(async () => {
  s.page = await ext.context.newPage();
  await s.page.goto(`${site.url}/`);
  s.panel = await ext.openPanel({ tabId: await ext.tabIdOf(s.page), ownWindow: true });
  await waitForContentScript(s.page);
});

const flow = (url: string) =>
  JSON.stringify({
    title: 'Sign in to the shop',
    steps: [
      { type: 'navigate', url },
      { type: 'change', value: 'Tulip-1234', selectors: [['input[type="password"]']] },
      { type: 'click', selectors: [['aria/Sign in[role="button"]']], offsetX: 5, offsetY: 5 },
    ],
  });

describe('a password variable from a Recorder flow', () => {
  it('is called "password" on the import review and the Run form', async () => {
    const panel = s.panel;
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await panel.locator('input[type=file]').setInputFiles({ name: 'flow.json', mimeType: 'application/json', buffer: Buffer.from(flow(`${site.url}/`)) });
    const review = panel.getByTestId('import-review');
    await review.waitFor();
    const steps = await review.getByTestId('import-review-steps').locator('li').allTextContents();
    expect(steps[1]).toBe('Type your password (asked at Run, never stored) into the password field');
    expect(steps.join(' ')).not.toMatch(/\bvalue\b|the element/);
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.screenshot({ path: join(SHOTS, `import-review-${width}.png`) });
    }
    await review.getByRole('button', { name: 'Save workflow' }).click();
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    const form = panel.getByRole('form', { name: 'Run Sign in to the shop' });
    await form.waitFor();
    const field = form.getByLabel('Password', { exact: true });
    expect(await field.getAttribute('type')).toBe('password');
    expect(await form.getByLabel('value', { exact: true }).count()).toBe(0);
    await panel.setViewportSize({ width: 320, height: 640 });
    await panel.screenshot({ path: join(SHOTS, 'run-form-320.png') });
  });
});
