import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { plan } from './support/scripted-llm';
import { CATALOG, PRODUCTS, catalogSite, pageUrl, rowsOf } from './support/catalog-site';
import type { RunState } from '../../../src/agent/run-state';
import type { ExtractedTable } from '../../../src/shared/table';
import { rowsByRecipe, shownCell, toCsv, toJson, toTsv } from '../../../src/shared/table';

const EXTRACT_PLAN = plan('EXTRACT "products, up to 3 pages" "name:text, price:number, rating:number"');
const reading = (rows: string[], next: number | 'none', extra = '') => `Thought: Reading the products.\nRows:\n${rows.join('\n')}\n${extra}Next: ${next}`;
const tableOf = (h: ReturnType<typeof harness>) => h.log.events.find((e) => e.type === 'table') as { table: ExtractedTable } | undefined;
const storedRun = (h: ReturnType<typeof harness>) => JSON.parse([...h.store.runs.values()][0]!) as RunState;

describe('EXTRACT', () => {
  it('reads three pages of a results table into typed rows, following Next, and keeps the table with the run', async () => {
    const h = harness({ browser: catalogSite(), replies: [EXTRACT_PLAN, reading(rowsOf(1), 30), reading(rowsOf(2), 30), reading(rowsOf(3), 'none'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 'Put every product with its price and rating in a table' }).done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'planner']);
    expect(h.browser.currentUrl).toBe(pageUrl(3));
    // the Next clicks went through the executor as steps of the run
    expect(h.browser.acted.map((a) => a.kind)).toEqual(['click', 'click']);

    const table = tableOf(h)!.table;
    expect(table.columns).toEqual([{ name: 'name', type: 'text' }, { name: 'price', type: 'number' }, { name: 'rating', type: 'number' }]);
    expect(table.rows).toEqual(PRODUCTS.flat().map((p) => [p.name, Number(p.price.replace(/[$,]/g, '')), Number(p.rating)]));
    expect(table).toMatchObject({ pages: 3, url: CATALOG, unfilled: [], refused: [] });
    // beside each number, the page's own text the panel shows
    expect(table.rows.map((_, r) => shownCell(table, r, 1))).toEqual(PRODUCTS.flat().map((p) => p.price));
    expect(storedRun(h).tables).toEqual([table]);
    // where the rows were, so a replay can read every page again without a model
    expect(table.recipe).toEqual({ cellCount: 3, cells: [0, 1, 2], header: 'Product | Price | Rating', next: 'Next' });
    const again = await Promise.all([1, 2, 3].map(async (n) => {
      const site = catalogSite();
      site.go(pageUrl(n));
      return rowsByRecipe((await site.snapshot({ budget: 0 })).text, table.recipe!, table.columns);
    }));
    expect(again.flat()).toEqual(table.rows);

    // the prompt: the EXTRACT template, the columns, and from page 2 on what was read before
    expect(h.llm.requests[1]!.system).toContain('the web policy EXTRACT');
    expect(h.llm.shown(1)).toContain('Columns, in this order: name (text), price (number), rating (number)');
    expect(h.llm.shown(2)).toContain('4 rows from 1 page(s) so far');
    expect(h.llm.shown(2)).toContain('Blender, glass jar | 58 | 4.7');
    const finished = h.log.events.find((e) => e.type === 'policy_finished');
    expect(finished).toMatchObject({ status: 'done', summary: 'Extracted 12 rows (name, price, rating) from 3 pages.' });
  });

  it('refuses a made-up value: sends it back naming it, and drops the row when the model insists', async () => {
    const invented = [...rowsOf(1), 'Espresso machine | $499.00 | 4.9'];
    const h = harness({
      browser: catalogSite(),
      config: { groundingRetries: 1 },
      replies: [plan('EXTRACT "products on this page" "name:text, price:number, rating:number"'), reading(invented, 'none'), reading(invented, 'none'), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 'List the products' }).done;
    const repair = h.log.events.find((e) => e.type === 'grounding_repair') as { reason: string };
    expect(repair.reason).toContain('row 5: "Espresso machine" (name) is not on the page; "$499.00" (price) is not on the page; "4.9" (rating) is not on the page');
    expect(h.llm.requests[2]!.messages.at(-1)!.content).toContain('"Espresso machine" (name) is not on the page');
    const table = tableOf(h)!.table;
    expect(table.rows).toHaveLength(4);
    expect(table.rows.map((r) => r[0])).not.toContain('Espresso machine');
    expect(table.refused).toEqual(['page 1, row 5: "Espresso machine" (name) is not on the page; "$499.00" (price) is not on the page; "4.9" (rating) is not on the page']);
    const finished = h.log.events.find((e) => e.type === 'policy_finished') as { summary: string };
    expect(finished.summary).toContain('Refused 1 row with values not on the page');
  });

  it('takes the corrected rows when the model fixes a changed value after the repair', async () => {
    const rounded = rowsOf(1).map((r) => r.replace('$31.50', '$32'));
    const h = harness({ browser: catalogSite(), replies: [plan('EXTRACT "products on this page" "name, price:number"'), reading(rounded.map((r) => r.split(' | ').slice(0, 2).join(' | ')), 'none'), reading(rowsOf(1).map((r) => r.split(' | ').slice(0, 2).join(' | ')), 'none'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'List names and prices' }).done;
    expect(tableOf(h)!.table.rows[1]).toEqual(['Kettle', 31.5]);
    expect(tableOf(h)!.table.refused).toEqual([]);
  });

  it('says which columns a schema that does not match the page could not fill', async () => {
    const h = harness({
      browser: catalogSite(),
      replies: [
        plan('EXTRACT "products on this page" "name:text, author:text, isbn:text"'),
        `Thought: No authors here.\nRows:\n${PRODUCTS[0]!.map((p) => `${p.name} | null | null`).join('\n')}\nMissing: author, isbn\nNext: none`,
        plan(),
      ],
    });
    await h.agent.start({ chatId: 'c', task: 'List the books with authors' }).done;
    const table = tableOf(h)!.table;
    expect(table.unfilled).toEqual(['author', 'isbn']);
    // a column filled by nobody has no cell on the page: no recipe to replay
    expect(table.recipe).toBeUndefined();
    const finished = h.log.events.find((e) => e.type === 'policy_finished') as { summary: string };
    expect(finished.summary).toContain('Could not fill author, isbn: not found on the page.');
  });

  it('finds rows the page budget left out when the model asks for them', async () => {
    const h = harness({
      browser: catalogSite({ filler: 60 }),
      config: { pageBudget: 300 },
      replies: [
        plan('EXTRACT "products on this page" "name:text, price:number, rating:number"'),
        `Thought: The table was cut off.\nRows:\nFind: |`,
        (r) => {
          // the second request carries the table rows found beyond the budget
          const shown = r.messages[0]!.content;
          return shown.includes('<text id=102>Toaster | $1,299.99 | 3.9</text>') ? reading(rowsOf(1), 'none') : 'Rows:';
        },
        plan(),
      ],
    });
    await h.agent.start({ chatId: 'c', task: 'List the products' }).done;
    expect(h.browser.snapshots.at(-2)?.budget).toBe(300);
    expect(tableOf(h)!.table.rows).toHaveLength(4);
    expect(tableOf(h)!.table.refused).toEqual([]);
  });

  it('reads the extract tool call when the model has tools', async () => {
    const h = harness({
      browser: catalogSite(),
      config: { useTools: true },
      replies: [
        { tool: { name: 'plan', args: { reasoning: 'Read it.', steps: [{ policy: 'EXTRACT', target: 'first 2 pages', value: 'name, price:number' }] } } },
        { tool: { name: 'extract', args: { thought: 'Page 1.', rows: PRODUCTS[0]!.map((p) => [p.name, p.price]), next: 30 } } },
        { tool: { name: 'extract', args: { thought: 'Page 2.', rows: PRODUCTS[1]!.map((p) => [p.name, Number(p.price.slice(1))]), next: 30 } } },
        { tool: { name: 'plan', args: { reasoning: 'Done.', steps: [] } } },
      ],
    });
    await h.agent.start({ chatId: 'c', task: 'names and prices, two pages' }).done;
    expect(h.llm.requests[1]?.toolChoice).toBe('extract');
    const table = tableOf(h)!.table;
    // the limit of 2 pages stops it although page 2 has a Next link
    expect(table.pages).toBe(2);
    expect(table.rows).toHaveLength(8);
    expect(table.rows[7]).toEqual(['Waffle iron', 35]);
    // the model gave the number alone: the panel still shows it as the page wrote it
    expect(shownCell(table, 7, 1)).toBe('$35.00');
  });

  it('writes CSV, TSV and JSON that a spreadsheet reads back to the same cells', () => {
    const table: ExtractedTable = {
      title: 't',
      columns: [{ name: 'name', type: 'text' }, { name: 'price', type: 'number' }],
      rows: [['Blender, glass jar', 58], ['The "best" kettle', null]],
      url: '',
      pages: 1,
      unfilled: [],
      refused: [],
    };
    expect(toCsv(table)).toBe('name,price\r\n"Blender, glass jar",58\r\n"The ""best"" kettle",\r\n');
    expect(toTsv(table)).toBe('name\tprice\nBlender, glass jar\t58\nThe "best" kettle\t\n');
    expect(JSON.parse(toJson(table))).toEqual([{ name: 'Blender, glass jar', price: 58 }, { name: 'The "best" kettle', price: null }]);
  });
});
