import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import type { PageHandler } from '../../support/static-server';
import { isPlanner, isPolicy } from '../../support/model-reading';
import { askInPanel } from '../../support/scripted-panel';
import { panelSend } from '../../support/panel';
import { plan, planOnce, policyAnswer } from '../../support/scripted-web-model';
import type { RecordedRequest, ScriptedAnswer } from '../../support/llm-server';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-during-run');

const FORM = '<!doctype html><title>Seats</title><h1>Seats</h1><label>Name <input id="name"></label><label>Seat <input id="seat"></label>';

const LINKS = '<!doctype html><title>Trip</title><h1>Trip</h1><a href="/slow">Results</a>';
const SLOW_MS = 3_000;
const PAY = '<!doctype html><title>Checkout</title><h1>Checkout</h1><p>Total: $5.00</p><button>Pay $5.00</button>';

/** A results page whose end comes SLOW_MS late (its content script waits for it). */
const slow: PageHandler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.write(`<!doctype html><title>Results</title><h1>Results</h1>${' '.repeat(2048)}`);
  setTimeout(() => res.end('<p>Three seats left.</p>'), SLOW_MS);
};

// the form answers every other path
const { s, site } = useSiteSession({ '/checkout/pay': PAY, '/links': LINKS, '/slow': slow, '*': FORM }, { panelWindow: true }, async (session, served) => {
  await session.page.goto(`${served.url}/`);
  session.llm.script({ name: 'planner', match: isPlanner, answer: () => plan('Nothing to do.', []) });
  await session.ask('Warm up');
  await session.waitForEnd(15_000);
});

async function shots(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, colorScheme] of [[320, 'dark'], [400, 'light'], [320, 'light'], [400, 'dark']] as const) {
    await s.panel.setViewportSize({ width, height: 640 });
    await s.panel.emulateMedia({ colorScheme });
    await s.panel.screenshot({ path: join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    // every state shown here, in both themes: no serious or critical accessibility problem
    const { violations } = await new AxeBuilder({ page: s.panel }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name} ${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
}

describe('a note typed while the agent works', () => {
  it('is queued, shown, read by the next plan, and steers the run without stopping it', async () => {
    const NOTE = 'also put window in the Seat field';
    const planned = (r: RecordedRequest) => r.lastUser.includes(NOTE);
    let plans = 0;
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          plans += 1;
          if (plans === 1) return plan('Fill in the name.', [{ policy: 'FILL_TEXT', target: 'Name', value: 'Ada' }]);
          // the person's note is in the request: the plan follows it
          if (planned(r) && !/Seat/.test(r.lastUser.split('<page-log>')[1]?.split('</page-log>')[0] ?? '')) {
            return plan('The person asked for a window seat too.', [{ policy: 'FILL_TEXT', target: 'Seat', value: 'window' }]);
          }
          return plan('All done.', []);
        },
      },
      // the first step takes a while, as a real model does: long enough to type a note
      { name: 'policy', match: (r) => isPolicy(r), answer: (r) => ({ ...(policyAnswer(r) as object), delayMs: 2_500 }) as ScriptedAnswer },
    );
    const run = await askInPanel(s, 'Put Ada in the Name field');
    const box = s.panel.getByLabel('Add to the task');
    await box.waitFor({ timeout: 10_000 });
    expect(await box.isEnabled()).toBe(true);
    await box.fill(NOTE);
    await s.panel.getByRole('button', { name: 'Add' }).click();
    const note = s.panel.getByTestId('follow-up');
    await note.waitFor({ timeout: 5_000 });
    expect(await note.getAttribute('data-state')).toBe('queued');
    expect(await note.textContent()).toContain(NOTE);
    await shots('queued');
    expect((await run.end(30_000)).kind).toBe('done');
    // the run went on: no stop, the note was read and followed
    expect(await note.getAttribute('data-state')).toBe('read');
    const planners = s.llm.requests.filter(isPlanner);
    expect(planners[0]!.lastUser).not.toContain(NOTE);
    expect(planners[1]!.lastUser).toContain(NOTE);
    expect(planners[1]!.lastUser).toMatch(/The person added this while you were working/);
    expect(await s.page.inputValue('#name')).toBe('Ada');
    expect(await s.page.inputValue('#seat')).toBe('window');
    await shots('read');
    // afterwards the box starts a new task again
    await s.panel.getByLabel('Message').waitFor({ timeout: 5_000 });
  });
});

