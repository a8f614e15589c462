import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { isPlanner } from '../../support/model-reading';
import { askInPanel } from '../../support/scripted-panel';
import { plan } from '../../support/scripted-web-model';
import { seriousAxe } from '../../support/axe';
import { shootPanel } from '../../support/shots';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-slow');

const { s } = useSiteSession({ '/': '<!doctype html><title>Shop</title><h1>Shop</h1>' }, { panelWindow: true }, async (session, served) => {
  await session.page.goto(`${served.url}/`);
  session.llm.script({ name: 'planner', match: isPlanner, answer: () => plan('Nothing to do.', []) });
  await session.ask('Warm up');
  await session.waitForEnd(15_000);
});

describe('a model that does not answer', () => {
  it('after 20 s without a token "The model is slow" with Stop and Keep waiting', async () => {
    s.llm.clear();
    s.llm.script({ name: 'planner', match: isPlanner, answer: () => ({ hang: true }) });
    // the panel's clock runs fast; the model's silence is real
    await s.panel.clock.install();
    const run = await askInPanel(s, 'Find the price');
    await expect.poll(() => s.llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const slow = s.panel.getByTestId('slow');
    await s.panel.clock.fastForward(10_000);
    expect(await slow.count()).toBe(0);
    // meanwhile the panel says what it waits for, not a bare "Working…"
    await expect.poll(() => s.panel.getByTestId('waiting-model').textContent()).toMatch(/^Waiting for the model’s plan… 1\d s$/);
    await s.panel.clock.fastForward(12_000);
    await slow.waitFor({ timeout: 5_000 });
    expect(await slow.textContent()).toMatch(/^The model is slow \(2\d s\)…/);
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, colorScheme] of [[320, 'dark'], [400, 'light']] as const) {
      await s.panel.setViewportSize({ width, height: 640 });
      await s.panel.emulateMedia({ colorScheme });
      await s.panel.screenshot({ path: join(SHOTS, `slow-${width}-${colorScheme}.png`) });
    }
    expect(await seriousAxe(s.panel), 'axe: the slow notice').toEqual([]);
    // keep waiting: the notice goes, and comes back after another 20 s of quiet
    await slow.getByRole('button', { name: 'Keep waiting' }).click();
    expect(await slow.count()).toBe(0);
    await s.panel.clock.fastForward(21_000);
    await slow.waitFor({ timeout: 5_000 });
    // the header at 320 px while the run works: Pause and Stop on the first line, Chats and New chat
    // together beside the tab's name (two lines in all), saying why they are greyed
    await s.panel.setViewportSize({ width: 320, height: 640 });
    const [chats, fresh] = [s.panel.getByRole('button', { name: 'Chats' }), s.panel.getByRole('button', { name: 'New chat' })];
    const top = async (l: Locator) => Math.round((await l.boundingBox())!.y + (await l.boundingBox())!.height / 2);
    const tabLine = await top(s.panel.getByTestId('target-tab'));
    expect(Math.abs((await top(chats)) - tabLine)).toBeLessThan(4);
    expect(Math.abs((await top(fresh)) - tabLine)).toBeLessThan(4);
    expect(Math.abs((await top(s.panel.getByRole('button', { name: 'Pause' }))) - (await top(s.panel.getByTestId('run-status'))))).toBeLessThan(4);
    for (const b of [chats, fresh]) {
      expect(await b.isDisabled()).toBe(true);
      expect(await b.getAttribute('title')).toBe('Stop the task or let it finish first');
    }
    await shootPanel(s.panel, 'run-header');
    await slow.getByRole('button', { name: 'Stop' }).click();
    expect((await run.end(15_000)).kind).toBe('stopped');
    expect(await slow.count()).toBe(0);
    // said once: the card's title, and why in plain words
    const final = s.panel.getByTestId('final');
    expect(await final.locator('.final-text').textContent()).toBe('You stopped it.');
    // the person's own choice: nothing failed, so not in red
    expect(await final.getAttribute('class')).toMatch(/\brefused\b/);
    expect((await final.textContent())!.match(/stopped/gi)).toHaveLength(2);
    expect(await s.panel.getByText(/stopped by you/i).count()).toBe(0);
    await shootPanel(s.panel, 'stopped');
    // the message box's hint fits its two lines at every width
    await shootPanel(s.panel, 'composer', {
      schemes: ['light'],
      check: async (width) => {
        const fits = await s.panel.getByRole('textbox', { name: 'Message' }).evaluate((el: HTMLTextAreaElement) => {
          el.value = el.placeholder;
          const ok = el.scrollHeight <= el.clientHeight + 1;
          el.value = '';
          return ok;
        });
        expect(fits, `${width} px: the hint is cut`).toBe(true);
      },
    });
  });
});
