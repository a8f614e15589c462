import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createScenario } from '../../../arena/client.mjs';
import { useExtension } from '../../support/fixtures';
import { panelSend, storedReplays } from '../../support/panel';

// One browser profile for the file, closed and launched again on the same profile in the test.
const { ext, arena, relaunch } = useExtension({ arena: true, keptProfile: true });

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** A workflow file that opens the arena's catalog and reads its first page into a table. */
function catalogFile(startUrl: string): string {
  const path = new URL(startUrl).pathname;
  return JSON.stringify({
    format: 'copilot-workflow', version: 1, id: 'wf-restart', name: 'Catalog prices after a restart', description: '', site: new URL(startUrl).host, startUrl, variables: [],
    steps: [
      { id: 's1', action: { kind: 'navigate', url: startUrl }, intent: `go to ${startUrl}`, after: { navigates: true, path } },
      {
        id: 's2',
        action: { kind: 'extract', title: 'catalog', columns: [{ name: 'name', type: 'text' }, { name: 'price', type: 'text' }, { name: 'stock', type: 'number' }], maxPages: 1, recipe: { cellCount: 4, cells: [0, 1, 3], header: 'Product | Price | Rating | In stock', next: '' } },
        intent: 'read catalog into a table', before: { path, title: '' }, after: { navigates: false },
      },
    ],
    source: { kind: 'file' }, createdAt: 0, updatedAt: 0,
  });
}

type StoredSchedule = { id: string; data: { nextRunAt: number; createdAt: number; running?: unknown; last?: { at: number; outcome: string; message: string; replayId?: string } } };

/** The stored schedules, read from the panel's IndexedDB. */
const storedSchedules = (panel: Page) =>
  panel.evaluate(() => new Promise<StoredSchedule[]>((done) => {
    const open = indexedDB.open('copilot');
    open.onsuccess = () => { const q = open.result.transaction('schedules').objectStore('schedules').getAll(); q.onsuccess = () => done(q.result); };
  }));

/** When each replay of the workflow started: one replay per run. */
const runStarts = async (panel: Page, workflowId: string) =>
  (await storedReplays(panel)).filter((r) => r.data.workflowId === workflowId).map((r) => r.data.startedAt as number).sort((a, b) => a - b);

describe('schedules across a browser restart', () => {
  it('runs a schedule that fell due twice while the browser was closed once at its start, and sets its alarm again', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 7);
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as { name: string; price: string }[];
    let panel = await ext.openPanel();
    const imported = await panelSend(panel, 'workflows.import', { text: catalogFile(sc.startUrl), filename: 'catalog.json' });
    expect(imported).toMatchObject({ result: { ok: true, stored: true } });
    const workflowId = (imported as { result: { id: string } }).result.id;

    // scheduled every minute through the panel: it runs once at once
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const form = panel.getByTestId('workflow').filter({ hasText: 'Catalog prices after a restart' });
    await form.getByRole('button', { name: 'Schedule' }).click();
    await form.getByLabel('How many').fill('1');
    await form.getByLabel('Unit').selectOption('minutes');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    const item = panel.getByTestId('schedule').filter({ hasText: 'Catalog prices after a restart' });
    await expect.poll(() => item.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('first');
    const [before] = await storedSchedules(panel);
    expect(await runStarts(panel, workflowId)).toHaveLength(1);
    const alarmBefore = await panel.evaluate((id) => chrome.alarms.get(`schedule:${id}`), before!.id);
    expect(alarmBefore?.scheduledTime).toBe(before!.data.nextRunAt);

    // the browser is closed for two of its periods and a bit: its next run and the one after fall due while nothing runs
    const missedUntil = before!.data.nextRunAt + MINUTE + 5_000;
    await ext.close();
    // the shop changes a price meanwhile, so the run at start-up has something to tell
    const newPrice = rows[0]!.price === '$5.00' ? '$6.00' : '$5.00';
    const r = await fetch(new URL(`/t/extract-table/reprice?scenario=${sc.id}&row=0&price=${encodeURIComponent(newPrice)}`, arena.url), { method: 'POST' });
    expect(r.status).toBe(200);
    await sleep(missedUntil - Date.now());
    const relaunchedAt = Date.now();
    await relaunch();

    // the browser's start runs the missed runs as one, on its own (no panel open yet)
    panel = await ext.openPanel();
    await expect.poll(async () => (await storedSchedules(panel))[0]?.data.last?.outcome, { timeout: 60_000, interval: 500 }).toBe('changed');
    const [after] = await storedSchedules(panel);
    expect(after!.data.last!.message).toContain(`1 change: ${rows[0]!.name}: price ${rows[0]!.price} → ${newPrice}.`);
    const starts = await runStarts(panel, workflowId);
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBeGreaterThanOrEqual(relaunchedAt - 1_000);
    // the next run is in the future, on the schedule's grid (counted from its first run), and its alarm is set for it
    expect(after!.data.nextRunAt).toBeGreaterThan(Date.now());
    expect(after!.data.nextRunAt).toBeLessThanOrEqual(Date.now() + MINUTE);
    expect((after!.data.nextRunAt - before!.data.nextRunAt) % MINUTE).toBe(0);
    const alarm = await panel.evaluate((id) => chrome.alarms.get(`schedule:${id}`), after!.id);
    expect(alarm?.scheduledTime).toBe(after!.data.nextRunAt);

    // nothing else runs: whatever else woke at the start (the alarm Chrome kept, the start-up event) ran nothing more. Both
    // fire within seconds of the start; 20 s of them is enough, and the next run's own time is left alone
    await sleep(Math.min(relaunchedAt + 20_000, after!.data.nextRunAt - 2_000) - Date.now());
    expect(await runStarts(panel, workflowId)).toHaveLength(2);
    const [still] = await storedSchedules(panel);
    expect(still!.data.last!.replayId).toBe(after!.data.last!.replayId);
    // the run's tab was closed once its result was kept
    expect(ext.context.pages().filter((p) => p.url().includes('/t/extract-table/')).length).toBe(0);
  }, 300_000);
});
