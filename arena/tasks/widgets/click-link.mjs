// Follow the link with a given text on a page full of links.
import { html } from '../../lib/html.mjs';
import { sitePage, firstEvent, slug } from '../common.mjs';

const LINKS = ['Shipping rates', 'Return policy', 'Gift cards', 'Store locator', 'Size guide', 'Careers', 'Press room', 'Privacy policy', 'Terms of service', 'Accessibility', 'Track your order', 'Student discount', 'Product recalls', 'Affiliate program', 'Cookie settings', 'Contact us'];

export default {
  name: 'click-link',
  description: 'Follow the link with a given text on a page full of links.',
  variesLayout: true,
  generate(rng) {
    const links = rng.sample(LINKS, 12);
    const wanted = rng.pick(links);
    return { text: `Open the "${wanted}" page.`, links, wanted };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      const links = L.order(data.links);
      const a = (t) => html`<a class="${L.cls('link')}" href="${ctx.href('/page', { to: slug(t) })}">${t}</a>`;
      sitePage(ctx, {
        title: 'Customer service',
        body: html`<h1>Customer service</h1>
<div class="card"><p>Most questions are answered in our help pages: see ${a(links[0])} or ${a(links[1])}. For anything else, visit ${a(links[2])}.</p></div>
${L.wrap(html`<div class="card"><h2>Popular topics</h2><ul>${links.slice(3, 8).map((t) => html`<li>${a(t)}</li>`)}</ul></div>`)}
<div class="card"><h2>More</h2><p>${links.slice(8).map((t) => html`${a(t)} &middot; `)}</p></div>`,
      });
    },
    'GET /page': (ctx) => {
      const to = ctx.query.get('to');
      const title = ctx.data.links.find((t) => slug(t) === to) ?? 'Not found';
      ctx.record('visit', { to });
      sitePage(ctx, { title, body: html`<h1>${title}</h1><p>This page explains our ${title.toLowerCase()}.</p><p><a href="${ctx.href('/')}">Back to customer service</a></p>` });
    },
  },
  score(s) {
    const first = firstEvent(s, 'visit');
    const success = first?.to === slug(s.data.wanted);
    return { success, progress: success ? 1 : 0, reason: !first ? 'no link was followed' : success ? `opened ${s.data.wanted}` : `opened ${first.to} first, expected ${slug(s.data.wanted)}` };
  },
};
