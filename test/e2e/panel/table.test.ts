import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createScenario } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { scriptCatalogExtraction } from '../../support/catalog-model';
import { shootPanel } from '../../support/shots';

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
});
