import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { waitForContentScript } from '../../support/extension';
import { panelSend } from '../../support/panel';
import { useExtensionArena } from '../../support/fixtures';
import { createScenario } from '../../../arena/client.mjs';

// A recording that ends with "Extract a table here": the person goes back to the catalog's first
// page, marks the table (and its Next link), saves; the workflow's replay returns the whole 3-page
// table with no model call.
const { llm, arena, page, panel } = useExtensionArena(async (p) => {
  p.setDefaultTimeout(10_000);
  sc = await createScenario(arena.url, 'extract-table', 4);
  second = new URL(sc.startUrl);
  second.searchParams.set('page', '2');
  await p.goto(second.href);
});
let sc: Awaited<ReturnType<typeof createScenario>>;
let second: URL;
const NAME = 'Read the kitchen catalog';

interface CatalogRow {
  name: string;
  price: string;
  rating: string;
  stock: number;
}
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const num = (v: string) => String(Number(v.replace(/[$,]/g, '')));

describe('a recording that ends with reading a table', () => {
  it('records a page change, marks the table with its Next link, and the replay returns every row of the 3 pages with no model call', async () => {
    const rows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arena.url))).json()) as CatalogRow[];
    await panel.bringToFront();
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL((u) => !u.searchParams.has('page') || u.searchParams.get('page') === '1');
    await waitForContentScript(page);

    await panel.bringToFront();
    await panel.getByTestId('record-extract').click();
    // a column the table does not have is refused with the columns it does have, and nothing is added
    await panel.getByTestId('extract-columns').fill('Product, Colour');
    await panel.getByTestId('extract-add').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toBe('The table has no column "Colour"; its columns are Product, Price, Rating, In stock.');
    expect(await panel.locator('[data-testid=record-step][data-kind=extract]').count()).toBe(0);
    // so is a next-page control that is not on the page
    await panel.getByTestId('extract-columns').fill('');
    await panel.getByTestId('extract-next').fill('Onward');
    await panel.getByTestId('extract-add').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toBe('There is no link or button "Onward" on this page to show the next page.');
    await panel.getByTestId('extract-next').fill('Next');
    await panel.getByTestId('extract-pages').fill('3');
    await panel.getByTestId('extract-add').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toBe('The workflow will end by reading Product, Price, Rating, In stock (6 rows on this page).');
    const line = panel.locator('[data-testid=record-step][data-kind=extract]');
    await expect.poll(() => line.textContent()).toContain('Extract Product, Price, Rating, In stock (6 rows here, up to 3 pages through “Next”)');

    await panel.getByTestId('record-task').fill(NAME);
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');
    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string }[] };
    const wf = list.result.find((w) => w.name === NAME)!;
    const stored = ((await panelSend(panel, 'workflows.get', { id: wf.id })) as { result: { steps: { action: { kind: string; columns?: unknown } }[] } }).result;
    expect(stored.steps.map((st) => st.action.kind)).toEqual(['click', 'extract']);
    expect(stored.steps[1]!.action.columns).toEqual([
      { name: 'Product', type: 'text' },
      { name: 'Price', type: 'number' },
      { name: 'Rating', type: 'number' },
      { name: 'In stock', type: 'number' },
    ]);

    // the replay: from the recording's first page, back to page 1, then the table over its 3 pages
    const base = llm.requests.length;
    await page.goto(second.href);
    // the Run puts the content script into the page
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.getByRole('button', { name: 'Start replay' }).click();
    await panel.getByRole('tab', { name: 'Chat' }).click();
    const card = panel.getByTestId('table-card').last();
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => card.textContent()).toContain(`(${rows.length} rows, 3 pages)`);
    const [d] = await Promise.all([panel.waitForEvent('download'), card.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await d.path())!, 'utf8');
    const expected = ['Product,Price ($),Rating,In stock', ...rows.map((r) => [csvField(r.name), num(r.price), num(r.rating), String(r.stock)].join(','))];
    expect(csv.trimEnd().split('\r\n')).toEqual(expected);
    expect(llm.requests.length, 'model calls during the replay').toBe(base);
  });
});
