import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createScenario, score } from '../../../arena/client.mjs';
import { useExtensionArena } from '../../support/fixtures';
import { panelSend, storedReplays } from '../../support/panel';
import { shootPanel } from '../../support/shots';

// One browser, one scripted provider (which no scheduled run may call) and one arena for the file.
const { ext, llm, arena, page, panel } = useExtensionArena();

/** A saved workflow that opens the arena's catalog and reads its first page into a table. */
function catalogWorkflow(id: string, startUrl: string) {
  const path = new URL(startUrl).pathname;
  return {
    format: 'copilot-workflow', version: 1, id, name: `Catalog prices ${id}`, description: '', site: new URL(startUrl).host, startUrl, variables: [],
    steps: [
      { id: 's1', action: { kind: 'navigate', url: startUrl }, intent: `go to ${startUrl}`, after: { navigates: true, path } },
      {
        id: 's2',
        action: { kind: 'extract', title: 'catalog', columns: [{ name: 'name', type: 'text' }, { name: 'price', type: 'text' }, { name: 'stock', type: 'number' }], maxPages: 1, recipe: { cellCount: 4, cells: [0, 1, 3], header: 'Product | Price | Rating | In stock', next: '' } },
        intent: 'read catalog into a table', before: { path, title: '' }, after: { navigates: false },
      },
    ],
    source: { kind: 'run' }, createdAt: 0, updatedAt: 0,
  };
}

async function saveCatalogWorkflow(id: string) {
  const sc = await createScenario(arena.url, 'extract-table', 4);
  expect(await panelSend(panel, 'workflows.save', { workflow: catalogWorkflow(id, sc.startUrl) })).toMatchObject({ result: { ok: true } });
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  return sc;
}

async function scheduleEveryMinute(name: string) {
  const item = panel.getByTestId('workflow').filter({ hasText: name });
  if (!(await item.getByRole('button', { name: 'Save schedule' }).count())) await item.getByRole('button', { name: 'Schedule' }).click();
  await item.getByLabel('How many').fill('1');
  await item.getByLabel('Unit').selectOption('minutes');
  await item.getByRole('button', { name: 'Save schedule' }).click();
  await expect.poll(() => panel.getByTestId('workflows-message').textContent()).toBe(`“${name}” runs every minute. It runs once now, in a background tab.`);
  return panel.getByTestId('schedule').filter({ hasText: name });
}

/** A workflow from a file (no consent from a recording) that posts the price check's answer form: the gate asks first. */
function postingWorkflow(id: string, startUrl: string) {
  const path = new URL(startUrl).pathname;
  return {
    format: 'copilot-workflow', version: 1, id, name: `Send the answer ${id}`, description: '', site: new URL(startUrl).host, startUrl, variables: [],
    steps: [
      { id: 's1', action: { kind: 'navigate', url: startUrl }, intent: `go to ${startUrl}`, after: { navigates: true, path } },
      {
        id: 's2', action: { kind: 'click' }, intent: 'click the "Submit answer" button', before: { path, title: '' }, after: { navigates: true, path: '/t/price-compare/submit' },
        target: { tag: 'button', role: 'button', name: 'Submit answer', text: 'Submit answer', css: 'form button', xpath: '', frames: [], shadow: [] },
      },
    ],
    source: { kind: 'file' }, createdAt: 0, updatedAt: 0,
  };
}

/** The stored schedule records, read from the panel's IndexedDB. */
const storedSchedules = () =>
  panel.evaluate(() => new Promise<{ id: string; nextRunAt: number; data: Record<string, unknown> & { nextRunAt: number; createdAt: number; last?: { at: number; replayId?: string } } }[]>((done) => {
    const open = indexedDB.open('copilot');
    open.onsuccess = () => { const q = open.result.transaction('schedules').objectStore('schedules').getAll(); q.onsuccess = () => done(q.result); };
  }));

const replaysOf = async (workflowId: string) => (await storedReplays(panel)).filter((r) => r.data.workflowId === workflowId).length;

