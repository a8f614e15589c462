// A results list whose ratings are only on each result's own page: "open each result and collect
// its rating". The result links open in a new tab (target=_blank), as many shops' results do, and
// each result page has an "Add to wishlist" link, so a recorded flow can follow a link into a new
// tab and act there.
import { html } from '../../lib/html.mjs';
import { eventsOf } from '../../store.mjs';
import { sitePage } from '../common.mjs';

const PRODUCTS = ['Trail backpack 30 l', 'Camping stove', 'Down sleeping bag', 'Headlamp 400 lm', 'Water filter bottle', 'Folding chair', 'Two-person tent', 'Trekking poles', 'Insulated mug'];
const RESULTS = 5;

export default {
  name: 'ratings',
  description: 'Open each of five search results (links that open in a new tab) and collect its rating into a table.',
  generate(rng) {
    const items = rng.sample(PRODUCTS, RESULTS).map((name) => ({
      name,
      rating: (rng.int(21, 50) / 10).toFixed(1),
      reviews: rng.int(3, 480),
    }));
    return { text: 'Open each search result and collect its rating and number of reviews into a table.', items };
  },
  routes: {
    'GET /': (ctx) => {
      const { data } = ctx;
      sitePage(ctx, {
        title: 'Search results',
        brand: 'Outdoor Outlet',
        body: html`<h1>Search results for "camping"</h1>
<p class="muted">${data.items.length} results. Ratings are on each product's page.</p>
<ol class="results">${data.items.map((it, i) => html`<li><a href="${ctx.href('/item', { n: i + 1 })}" target="_blank">${it.name}</a> <span class="muted">In stock</span></li>`)}</ol>`,
      });
    },
    'GET /item': (ctx) => {
      const n = Number(ctx.query.get('n'));
      const item = ctx.data.items[n - 1];
      if (!item) return ctx.html('no such result', 404);
      ctx.record('item', { n });
      sitePage(ctx, {
        title: item.name,
        brand: 'Outdoor Outlet',
        body: html`<h1>${item.name}</h1><p class="rating">Rating: <strong>${item.rating}</strong> out of 5</p><p>${item.reviews} reviews</p>
<p><a href="${ctx.href('/wish', { n })}">Add to wishlist</a></p>`,
      });
    },
    'GET /wish': (ctx) => {
      const n = Number(ctx.query.get('n'));
      const item = ctx.data.items[n - 1];
      if (!item) return ctx.html('no such result', 404);
      ctx.record('wish', { n });
      sitePage(ctx, { title: 'Wishlist', brand: 'Outdoor Outlet', body: html`<div class="notice ok" role="status">${item.name} is on your wishlist.</div>` });
    },
    // What the results hold, so a test can compare a collected table with it.
    'GET /items.json': (ctx) => ctx.json(ctx.data.items),
  },
  score(s) {
    const seen = new Set(eventsOf(s, 'item').map((e) => e.n));
    const wished = [...new Set(eventsOf(s, 'wish').map((e) => s.data.items[e.n - 1]?.name))];
    const wish = wished.length ? `; on the wishlist: ${wished.join(', ')}` : '';
    return { success: seen.size === RESULTS, progress: seen.size / RESULTS, reason: `opened ${seen.size} of the ${RESULTS} results${wish}` };
  },
};
