// Three shops sell one product at different prices: "which of these shops is cheapest?". Each shop
// is its own page, so a co-pilot opens them in tabs; the answer goes in the form on the start page.
import { html } from '../../lib/html.mjs';
import { eventsOf } from '../../store.mjs';
import { postForm, sitePage, submitButton } from '../common.mjs';

const PRODUCTS = ['Electric kettle 1.7 l', 'Cordless drill 18 V', 'Noise-cancelling headphones', 'Espresso machine', 'Robot vacuum', 'Stand mixer'];
const SHOPS = ['Northwind Store', 'Harbor Goods', 'Pine & Co', 'Bluebell Market', 'Summit Supply', 'Corner Shop'];
const norm = (v) => String(v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

export default {
  name: 'price-compare',
  description: 'Find which of three shop pages sells a product cheapest and type that shop in the answer.',
  generate(rng) {
    const product = rng.pick(PRODUCTS);
    const base = rng.int(40, 400);
    // three different prices, the cheapest at a random shop
    const cents = rng.shuffle([0, rng.int(3, 20), rng.int(21, 60)]).map((d) => (base + d) * 100 + rng.int(0, 99));
    const shops = rng.sample(SHOPS, 3).map((name, i) => ({ name, price: `$${(cents[i] / 100).toFixed(2)}` }));
    const cheapest = shops[cents.indexOf(Math.min(...cents))].name;
    return { text: `Which of the three shops sells the ${product} cheapest? Type that shop's name in the answer and submit.`, product, shops, cheapest };
  },
  routes: {
    'GET /': (ctx) => {
      const { L } = ctx;
      sitePage(ctx, {
        title: 'Price check',
        brand: 'Price check',
        body: html`<h1>Price check</h1><p>Which shop sells the ${ctx.data.product} cheapest?</p>
${postForm(ctx, html`${L.input('answer', ['Cheapest shop'], { autocomplete: 'off' })}${submitButton(L, ['Submit answer'])}`)}`,
      });
    },
    'GET /shop': (ctx) => {
      const n = Number(ctx.query.get('n'));
      const shop = ctx.data.shops[n - 1];
      if (!shop) return ctx.html('no such shop', 404);
      ctx.record('shop', { n });
      sitePage(ctx, {
        title: shop.name,
        brand: shop.name,
        body: html`<h1>${ctx.data.product}</h1><p class="price">Price: <strong>${shop.price}</strong></p><p>In stock, ships in 2 days.</p><button type="button">Add to cart</button>`,
      });
    },
    'POST /submit': (ctx) => {
      ctx.record('submit', { answer: ctx.field('answer') });
      sitePage(ctx, { title: 'Saved', brand: 'Price check', body: html`<div class="notice ok" role="status">Answer received.</div>` });
    },
  },
  score(s) {
    const seen = new Set(eventsOf(s, 'shop').map((e) => e.n));
    const last = eventsOf(s, 'submit').at(-1);
    const right = !!last && norm(last.answer) === norm(s.data.cheapest);
    return {
      success: right && seen.size === 3,
      progress: (seen.size / 3) * 0.5 + (right ? 0.5 : 0),
      reason: right ? `answered ${s.data.cheapest} after seeing ${seen.size} shops` : last ? `answered "${last.answer}", the cheapest is ${s.data.cheapest}` : `saw ${seen.size} shops, no answer`,
    };
  },
};
