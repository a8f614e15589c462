// A long product list inside a scroll box that loads more items as it is scrolled.
import { html, jsonRaw } from '../../lib/html.mjs';
import { sitePage, firstEvent } from '../common.mjs';

const ADJ = ['Cedar', 'Linen', 'Amber', 'Sage', 'Coral', 'Slate', 'Ivory', 'Indigo', 'Honey', 'Moss'];
const NOUN = ['Candle', 'Mug', 'Notebook', 'Blanket', 'Vase', 'Tote', 'Lamp', 'Planter', 'Scarf', 'Coaster set'];
const PAGE = 20;

export default {
  name: 'scroll-list',
  description: 'Find an item far down a lazily loaded scrolling list and act on it.',
  variesLayout: true,
  generate(rng) {
    const seen = new Set();
    const items = [];
    while (items.length < 150) {
      const name = `${rng.pick(ADJ)} ${rng.pick(NOUN)} No. ${rng.int(100, 999)}`;
      if (!seen.has(name)) {
        seen.add(name);
        items.push({ name, price: rng.int(8, 90) });
      }
    }
    const wanted = items[rng.int(60, 149)].name;
    return { text: `Add "${wanted}" to your wishlist.`, items, wanted };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      // Items arrive in pages as the box is scrolled, like an infinite feed.
      const script = `(function () {
  var items = JSON.parse(document.getElementById('items-data').textContent);
  var box = document.getElementById(${JSON.stringify(L.id('list'))});
  var shown = 0;
  function more() {
    items.slice(shown, shown + ${PAGE}).forEach(function (it) {
      var row = document.createElement('div');
      row.className = 'item';
      var name = document.createElement('span');
      name.textContent = it.name + ' - $' + it.price;
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'Add to wishlist';
      b.setAttribute('aria-label', 'Add ' + it.name + ' to wishlist');
      b.addEventListener('click', function () {
        window.Arena.report('wishlist', { item: it.name });
        b.textContent = 'In wishlist';
        b.disabled = true;
      });
      row.appendChild(name);
      row.appendChild(b);
      box.appendChild(row);
    });
    shown += ${PAGE};
  }
  box.addEventListener('scroll', function () {
    if (shown < items.length && box.scrollTop + box.clientHeight >= box.scrollHeight - 40) more();
  });
  more();
})();`;
      sitePage(ctx, {
        title: 'Home goods', brand: 'Hearth & Home',
        body: html`<h1>Home goods</h1><p class="muted">${data.items.length} products</p>
${L.wrap(html`<div class="scroll-box ${L.cls('list')}" id="${L.id('list')}" role="list" aria-label="Products" tabindex="0"></div>`)}
<script type="application/json" id="items-data">${jsonRaw(data.items)}</script>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const first = firstEvent(s, 'wishlist');
    const success = first?.item === s.data.wanted;
    return { success, progress: success ? 1 : 0, reason: !first ? 'nothing was added' : success ? 'added the right item' : `added ${first.item}` };
  },
};