const notificationIds = (p: Page) => p.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
const message = () => panel.getByTestId('workflows-message').textContent();

describe('workflows on a schedule', () => {
  it('runs a saved extraction every minute in a background tab, twice by its alarm, and notifies the price that changed in between', async () => {
    const sc = await saveCatalogWorkflow('wf-sched');
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as { name: string; price: string }[];
    const calls = llm.requests.length;
    // each run opens a tab of its own, behind the person's: as each opens, is it the active tab?
    const active: boolean[] = [];
    const runTab = () => panel.evaluate(async () => (await chrome.tabs.query({})).find((t) => /\/t\/extract-table\//.test(t.pendingUrl || t.url || ''))?.active);
    ext.context.on('page', () => void runTab().then((a) => a !== undefined && active.push(a), () => {}));

    const item = await scheduleEveryMinute('Catalog prices wf-sched');
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');
    await expect.poll(() => item.getByTestId('schedule-last').textContent()).toContain('First result kept');
    await expect.poll(() => item.textContent()).toMatch(/Next run: \w{3} \d\d:\d\d/);

    // the shop changes the first product's price before the alarm's run, a minute after the first
    const newPrice = rows[0]!.price === '$5.00' ? '$6.00' : '$5.00';
    const r = await fetch(new URL(`/t/extract-table/reprice?scenario=${sc.id}&row=0&price=${encodeURIComponent(newPrice)}`, arena.url), { method: 'POST' });
    expect(r.status).toBe(200);
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 100_000, interval: 1_000 }).toBe('changed');
    const said = `1 change: ${rows[0]!.name}: price ${rows[0]!.price} → ${newPrice}.`;
    expect(await item.getByTestId('schedule-last').textContent()).toContain(said);

    const [schedule] = await storedSchedules();
    const changedId = `schedule:${schedule!.id}:${schedule!.data.last!.replayId}`;
    await expect.poll(() => notificationIds(panel), { timeout: 10_000 }).toContain(changedId);
    expect(active).toEqual([false, false]);
    // the runs' tabs are closed once their result is kept; no model was asked anything
    await expect.poll(() => ext.context.pages().filter((p) => p.url().includes('/t/extract-table/')).length).toBe(0);
    expect(llm.requests.length).toBe(calls);

    // pause, then delete with its confirmation
    await item.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => item.textContent()).toContain('Paused');
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => panel.getByTestId('schedule').count()).toBe(0);
  }, 180_000);

  it('removes the schedule of a deleted workflow and says so, whether deleted in the panel or gone by the time it runs', async () => {
    await saveCatalogWorkflow('wf-gone-1');
    await scheduleEveryMinute('Catalog prices wf-gone-1');
    const item = panel.getByTestId('workflow').filter({ hasText: 'Catalog prices wf-gone-1' });
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(message).toBe('Deleted “Catalog prices wf-gone-1”. Its schedule (every minute) was removed with it.');
    await expect.poll(() => panel.getByTestId('schedule').filter({ hasText: 'wf-gone-1' }).count()).toBe(0);

    // a workflow record gone behind the schedule's back (another window, a damaged profile): the run finds it gone
    await saveCatalogWorkflow('wf-gone-2');
    const sched = await scheduleEveryMinute('Catalog prices wf-gone-2');
    await expect.poll(() => sched.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');
    const id = await sched.getAttribute('data-schedule-id');
    await panel.evaluate(() => new Promise((done) => {
      const open = indexedDB.open('copilot');
      open.onsuccess = () => { const t = open.result.transaction('workflows', 'readwrite'); t.objectStore('workflows').delete('wf-gone-2'); t.oncomplete = () => done(null); };
    }));
    await sched.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(message).toBe('The schedule of “Catalog prices wf-gone-2” was removed: its workflow was deleted.');
    await expect.poll(() => panel.getByTestId('schedule').filter({ hasText: 'wf-gone-2' }).count()).toBe(0);
    await expect.poll(() => notificationIds(panel), { timeout: 10_000 }).toContain(`schedule:${id}:gone`);
    expect(await panel.evaluate(async () => (await chrome.alarms.getAll()).map((a) => a.name).filter((n) => n.startsWith('schedule:')))).toEqual([]);
  }, 90_000);

  it('refuses to schedule a workflow that needs a secret, saying why in the form and in the worker', async () => {
    const sc = await createScenario(arena.url, 'login', 1, 0);
    const path = new URL(sc.startUrl).pathname;
    const wf = {
      format: 'copilot-workflow', version: 1, id: 'wf-secret', name: 'Sign in wf-secret', description: '', site: new URL(sc.startUrl).host, startUrl: sc.startUrl,
      variables: [{ name: 'password', label: 'Password', secret: true }],
      steps: [{ id: 's1', action: { kind: 'type', value: '{{password}}' }, intent: 'type {{password}} into "Password"', before: { path, title: '' }, after: { navigates: false }, target: { tag: 'input', role: 'textbox', name: 'Password', label: 'Password', inputType: 'password', domId: 'password', css: '#password', xpath: '', frames: [], shadow: [] } }],
      source: { kind: 'file' }, createdAt: 0, updatedAt: 0,
    };
    expect(await panelSend(panel, 'workflows.save', { workflow: wf })).toMatchObject({ result: { ok: true } });
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: 'Sign in wf-secret' });
    await item.getByRole('button', { name: 'Schedule' }).click();
    const said = '“Sign in wf-secret” needs a secret (Password) every time it runs. Secrets are never stored, so it cannot run on a schedule: run it with Run and type the secret.';
    expect(await item.getByTestId('schedule-refused').textContent()).toBe(said);
    expect(await item.getByRole('button', { name: 'Save schedule' }).count()).toBe(0);
    expect(await panelSend(panel, 'schedules.create', { workflowId: 'wf-secret', cadence: { kind: 'daily', time: '08:00' } })).toMatchObject({ result: { ok: false, message: said } });
    expect((await storedSchedules()).filter((x) => x.data.workflowId === 'wf-secret')).toEqual([]);
    await item.getByRole('button', { name: 'Close' }).click();
  });

  it('waits in its tab when the gate asks, notifies, and skips its next runs while it waits', async () => {
    const sc = await createScenario(arena.url, 'price-compare', 1, 0);
    expect(await panelSend(panel, 'workflows.save', { workflow: postingWorkflow('wf-ask', sc.startUrl) })).toMatchObject({ result: { ok: true } });
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    // a narrow, short panel: Save schedule is far below the notice that answers it
    await panel.setViewportSize({ width: 320, height: 400 });
    const form = panel.getByTestId('workflow').filter({ hasText: 'Send the answer wf-ask' });
    await form.getByRole('button', { name: 'Schedule' }).click();
    // said before saving, not only after
    expect(await form.getByTestId('schedule-first-run').textContent()).toMatch(/^It runs once right away when you save it, then every hour, in a background tab/);
    await shootPanel(panel, 'schedule-form', { schemes: ['light'], check: () => form.getByRole('button', { name: 'Save schedule' }).scrollIntoViewIfNeeded() });
    await panel.setViewportSize({ width: 320, height: 400 });
    await form.getByRole('button', { name: 'Save schedule' }).scrollIntoViewIfNeeded();
    const item = await scheduleEveryMinute('Send the answer wf-ask');
    await shootPanel(panel, 'schedule-saved', { schemes: ['light'], height: 400 });
    await panel.setViewportSize({ width: 320, height: 400 });
    const shown = await panel.getByTestId('workflows-message').evaluate((n) => {
      const r = n.getBoundingClientRect();
      return r.top >= document.querySelector('main')!.getBoundingClientRect().top && r.bottom <= innerHeight;
    });
    expect(shown, 'the answer to Save schedule is in view').toBe(true);
    await panel.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('waiting');
    // the step by its control and site: not the post's path, not the page's hidden fields
    const said = await item.getByTestId('schedule-last').textContent();
    expect(said).toMatch(/The run waits for you: Step 2 needs your confirmation: “Submit answer” sends what the form holds to 127\.0\.0\.1(:\d+)?\. Open its tab to answer/);
    expect(said).not.toMatch(/price-compare|scenario/);
    const [stored] = (await storedSchedules()).filter((x) => x.data.workflowId === 'wf-ask');
    // the way to its tab is beside those words
    const runTab = (stored!.data.running as { tabId: number }).tabId;
    await shootPanel(panel, 'schedule-waiting', { schemes: ['light', 'dark'], check: () => item.scrollIntoViewIfNeeded() });
    await item.getByRole('button', { name: 'Open its tab' }).click();
    await expect.poll(() => panel.evaluate(async (id) => (await chrome.tabs.get(id)).active, runTab)).toBe(true);
    await panel.bringToFront();
    // the notification follows the stored outcome the panel shows (settle.ts), a moment later under load
    await expect.poll(() => notificationIds(panel), { timeout: 10_000 }).toContain(`schedule:${stored!.id}:${stored!.data.last!.replayId}`);
    // nothing was posted: the form waits, in the run's own tab, still open
    expect((await (await fetch(new URL(`/api/score?scenario=${sc.id}`, arena.url))).json()).reason).not.toMatch(/answered/);
    expect(ext.context.pages().some((p) => p.url().startsWith(sc.startUrl))).toBe(true);
    await item.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(message).toBe('Not run: the last run still waits for you in its tab.');
    expect(await item.getAttribute('data-outcome')).toBe('waiting');
    expect(await item.textContent()).toContain('Waiting for you in its tab');
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
  }, 60_000);

  it('keeps the text of the page a workflow without an extract step ended on, as its result', async () => {
    const sc = await createScenario(arena.url, 'price-compare', 2, 0);
    const shop = new URL(`/t/price-compare/shop?scenario=${sc.id}&n=1`, arena.url).href;
    const wf = { ...catalogWorkflow('wf-text', shop), name: 'Shop page wf-text' };
    wf.steps = [wf.steps[0]!];
    expect(await panelSend(panel, 'workflows.save', { workflow: wf })).toMatchObject({ result: { ok: true } });
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = await scheduleEveryMinute('Shop page wf-text');
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');
    const [s] = (await storedSchedules()).filter((x) => x.data.workflowId === 'wf-text');
    const result = s!.data.result as { kind: string; lines: string[] };
    expect(result.kind).toBe('text');
    // the page's own words, without the page model's element ids
    expect(result.lines).toContain('Price: $' + /<strong>\$([\d.]+)<\/strong>/.exec(await (await fetch(shop)).text())![1]);
    expect(result.lines.some((l) => / id=\d/.test(l))).toBe(false);
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
  });

  it('runs a schedule that fell due while the worker was stopped once at its start, and sets its alarm again', async () => {
    await saveCatalogWorkflow('wf-missed');
    const item = await scheduleEveryMinute('Catalog prices wf-missed');
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');
    const [s] = (await storedSchedules()).filter((x) => x.data.workflowId === 'wf-missed');
    // as after a browser closed for three and a half periods: the alarm lost, the next run long past
    const past = Date.now() - 210_000;
    await panel.evaluate(([id, at]) => new Promise((done) => {
      void chrome.alarms.clear(`schedule:${id}`);
      const open = indexedDB.open('copilot');
      open.onsuccess = () => {
        const t = open.result.transaction('schedules', 'readwrite');
        const store = t.objectStore('schedules');
        const q = store.get(id);
        q.onsuccess = () => store.put({ ...q.result, nextRunAt: at, data: { ...q.result.data, nextRunAt: at } });
        t.oncomplete = () => done(null);
      };
    }), [s!.id, past] as const);
    const replaysBefore = await replaysOf('wf-missed');
    expect(replaysBefore).toBe(1);

    await ext.stopServiceWorker();
    // the panel reconnects, which starts the worker: the missed runs are one run
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 40_000 }).toBe('unchanged');
    expect(await replaysOf('wf-missed')).toBe(2);
    const [after] = (await storedSchedules()).filter((x) => x.id === s!.id);
    // the next run is on the schedule's grid, after now
    expect(after!.data.nextRunAt).toBeGreaterThan(Date.now() - 5_000);
    expect((after!.data.nextRunAt - past) % 60_000).toBe(0);
    const alarm = await panel.evaluate((id) => chrome.alarms.get(`schedule:${id}`), s!.id);
    expect(alarm?.scheduledTime).toBe(after!.data.nextRunAt);
  }, 90_000);

  it('runs a recorded workflow with the value fixed in the schedule, not the recorded one: the run searches for it', async () => {
    // recorded through the side panel: a search for one thing, so the query becomes a variable
    const sc = await createScenario(arena.url, 'search-results', 3, 0);
    const wanted = /Search for "([^"]+)"/.exec(sc.text)![1]!;
    const recorded = wanted === 'winter tyres' ? 'tide tables' : 'winter tyres';
    await page.goto(sc.startUrl);
    // the file's panel was opened on a blank tab: one for this page's tab records it
    const rec = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
    await rec.getByTestId('record').click();
    await rec.getByTestId('recording').waitFor();
    await page.bringToFront();
    await page.getByRole('searchbox').fill(recorded);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?/);
    await rec.bringToFront();
    await rec.getByTestId('record-task').fill('Search Findr');
    await rec.getByTestId('record-save').click();
    await expect.poll(() => rec.getByTestId('record-message').textContent()).toContain('also as a workflow');
    await rec.close();
    await panel.bringToFront();
    const wf = ((await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string; variables: { name: string; label: string; default?: string }[] }[] }).result.find((w) => w.name === 'Search Findr')!;
    expect(wf.variables).toEqual([expect.objectContaining({ label: 'Search', default: recorded })]);
    expect((await score(arena.url, sc.id)).reason).toBe('never searched for the query');

    // scheduled with the scenario's query in place of the recorded one
    const calls = llm.requests.length;
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: 'Search Findr' });
    await item.getByRole('button', { name: 'Schedule' }).click();
    const value = item.getByRole('textbox', { name: /^Search/ });
    expect(await value.inputValue()).toBe(recorded);
    await value.fill(wanted);
    await item.getByLabel('How many').fill('1');
    await item.getByLabel('Unit').selectOption('hours');
    await item.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(message).toBe('“Search Findr” runs every hour. It runs once now, in a background tab.');
    const sched = panel.getByTestId('schedule').filter({ hasText: 'Search Findr' });
    await expect.poll(() => sched.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');

    // the arena saw the run search for the fixed value; the result kept is that search's page
    expect(await score(arena.url, sc.id)).toMatchObject({ progress: 0.5, reason: 'searched but opened no result' });
    const [stored] = (await storedSchedules()).filter((x) => x.data.workflowId === wf.id);
    expect(stored!.data.values).toEqual({ [wf.variables[0]!.name]: wanted });
    const lines = (stored!.data.result as { lines: string[] }).lines;
    const title = wanted[0]!.toUpperCase() + wanted.slice(1);
    expect(lines).toContain(`<input type=search label="Search" placeholder="Search the web" value="${wanted}">`);
    expect(lines.filter((l) => l.startsWith(`<a>${title} `)).length).toBe(5);
    expect(lines.some((l) => l.toLowerCase().includes(recorded))).toBe(false);
    expect(llm.requests.length).toBe(calls);
    await sched.getByRole('button', { name: 'Delete' }).click();
    await sched.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => panel.getByTestId('schedule').filter({ hasText: 'Search Findr' }).count()).toBe(0);
  }, 90_000);
});
