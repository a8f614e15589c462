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

  it('Save and Test connection cover nothing on the first screen, and once pinned show an edge and keep the focused field above them', async () => {
    const panel = s.panel;
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').waitFor();
    const bar = panel.getByTestId('settings-save');
    /** labels of the form that the bar cuts across: their top above its top edge, their bottom below it */
    const cut = () =>
      panel.evaluate(() => {
        const edge = document.querySelector('[data-testid=settings-save]')!.getBoundingClientRect().top;
        if (edge >= innerHeight) return [];
        return [...document.querySelectorAll('form.settings label')].filter((l) => !l.closest('[data-testid=settings-save]')).map((l) => [l.textContent!.trim().slice(0, 40), l.getBoundingClientRect()] as const).filter(([, r]) => r.top < edge && r.bottom > edge + 1).map(([t]) => t);
      });
    for (const height of [640, 480]) {
      await panel.setViewportSize({ width: 320, height });
      await panel.locator('main').evaluate((m) => m.scrollTo(0, 0));
      expect(await cut(), `half-covered at 320x${height}`).toEqual([]);
    }
    await shootPanel(panel, 'settings-first-screen', { schemes: ['light', 'dark'] });

    // something to save: the bar is pinned, with an edge, and the field typed in stays above it
    await panel.setViewportSize({ width: 320, height: 480 });
    const field = panel.getByLabel('Model that looks again after a failed try');
    const was = await field.inputValue();
    await field.fill(`${was} `);
    const look = await bar.evaluate((b) => ({ position: getComputedStyle(b).position, edge: parseFloat(getComputedStyle(b).borderTopWidth), shadow: getComputedStyle(b).boxShadow }));
    expect(look).toMatchObject({ position: 'sticky' });
    expect(look.edge).toBeGreaterThanOrEqual(1);
    expect(look.shadow).not.toBe('none');
    const above = () =>
      panel.evaluate(() => {
        const edge = document.querySelector('[data-testid=settings-save]')!.getBoundingClientRect().top;
        const r = document.activeElement!.getBoundingClientRect();
        return r.bottom <= edge + 1;
      });
    await expect.poll(above, { message: 'the field typed in when the bar pinned' }).toBe(true);
    await shootPanel(panel, 'settings-pinned', { schemes: ['light', 'dark'], height: 480 });
    // every field reached with Tab is scrolled above the bar, not under it
    await panel.setViewportSize({ width: 320, height: 480 });
    await field.focus();
    for (let i = 0; i < 12; i++) {
      await panel.keyboard.press('Tab');
      // the bar's own buttons, and what comes after the form (the demonstrations), are not under it
      const { inForm, what } = await panel.evaluate(() => ({ inForm: !!document.activeElement?.closest('form.settings') && !document.activeElement?.closest('[data-testid=settings-save]'), what: document.activeElement?.outerHTML.slice(0, 80) }));
      if (inForm) expect(await above(), `${what}, field ${i + 1} after the changed one`).toBe(true);
    }
    // the form's last field scrolls fully above the bar
    await panel.locator('main').evaluate((m) => m.scrollTo(0, m.scrollHeight));
    const last = await panel.evaluate(() => {
      const fields = [...document.querySelectorAll('form.settings input, form.settings select, form.settings textarea')].filter((f) => !f.closest('[data-testid=settings-save]'));
      return fields.at(-1)!.getBoundingClientRect().bottom <= document.querySelector('[data-testid=settings-save]')!.getBoundingClientRect().top + 1;
    });
    expect(last).toBe(true);
    await panel.reload();
  });
});
