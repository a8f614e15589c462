import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createScenario } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { scriptCatalogExtraction } from '../../support/catalog-model';
import { isPlanner, isPolicy, pageOf, textLinesOf } from '../../support/model-reading';
import { planOnce } from '../../support/scripted-web-model';
import { shootPanel } from '../../support/shots';
import { newChat } from '../../support/scripted-panel';

// An extracted table at the widths a person gives the side panel.

const { arena, s } = useArenaSession({ panelWindow: true });

/** Every word of every cell on one line: a word split over two lines has two boxes. */
function wordsSplit(panel: Page): Promise<string[]> {
  return panel.getByTestId('table-card').first().evaluate((card) => {
    const split: string[] = [];
    for (const cell of card.querySelectorAll('td, th')) {
      const text = cell.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(text, m.index);
        r.setEnd(text, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
    return split;
  });
}

/** Boxes around the table that scroll (their content is larger than they are, and they clip it). */
function scrollers(panel: Page): Promise<string[]> {
  return panel.getByTestId('table-card').first().evaluate((card) => {
    const out: string[] = [];
    for (let el: Element | null = card.querySelector('table'); el; el = el.parentElement) {
      const st = getComputedStyle(el);
      const scrollsY = /auto|scroll/.test(st.overflowY) && el.scrollHeight > el.clientHeight + 1;
      const scrollsX = /auto|scroll/.test(st.overflowX) && el.scrollWidth > el.clientWidth + 1;
      if (scrollsY || scrollsX) out.push(`${el.tagName.toLowerCase()}.${el.className}`);
    }
    return out;
  });
}

describe('an extracted table in the panel', () => {
  it('wraps values by word, right-aligns numbers, scrolls once, keeps its buttons apart and titles its step in words', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 4);
    scriptCatalogExtraction(s.llm);
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    expect((await s.waitForEnd(30_000)).kind).toBe('done');
    const panel = s.panel;
    const card = panel.getByTestId('table-card').first();
    await card.waitFor();
    // the step's heading names the columns in words, not the schema the planner wrote
    const heads = (await panel.getByTestId('step').allTextContents()).join('\n');
    expect.soft(heads).toContain('Read name, price, rating and stock of every product, up to 3 pages into a table');
    expect.soft(heads).not.toMatch(/:text|:number/);

    // the answer's card leads to the table's top, which the timeline, following its end, does not show
    await panel.setViewportSize({ width: 320, height: 640 });
    await panel.getByTestId('final').getByRole('button', { name: 'Show the table (18 rows)' }).click();
    const title = panel.getByTestId('table-title');
    await expect.poll(async () => {
      const [t, room] = [await title.boundingBox(), await panel.getByTestId('timeline-scroll').boundingBox()];
      return !!t && !!room && t.y >= room.y - 1 && t.y + t.height <= room.y + room.height;
    }).toBe(true);
    await shootPanel(panel, 'table', {
      check: async (width) => {
        // the card's title and first rows in view, as a person scrolls to it
        await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        expect.soft(await wordsSplit(panel), `${width} px: words split over two lines`).toEqual([]);
        expect.soft(await scrollers(panel), `${width} px: the boxes that scroll`).toEqual(['div.timeline-scroll']);
        // numbers: right-aligned, their right edges in a line
        const edges = await card.locator('td.num').evaluateAll((tds) => tds.slice(0, 8).map((td) => Math.round(td.getBoundingClientRect().right)));
        expect(await card.locator('td.num').first().evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
        expect(edges.length).toBeGreaterThan(0);
        // buttons never touch: 4 px or more between any two on one line
        const boxes = await card.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
        for (let i = 1; i < boxes.length; i++) {
          const [a, b] = [boxes[i - 1]!, boxes[i]!];
          if (Math.abs(a.top - b.top) < 2) expect(b.left - a.right, `${width} px: buttons ${i - 1} and ${i}`).toBeGreaterThanOrEqual(4);
          else expect(b.top - a.bottom, `${width} px: rows of buttons`).toBeGreaterThanOrEqual(4);
        }
      },
    });
  });

  it('offers a column picker when the table is wider than the panel, keeps the choice, and the files keep every column', async () => {
    const sc = await createScenario(arena.url, 'extract-table', 5);
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Read the spec sheet into a table.', [{ policy: 'EXTRACT', target: 'every product', value: 'product:text, price:number, rating:number, stock:number, weight:text, warranty:text, colour:text, item number:text' }], 'The table is complete.'),
      },
      {
        name: 'extract',
        match: (r) => isPolicy(r, 'EXTRACT') && r.toolNames.includes('extract'),
        answer: (r) => {
          const rows = textLinesOf(pageOf(r)).map((l) => l.split(' | ')).filter((c) => c.length === 8 && c[0] !== 'Product');
          return { toolCalls: [{ name: 'extract', args: { thought: `${rows.length} products.`, rows } }] };
        },
      },
    );
    const specs = new URL(sc.startUrl);
    specs.pathname += 'specs';
    await s.page.goto(specs.href);
    await newChat(s.panel);
    await s.ask('Put the spec sheet in a table.');
    expect((await s.waitForEnd(30_000)).kind).toBe('done');
    const panel = s.panel;
    await panel.setViewportSize({ width: 320, height: 640 });
    const card = panel.getByTestId('table-card').last();
    await card.waitFor();
    const picker = card.getByTestId('column-picker');
    const wrap = card.getByTestId('table-wrap');
    const widerThanBox = () => wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    // eight columns at 320 px: wider than the panel, so the picker is offered
    await expect.poll(() => picker.textContent()).toContain('Columns: 8 of 8 shown');
    expect(await card.locator('tbody tr').count()).toBe(6);
    expect(await widerThanBox()).toBe(true);
    // the columns beyond the edge are said in words, and the words lead there
    const more = card.getByTestId('more-columns');
    await shootPanel(panel, 'table-wide', { check: () => card.evaluate((el) => el.scrollIntoView({ block: 'start' })) });
    await panel.setViewportSize({ width: 320, height: 640 });
    await more.click();
    await expect.poll(() => wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await wrap.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => more.count()).toBe(0);
    await wrap.evaluate((el) => el.scrollTo({ left: 0 }));
    await more.waitFor();
    await picker.locator('summary').click();
    await shootPanel(panel, 'table-picker-open', { check: () => picker.evaluate((el) => el.scrollIntoView({ block: 'start' })) });
    await panel.setViewportSize({ width: 320, height: 640 });
    for (const name of ['Weight', 'Warranty', 'Colour', 'Item number']) await picker.getByRole('checkbox', { name }).uncheck();
    await expect.poll(() => card.locator('th').allTextContents()).toEqual(['product', 'price', 'rating', 'stock'].map((n) => expect.stringMatching(new RegExp(n, 'i'))));
    expect(await picker.textContent()).toContain('Columns: 4 of 8 shown');
    await expect.poll(widerThanBox).toBe(false);
    // the choice outlives the panel
    await panel.reload();
    await panel.getByTestId('table-card').last().waitFor();
    await expect.poll(() => panel.getByTestId('table-card').last().locator('th').count()).toBe(4);
    await shootPanel(panel, 'table-columns', {
      check: async () => {
        await panel.getByTestId('table-card').last().evaluate((el) => el.scrollIntoView({ block: 'start' }));
      },
    });
    // the file keeps every column, the hidden ones too
    const shownCard = panel.getByTestId('table-card').last();
    const [d] = await Promise.all([panel.waitForEvent('download'), shownCard.getByRole('button', { name: 'Download CSV' }).click()]);
    const head = (await readFile((await d.path())!, 'utf8')).split('\n')[0]!;
    expect(head.split(',')).toHaveLength(8);
    expect(head).toMatch(/item number/i);
    // Show all brings every column back
    const again = panel.getByTestId('table-card').last().getByTestId('column-picker');
    await again.locator('summary').click();
    await again.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => panel.getByTestId('table-card').last().locator('th').count()).toBe(8);
  });
});
