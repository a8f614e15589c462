import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { planOnce } from '../../support/scripted-web-model';
import { panelSend } from '../../support/panel';
import { catalogLines, scriptCatalogExtraction } from '../../support/catalog-model';
import { newChat } from '../../support/scripted-panel';

interface CatalogRow {
  name: string;
  price: string;
  rating: string;
  stock: number;
}

const { arena, s } = useArenaSession({ panelWindow: true });

const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const num = (v: string) => String(Number(v.replace(/[$,]/g, '')));

async function downloaded(name: string, which = 0): Promise<{ file: string; text: string }> {
  const card = s.panel.getByTestId('table-card').nth(which);
  const [d] = await Promise.all([s.panel.waitForEvent('download'), card.getByRole('button', { name }).click()]);
  return { file: d.suggestedFilename(), text: await readFile((await d.path())!, 'utf8') };
}

describe('extraction into a table', () => {
  it('reads a 3-page results table into a CSV whose rows equal the catalog, through the real provider wire format', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 4);
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as CatalogRow[];
    scriptCatalogExtraction(s.llm);
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(30_000);
    expect(end.kind, end.text).toBe('done');
    expect(end.asked).toEqual([]);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.map((r) => r.rule)).toEqual(['planner', 'extract', 'extract', 'extract', 'planner']);

    const card = s.panel.getByTestId('table-card');
    await expect.poll(() => card.textContent()).toContain(`(${rows.length} rows, 3 pages)`);
    // the panel shows each price as the page writes it ("$383.12"), not the number kept for sums
    const cells = await card.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
    expect(cells).toEqual(rows.map((r) => [r.name, r.price, r.rating, String(r.stock)]));
    expect(rows.map((r) => r.price).every((p) => /^\$\d[\d,]*\.\d\d$/.test(p))).toBe(true);
    // files and the clipboard keep numbers a spreadsheet adds up, with the page's currency in the header
    const csv = await downloaded('Download CSV');
    expect(csv.file).toBe('every-product-up-to-3-pages.csv');
    const expected = ['name,price ($),rating,stock', ...rows.map((r) => [csvField(r.name), num(r.price), num(r.rating), String(r.stock)].join(','))];
    expect(csv.text.trimEnd().split('\r\n')).toEqual(expected);
    // Copy puts the same table on the clipboard as tab-separated lines, which spreadsheets paste as cells
    await s.ext.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: 'Copy (TSV)' }).click();
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    const tsv = await s.panel.evaluate(() => navigator.clipboard.readText());
    expect(tsv.trimEnd().split('\n')).toEqual(['name\tprice ($)\trating\tstock', ...rows.map((r) => [r.name, num(r.price), num(r.rating), String(r.stock)].join('\t'))]);
    const json = JSON.parse((await downloaded('JSON')).text) as unknown[];
    expect(json).toEqual(rows.map((r) => ({ name: r.name, price: Number(r.price.replace(/[$,]/g, '')), rating: Number(r.rating), stock: r.stock })));
  });

  it('saves the extraction as a workflow that replays into the same table with no model call', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 4);
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as CatalogRow[];
    // the first test's card: its rows sit in table lines, so it can be saved as a workflow
    await s.panel.getByTestId('table-card').first().getByRole('button', { name: 'Save as workflow' }).click();
    await expect.poll(() => s.panel.getByTestId('table-card').first().textContent()).toContain('Saved as the workflow');
    const [wf] = ((await panelSend(s.panel, 'workflows.list', {})) as { result: { id: string; name: string }[] }).result;
    expect(wf!.name).toBe('Extract every product, up to 3 pages');
    // the workflow opens the address it was saved from, so a new scenario's catalog needs its own copy
    const stored = ((await panelSend(s.panel, 'workflows.get', { id: wf!.id })) as { result: Record<string, unknown> & { steps: { action: Record<string, unknown> }[] } }).result;
    const copy = { ...stored, id: 'wf-copy', startUrl: sc.startUrl, steps: stored.steps.map((st) => (st.action.kind === 'navigate' ? { ...st, action: { kind: 'navigate', url: sc.startUrl } } : st)) };
    expect(await panelSend(s.panel, 'workflows.save', { workflow: copy })).toMatchObject({ result: { ok: true } });

    const calls = s.llm.requests.length;
    await s.page.goto(sc.startUrl);
    expect(await panelSend(s.panel, 'replay.start', { workflowId: 'wf-copy', tabId: s.tabId, newTab: false, values: {}, stepMode: false })).toMatchObject({ result: { ok: true } });
    // the replay has a chat of its own, which the panel shows (the tab's latest): its one table, not the first chat's
    await expect.poll(() => s.panel.getByTestId('table-card').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => s.panel.getByTestId('table-card').first().textContent(), { timeout: 20_000 }).not.toContain('Saved as the workflow');
    expect(s.llm.requests.length).toBe(calls);
    const csv = await downloaded('Download CSV', 0);
    const expected = ['name,price ($),rating,stock', ...rows.map((r) => [csvField(r.name), num(r.price), num(r.rating), String(r.stock)].join(','))];
    expect(csv.text.trimEnd().split('\r\n')).toEqual(expected);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
  });

  it('says in the card which asked-for column it could not fill from the page, and keeps the rest', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 5);
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as CatalogRow[];
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Read the first page.', [{ policy: 'EXTRACT', target: 'the products on this page', value: 'name:text, price:number, colour:text' }], 'Done.'),
      },
      {
        name: 'extract',
        match: (r) => isPolicy(r, 'EXTRACT') && r.toolNames.includes('extract'),
        // the page shows no colour: a model that does not make one up leaves it empty
        answer: (r) => ({ toolCalls: [{ name: 'extract', args: { thought: 'No colours shown.', rows: catalogLines(pageOf(r)).map((l) => [l.split(' | ')[0], l.split(' | ')[1], null]) } }] }),
      },
    );
    await s.page.goto(sc.startUrl);
    await newChat(s.panel);
    await s.ask('Put the products on this page in a table with their name, price and colour.');
    const end = await s.waitForEnd(30_000);
    expect(end.kind, end.text).toBe('done');
    const card = s.panel.getByTestId('table-card').last();
    await expect.poll(() => card.getByTestId('table-unfilled').textContent()).toBe('Could not fill: colour (not on the page)');
    await expect.poll(() => card.textContent()).toContain('(6 rows, 1 page)');
    const csv = (await downloaded('Download CSV', (await s.panel.getByTestId('table-card').count()) - 1)).text;
    expect(csv.trimEnd().split('\r\n')).toEqual(['name,price ($),colour', ...rows.slice(0, 6).map((r) => `${csvField(r.name)},${num(r.price)},`)]);
  });
});