describe('retry with another model', () => {
  const viaOpenAi = (r: RecordedRequest) => r.provider === 'openai';

  async function retryWith(model: string): Promise<void> {
    const dock = s.panel.getByTestId('dock');
    await dock.getByRole('button', { name: 'Retry with another model' }).click();
    const form = s.panel.getByTestId('retry-model');
    await form.waitFor({ timeout: 5_000 });
    // the saved provider is Anthropic; the form offers the other one set up first
    expect(await form.getByLabel('Provider').inputValue()).toBe('openai');
    await form.getByLabel(/^Model/).fill(model);
    await shots('retry-form');
    await form.getByRole('button', { name: 'Retry' }).click();
  }

  it('continues a run stopped on a provider error with the chosen provider and model, saving nothing', async () => {
    await panelSend(s.panel, 'settings.save', { apiKeys: { openai: 'sk-openai-0000' }, baseUrls: { openai: s.llm.openaiBaseUrl } });
    s.llm.clear();
    s.llm.script(
      { name: 'down', match: (r) => isPlanner(r) && !viaOpenAi(r), answer: { error: { status: 503, message: 'overloaded' } } },
      { name: 'planner', match: isPlanner, answer: () => plan('Nothing left to do.', []) },
    );
    await askInPanel(s, 'Check the seat page');
    await s.panel.getByTestId('resume-card').waitFor({ timeout: 20_000 });
    await retryWith('gpt-other');
    await s.panel.locator('[data-testid=final][data-end=done]').waitFor({ timeout: 20_000 });
    const planners = s.llm.requests.filter(isPlanner);
    expect(planners.map((r) => r.provider)).toEqual(['anthropic', 'openai']);
    expect(planners[1]!.model).toBe('gpt-other');
    // the same run went on: one run started, and it was resumed
    expect(await s.panel.getByText('Resumed', { exact: true }).count()).toBe(1);
    expect(await s.panel.getByText(/attempt 1/).count()).toBe(0);
    // the error it went on from is history: not red, not asking to resume, the provider named once
    const error = s.panel.locator('[data-end=error]');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.getAttribute('class')).not.toMatch(/\berror\b/);
    const said = (await error.textContent()) ?? '';
    expect(said).toMatch(/had an error \(HTTP 503\)/);
    expect(said).not.toMatch(/resume to continue|failed: The provider/);
    await shots('resumed-error');
    const saved = (await panelSend(s.panel, 'settings.get', {})) as { result: { provider: string; models: { planner: string } } };
    expect(saved.result.provider).toBe('anthropic');
    expect(saved.result.models.planner).toBe('scripted-planner');
  });

  it('resumed after the tab went elsewhere, asks to go back where the task stopped, and goes on there', async () => {
    s.llm.clear();
    let down = true;
    s.llm.script(
      { name: 'down', match: (r) => isPlanner(r) && down, answer: () => ((down = false), { error: { status: 503, message: 'overloaded' } }) },
      { name: 'planner', match: isPlanner, answer: () => plan('Nothing left to do.', []) },
    );
    await s.page.goto(`${site.url}/seats`);
    await askInPanel(s, 'Check the seats');
    const card = s.panel.getByTestId('resume-card');
    await card.waitFor({ timeout: 20_000 });
    // the person went on browsing in the tab, then resumes
    await s.page.goto(`${site.url}/links`);
    await card.getByRole('button', { name: 'Resume' }).click();
    const back = s.panel.locator('[data-testid=confirm][data-category=return]');
    await back.waitFor({ timeout: 10_000 });
    const host = new URL(site.url).host;
    expect(await back.locator('.card-title').textContent()).toBe(`Go back to ${host}/seats, where the task stopped?`);
    expect(await back.textContent()).toContain(`or stay, and it goes on in the page the tab shows now (${host}/links).`);
    // its answers say where to go on, not allow or refuse
    expect(await back.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Go back there', 'Stay on this page']));
    // the header names the page the tab shows now, not the one the run last stored
    await expect.poll(() => s.panel.getByTestId('target-tab').textContent()).toBe('Working in: Trip');
    await shots('resume-elsewhere');
    await back.getByRole('button', { name: 'Go back there' }).click();
    await s.panel.locator('[data-testid=final][data-end=done]').waitFor({ timeout: 20_000 });
    expect(new URL(s.page.url()).pathname).toBe('/seats');
    // the model planned on the page the task had stopped on
    expect(s.llm.requests.filter(isPlanner).at(-1)!.lastUser).toContain('/seats');
  });

  it('a run stopped on a refused key offers Settings first, and Resume beside it', async () => {
    s.llm.clear();
    s.llm.script({ name: 'refused', match: isPlanner, answer: { error: { status: 401, message: 'invalid x-api-key' } } });
    await askInPanel(s, 'Look at the seats again');
    const card = s.panel.getByTestId('resume-card');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toMatch(/refused the API key\. Check the key in Settings, then resume\./);
    expect(await card.textContent()).not.toMatch(/planner|policy|reflection/);
    const first = card.getByRole('button').first();
    expect(await first.textContent()).toBe('Open Settings');
    expect(await first.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await card.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
    expect(await s.panel.getByTestId('run-status').textContent()).toBe('Stopped on an error');
    await first.click();
    await s.panel.getByLabel('Provider').waitFor({ timeout: 5_000 });
    await s.panel.getByRole('tab', { name: 'Chat' }).click();
    // the chat shown again (its runs' ends read from the database a moment later): the next test counts the ends already there
    await s.panel.locator('[data-end]').first().waitFor({ timeout: 5_000 });
    // a server that is down is not fixed in Settings: Resume stays the main button there (the test above)
  });

  it('asks a stopped task again from the start with the chosen model', async () => {
    s.llm.clear();
    s.llm.script(
      { name: 'hang', match: (r) => isPlanner(r) && !viaOpenAi(r), answer: { hang: true } },
      { name: 'planner', match: isPlanner, answer: () => plan('Nothing left to do.', []) },
    );
    const run = await askInPanel(s, 'Look at the seats');
    await expect.poll(() => s.llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await s.panel.getByRole('button', { name: 'Stop' }).first().click();
    expect((await run.end(15_000)).kind).toBe('stopped');
    await retryWith('gpt-second');
    await expect.poll(() => s.llm.requests.filter((r) => viaOpenAi(r) && r.model === 'gpt-second').length, { timeout: 15_000 }).toBe(1);
    const again = s.llm.requests.find((r) => r.model === 'gpt-second')!;
    expect(again.lastUser).toContain('Current task: Look at the seats');
    await s.panel.locator('[data-testid=final][data-end=done]').waitFor({ timeout: 15_000 });
  });
});

describe('a step that opens a slow page', () => {
  it('shows "waiting for the page" until the next page answers, then goes on', async () => {
    await s.page.goto(`${site.url}/links`);
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Open the results.', [{ policy: 'CLICK', target: 'Results' }], 'The results are open.') },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    const run = await askInPanel(s, 'Open the results');
    const wait = s.panel.getByTestId('page-wait');
    await wait.waitFor({ timeout: 15_000 });
    expect(await wait.textContent()).toMatch(/^Waiting for the page to load…/);
    await shots('page-wait');
    expect((await run.end(30_000)).kind).toBe('done');
    expect(await wait.count()).toBe(0);
    // it was said while the page loaded, and the page's answer ended it
    const said = await s.panel.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((r) => {
        const open = indexedDB.open('copilot');
        open.onsuccess = () => r(open.result);
      });
      const all = await new Promise<{ type: string; waiting?: boolean }[]>((r) => {
        const req = db.transaction('events').objectStore('events').getAll();
        req.onsuccess = () => r(req.result as { type: string; waiting?: boolean }[]);
      });
      return all.filter((e) => e.type === 'page_wait').map((e) => e.waiting);
    });
    expect(said).toEqual([true, false]);
    expect(await s.page.title()).toBe('Results');
  });
});

