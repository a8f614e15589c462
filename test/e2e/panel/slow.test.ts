import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { isPlanner } from '../../support/model-reading';
import { askInPanel } from '../../support/scripted-panel';
import { plan } from '../../support/scripted-web-model';
import { seriousAxe } from '../../support/axe';

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
    await slow.getByRole('button', { name: 'Stop' }).click();
    expect((await run.end(15_000)).kind).toBe('stopped');
    expect(await slow.count()).toBe(0);
  });
});
