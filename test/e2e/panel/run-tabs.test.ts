import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { evaluateInContentScript } from '../../support/panel';
import { waitForContentScript } from '../../support/extension';
import { askInPanel } from '../../support/scripted-panel';
import { idFor, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan, planOnce } from '../../support/scripted-web-model';
import { debuggerState } from '../../support/debugger-state';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-run-tabs');

const START = '<!doctype html><title>Trip planner</title><h1>Trip planner</h1><label>Notes <input id="notes"></label>';
const SEATS = '<!doctype html><title>Seat map</title><h1>Seat map</h1><label>Seat <input id="seat"></label>';

const { s, site } = useSiteSession({ '/': START, '/seats': SEATS }, { panelWindow: true }, async () => void mkdirSync(SHOTS, { recursive: true }));

/** The overlay's words in a page, as its content script sees them through the closed shadow root ('' when not shown). */
const overlayIn = async (page: Page): Promise<string> =>
  (await evaluateInContentScript(
    page,
    s.ext.extensionId,
    `(() => {
      const root = chrome.dom.openOrClosedShadowRoot(document.body);
      const layer = root && root.querySelector('.layer');
      return layer && layer.classList.contains('on') ? root.querySelector('.label').textContent : '';
    })()`,
  )) as string;

async function shots(panel: Page, name: string): Promise<void> {
  for (const [width, colorScheme] of [[320, 'light'], [400, 'dark'], [320, 'dark'], [400, 'light']] as const) {
    await panel.setViewportSize({ width, height: 640 });
    await panel.emulateMedia({ colorScheme });
    await panel.screenshot({ path: join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    const { violations } = await new AxeBuilder({ page: panel }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name} ${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
}

describe('a run that works in a tab it opened', () => {
  it('is followed by the panel in that tab, named there, and leaves no tab under the debugger when it ends', async () => {
    const seatsUrl = `${site.url}/seats`;
    let phase = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Open the seat map and choose.', [{ policy: 'ACT', target: 'open the seat map and type 12A into Seat' }], 'Seat chosen.') },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          switch (phase++) {
            case 0:
              return act('Open the seat map in a tab.', [{ kind: 'open_tab', url: seatsUrl }]);
            case 1:
              return act('Type the seat, then ask.', [
                { kind: 'type', id: idFor(pageOf(r), 'Seat'), text: '12A' },
                { kind: 'ask_user', question: 'Window or aisle?' },
              ]);
            default:
              return act('Done.', [{ kind: 'done', summary: 'Seat 12A chosen.' }]);
          }
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    const run = await askInPanel(s, `Open ${seatsUrl} and put 12A in Seat`);
    const question = s.panel.getByTestId('question');
    await question.waitFor({ timeout: 20_000 });
    const seats = s.ext.context.pages().find((p) => p.url() === seatsUrl)!;
    await waitForContentScript(seats);
    const seatsTab = await s.ext.tabIdOf(seats);
    expect(await seats.inputValue('#seat')).toBe('12A');

    // the panel of the start tab names where the run works now, with a way there
    const where = s.panel.getByTestId('target-tab');
    await expect.poll(() => where.getAttribute('data-elsewhere'), { timeout: 5_000 }).toBe('true');
    expect(await where.textContent()).toBe('Working in another tab: Seat map (tab 2 of the 2 of this task)Go to that tab');
    await shots(s.panel, 'start-tab');
    // the page shows the co-pilot where it works, not where it started
    await expect.poll(() => overlayIn(seats), { timeout: 5_000 }).toMatch(/waiting for you/);
    expect(await overlayIn(s.page)).toBe('');
    // typed with trusted input in the opened tab: the debugger holds it while the run goes on
    expect(await debuggerState(s.ext, seatsTab)).toBe('attached');

    // a panel that follows the active tab shows the same run when the person goes to the opened tab
    // (opened in the pages' window, beside them, as the real side panel is)
    const worker = await s.ext.serviceWorker();
    const [follower] = await Promise.all([
      s.ext.context.waitForEvent('page'),
      worker.evaluate(
        async ([url, tabId]) => chrome.tabs.create({ url, active: false, windowId: (await chrome.tabs.get(tabId)).windowId }),
        [`chrome-extension://${s.ext.extensionId}/sidepanel.html`, seatsTab] as const,
      ),
    ]);
    await follower.waitForLoadState('domcontentloaded');
    await seats.bringToFront();
    await expect.poll(() => follower.evaluate(() => document.querySelector('[data-testid=timeline]')?.textContent ?? ''), { timeout: 10_000 }).toContain('put 12A in Seat');
    const here = follower.getByTestId('target-tab');
    await expect.poll(() => here.textContent(), { timeout: 5_000 }).toBe('Working in: Seat map');
    expect(await follower.getByTestId('other-runs').count()).toBe(0);
    expect(await follower.getByTestId('question').count()).toBe(1);
    await shots(follower, 'opened-tab');

    await question.getByLabel('Answer').fill('window');
    await question.getByRole('button', { name: 'Answer' }).click();
    expect((await run.end(20_000)).kind).toBe('done');
    // well before the 30 s idle: neither tab is left under the debugger, nor shows the overlay
    const states = async () => [await debuggerState(s.ext, s.tabId), await debuggerState(s.ext, seatsTab)].map((x) => (x === 'attached' ? x : 'not attached'));
    await expect.poll(states, { timeout: 5_000 }).toEqual(['not attached', 'not attached']);
    await expect.poll(() => overlayIn(seats), { timeout: 5_000 }).toBe('');
    // the opened tab's panel keeps the run and its result
    await follower.getByTestId('final').waitFor({ timeout: 5_000 });
    await follower.close();
  });
});

describe('a worker stopped while it held the debugger', () => {
  it('ends the session it left behind when it starts again; a note added before the stop still reaches the next plan', async () => {
    s.llm.clear();
    let policyCalls = 0;
    let restarted = false;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => (/also sign it Ada/.test(r.lastUser) ? plan('Signed as asked.', []) : plan('Write the note.', [{ policy: 'ACT', target: 'type hello into Notes' }])),
      },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        // typed with trusted input, then the model goes quiet until the worker has restarted
        answer: (r) => {
          policyCalls += 1;
          if (policyCalls === 1) return act('Type.', [{ kind: 'type', id: idFor(pageOf(r), 'Notes'), text: 'hello' }]);
          return restarted ? act('Done.', [{ kind: 'done', summary: 'Typed.' }]) : { hang: true };
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    await s.page.bringToFront();
    const run = await askInPanel(s, 'Write hello in the notes');
    await expect.poll(() => policyCalls, { timeout: 20_000 }).toBe(2);
    expect(await s.page.inputValue('#notes')).toBe('hello');
    expect(await debuggerState(s.ext, s.tabId)).toBe('attached');
    await s.panel.getByLabel('Add to the task').fill('also sign it Ada');
    await s.panel.getByRole('button', { name: 'Add' }).click();
    await s.panel.getByTestId('follow-up').waitFor({ timeout: 5_000 });
    const status = s.panel.getByTestId('connection');
    const bootedBefore = Number(await status.getAttribute('data-booted-at'));
    await s.ext.stopServiceWorker();
    // from here on the model answers (only the new worker asks it)
    restarted = true;
    await expect.poll(async () => Number(await status.getAttribute('data-booted-at')), { timeout: 15_000 }).toBeGreaterThan(bootedBefore);
    // the new worker has no idle timer for the old session: it ended it at start-up (the run's
    // closing answer needs no input, so nothing attaches again)
    await expect.poll(async () => ((await debuggerState(s.ext, s.tabId)) === 'attached' ? 'attached' : 'not attached'), { timeout: 5_000 }).toBe('not attached');
    // the run went on, and its next plan read the note queued in the stopped worker
    expect((await run.end(20_000)).kind).toBe('done');
    expect(s.llm.requests.filter(isPlanner).at(-1)!.lastUser).toContain('also sign it Ada');
    expect(await s.panel.getByTestId('follow-up').getAttribute('data-state')).toBe('read');
  });
});