describe('a confirmation card', () => {
  it('says where as host and path, not the address with its query string', async () => {
    await s.page.goto(`${site.url}/checkout/pay?session=abc123&token=SECRETTOKEN#top`);
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Pay.', [{ policy: 'CLICK', target: 'Pay $5.00' }], 'Not paid.') },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    const run = await askInPanel(s, 'Pay the bill');
    const stop = await run.nextStop(20_000);
    expect(stop.kind).toBe('confirm');
    if (stop.kind !== 'confirm') return;
    // the title names the site; what will be done says the page
    expect(stop.text).toContain('The co-pilot will: Click the button “Pay $5.00” on the page /checkout/pay');
    expect(stop.text).not.toMatch(/session=|SECRETTOKEN|#top/);
    await shots('confirm-place');
    await stop.card.getByRole('button', { name: 'Refuse' }).click();
    await run.end(20_000);
    // the person's no ends it as their choice: not an error, no "retry with another model", the form left as it is said
    const final = s.panel.getByTestId('final');
    await expect.poll(() => final.getAttribute('data-end')).toBe('refused');
    expect(await final.locator('.card-title').textContent()).toBe('Not done: you said no');
    expect(await final.textContent()).toContain('You did not allow a click on the button “Pay $5.00”');
    expect(await final.getByRole('button', { name: /Retry with another model/ }).count()).toBe(0);
    await shots('refused-final');
  });
});
