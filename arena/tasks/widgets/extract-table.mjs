// A product catalog whose results table runs over three pages: "put every product in a spreadsheet".
import { html } from '../../lib/html.mjs';
import { eventsOf } from '../../store.mjs';
import { sitePage } from '../common.mjs';

const ITEMS = ['Desk lamp', 'Kettle', 'Toaster', 'Rice cooker', 'Coffee grinder', 'Hand mixer', 'Waffle iron', 'Air fryer', 'Juicer', 'Slow cooker', 'Food scale', 'Blender', 'Milk frother', 'Egg cooker', 'Bread maker', 'Ice cream maker', 'Sandwich press', 'Popcorn maker', 'Water filter', 'Knife set'];
const MAKERS = ['Nordic', 'Acme', 'Brightline', 'Oakhouse', 'Vela'];
const PER_PAGE = 6;
const PAGES = 3;

const SPEC_HEADS = ['Product', 'Price', 'Rating', 'In stock', 'Weight', 'Warranty', 'Colour', 'Item number'];
const COLOURS = ['Brushed steel', 'Matte black', 'Ivory white', 'Sage green'];
const specOf = (r, i) => [r.name, r.price, r.rating, r.stock, `${(0.6 + ((i * 13) % 40) / 10).toFixed(1)} kg`, `${1 + (i % 3)} years`, COLOURS[i % COLOURS.length], `KT-${4100 + i * 37}`];

export default {
  name: 'extract-table',
  description: 'Read a product table that runs over three pages into rows (name, price, rating, stock).',
  variesLayout: true,
  generate(rng) {
    const names = rng.sample(ITEMS, PER_PAGE * PAGES);
    const rows = names.map((item, i) => ({
      // a maker with a comma in some names, so a CSV must quote them
      name: i % 5 === 2 ? `${item}, ${rng.pick(MAKERS)}` : `${rng.pick(MAKERS)} ${item}`,
      price: `$${rng.int(9, 1499).toLocaleString('en-US')}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      rating: `${rng.int(25, 50) / 10}`.replace(/^(\d)$/, '$1.0'),
      stock: rng.int(0, 120),
    }));
    return { text: 'Put every product of this catalog, on all its pages, in a table with its name, price, rating and stock.', rows };
  },
  routes: {
    'GET /': (ctx) => {
      const pageNo = Math.max(1, Math.min(PAGES, Number(ctx.query.get('page')) || 1));
      ctx.record('page', { page: pageNo });
      const { L, data } = ctx;
      const rows = data.rows.slice((pageNo - 1) * PER_PAGE, pageNo * PER_PAGE);
      sitePage(ctx, {
        title: 'Catalog',
        body: html`<h1>Kitchen catalog</h1>
<p class="muted">${data.rows.length} products &middot; page ${pageNo} of ${PAGES}</p>
${L.wrap(html`<table class="data-table ${L.cls('catalog')}"><thead><tr><th scope="col">Product</th><th scope="col">Price</th><th scope="col">Rating</th><th scope="col">In stock</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.name}</td><td>${r.price}</td><td>${r.rating}</td><td>${r.stock}</td></tr>`)}</tbody></table>`)}
<nav class="pager" aria-label="Catalog pages">${pageNo > 1 ? html`<a href="${ctx.href('/', { page: pageNo - 1 })}">Previous</a>` : ''}
${Array.from({ length: PAGES }, (_, i) => (i + 1 === pageNo ? html`<span class="current" aria-current="page">${i + 1}</span>` : html`<a href="${ctx.href('/', { page: i + 1 })}">${i + 1}</a>`))}
${pageNo < PAGES ? html`<a href="${ctx.href('/', { page: pageNo + 1 })}">Next</a>` : ''}</nav>`,
      });
    },
    // The same products as a spec sheet of eight columns, wider than a side panel: what a person
    // reads with the panel's column picker. Its extra columns follow from the row's place, not the
    // seed's draws, so the catalog's own rows stay as they were.
    'GET /specs': (ctx) => {
      sitePage(ctx, {
        title: 'Spec sheet',
        body: html`<h1>Kitchen spec sheet</h1>
<table class="data-table"><thead><tr>${SPEC_HEADS.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${ctx.data.rows.slice(0, PER_PAGE).map((r, i) => html`<tr>${specOf(r, i).map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody></table>`,
      });
    },
    // What the catalog holds, so a test can compare an extracted file with it.
    'GET /rows.json': (ctx) => ctx.json(ctx.data.rows),
    // The shop changes a price (`?row=N&price=$X`): how a test changes the catalog between two
    // scheduled runs of a workflow that reads it.
    'POST /reprice': (ctx) => {
      const row = ctx.data.rows[Number(ctx.query.get('row'))];
      const price = ctx.query.get('price') ?? '';
      if (!row || !/^\$\d[\d,]*\.\d\d$/.test(price)) return ctx.json({ ok: false, message: 'row must be a row index and price like $12.50' }, 400);
      row.price = price;
      ctx.json({ ok: true, row });
    },
  },
  score(s) {
    // the start page is seen by opening the task at all: only the pages reached from it count
    const later = new Set(eventsOf(s, 'page').map((e) => e.page).filter((p) => p > 1));
    return { success: later.size === PAGES - 1, progress: later.size / (PAGES - 1), reason: `went on to ${later.size} of the ${PAGES - 1} further pages` };
  },
};
