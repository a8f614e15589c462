import { describe, expect, it } from 'vitest';
import { rowsByRecipe } from '../../../src/shared/table';
import { extractHere } from '../../../src/workflows/extract-here';

const PAGE = `Address: https://shop.test/catalog
Title: Catalog
# Kitchen catalog
18 products · page 1 of 3
Product | Price | Rating | In stock
Nordic Kettle | $1,299.50 | 4.5 | 12
Toaster, Acme | $19.00 | 3.0 | 0
<a id=7>2</a>
<a id=8>Next</a>`;

const req = { columns: '', next: '', maxPages: 3, title: 'the table on Catalog' };

describe('marking the table a page shows while recording', () => {
  it('takes every column the header names, numbers where every row reads as one, and the rows read back by the recipe', () => {
    const r = extractHere(PAGE, { ...req, next: 'Next' });
    if (!r.ok) throw new Error(r.message);
    expect(r.rows).toBe(2);
    expect(r.action.columns).toEqual([
      { name: 'Product', type: 'text' },
      { name: 'Price', type: 'number' },
      { name: 'Rating', type: 'number' },
      { name: 'In stock', type: 'number' },
    ]);
    expect(r.action.recipe).toEqual({ cellCount: 4, cells: [0, 1, 2, 3], header: 'Product | Price | Rating | In stock', next: 'Next' });
    expect(r.action.maxPages).toBe(3);
    expect(rowsByRecipe(PAGE, r.action.recipe, r.action.columns)).toEqual([
      ['Nordic Kettle', 1299.5, 4.5, 12],
      ['Toaster, Acme', 19, 3, 0],
    ]);
  });

  it('takes the named columns in the order given, matched to the header without case', () => {
    const r = extractHere(PAGE, { ...req, columns: 'price, product' });
    if (!r.ok) throw new Error(r.message);
    expect(r.action.columns.map((c) => c.name)).toEqual(['Price', 'Product']);
    expect(r.action.recipe.cells).toEqual([1, 0]);
    // no next-page control: one page
    expect(r.action.maxPages).toBe(1);
  });

  it('refuses, in words, a column the header lacks, a next control not on the page, and a page without a table', () => {
    expect(extractHere(PAGE, { ...req, columns: 'Product, Colour' })).toEqual({ ok: false, message: 'The table has no column "Colour"; its columns are Product, Price, Rating, In stock.' });
    expect(extractHere(PAGE, { ...req, next: 'More' })).toEqual({ ok: false, message: 'There is no link or button "More" on this page to show the next page.' });
    expect(extractHere('Title: Empty\n# Nothing here', req)).toMatchObject({ ok: false, message: expect.stringContaining('no table') });
  });
});
