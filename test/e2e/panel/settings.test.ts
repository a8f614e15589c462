import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { shootPanel } from '../../support/shots';
import { seriousAxe } from '../../support/axe';

// Settings as a person reads it: the models named by what they do, boxes they can hit, and a Save
// that says it saved where they are looking.

const { s } = useSiteSession({ '/': '<!doctype html><title>Home</title><h1>Home</h1>' }, { panelWindow: true }, async (session, served) => {
  await session.page.goto(`${served.url}/`);
});

describe('settings', () => {
  it('names the models by what they do, gives boxes a size to hit, and says Saved at the top', async () => {
    await s.ask('hello');
    await s.waitForEnd(15_000).catch(() => undefined);
    const panel = s.panel;
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').waitFor();
    const labels = (await panel.locator('form.settings fieldset').first().locator('label').allTextContents()).join(' | ');
    // the roles' own names are the code's: a person reads what each model does
    expect(labels).not.toMatch(/Planner model|Policy model|Reflection model/);
    expect(labels).toMatch(/plans/i);
    await shootPanel(panel, 'settings', {
      height: 900,
      check: async (width) => {
        const boxes = await panel.locator('form.settings input[type=checkbox]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
        expect(boxes.length).toBeGreaterThan(0);
        for (const side of boxes) expect(side, `a checkbox at ${width}px`).toBeGreaterThanOrEqual(13);
      },
    });
    expect(await seriousAxe(panel), 'axe: settings').toEqual([]);
    // Save says so where the person is looking: the top of the panel, not under the fold
    await panel.setViewportSize({ width: 320, height: 640 });
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = panel.getByTestId('settings-notice');
    await expect.poll(() => saved.textContent()).toMatch(/Saved/);
    const box = await saved.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(640);
    await shootPanel(panel, 'settings-saved', { schemes: ['light'] });
  });

  it('the panel has a keyboard shortcut, which the browser assigned at install, and an empty chat says where the icon is', async () => {
    const page = await s.ext.openPanel();
    const commands = await page.evaluate(() => chrome.commands.getAll());
    expect(commands.find((c) => c.name === '_execute_action')).toMatchObject({ shortcut: 'Alt+Shift+K' });
    // the icon is not on the toolbar yet (a new extension's sits in the Extensions menu): an empty chat says where to find it
    expect(await page.evaluate(() => chrome.action.getUserSettings())).toMatchObject({ isOnToolbar: false });
    const tip = page.getByTestId('pin-tip');
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(/pin it from the Extensions menu.*Alt\+Shift\+K/);
    await shootPanel(page, 'pin-tip', { schemes: ['light'] });
    await tip.getByRole('button', { name: 'Got it' }).click();
    await page.reload();
    await page.getByText('Ask for a web task below').waitFor();
    expect(await page.getByTestId('pin-tip').count(), 'closed for good').toBe(0);
    await page.close();
  });

  it('"Show me the plan first" is saved and read back', async () => {
    const panel = s.panel;
    const box = panel.getByLabel('Show me the plan first');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => panel.getByTestId('settings-notice').textContent()).toMatch(/Saved/);
    await panel.reload();
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => panel.getByLabel('Show me the plan first').isChecked()).toBe(true);
  });
});
