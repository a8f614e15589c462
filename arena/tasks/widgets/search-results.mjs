// A search engine with paginated results: "search for X and click the Nth result".
import { html, attrs } from '../../lib/html.mjs';
import { createRng } from '../../lib/random.mjs';
import { eventsOf } from '../../store.mjs';
import { sitePage } from '../common.mjs';

const QUERIES = ['tide tables', 'sourdough starter', 'bike chain lube', 'solar eclipse glasses', 'houseplant care', 'marathon training plan', 'budget travel tips', 'learn python', 'vegan lasagna', 'jazz piano chords', 'winter tyres', 'birdwatching binoculars'];
const SITES = ['example.com', 'wiki.example.org', 'news.example.net', 'blog.example.io', 'shop.example.com', 'forum.example.org', 'guide.example.net', 'answers.example.com'];
const KINDS = ['guide', 'review', 'forum thread', 'video', 'beginner tips', 'FAQ', 'comparison', 'news', 'checklist', 'history', 'deals', 'how-to'];
const PER_PAGE = 5;
const TOTAL = 30;
const ORD = ['1st', '2nd', '3rd'];
const ordinal = (n) => ORD[n - 1] ?? `${n}th`;
const norm = (q) => String(q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** The same query always gets the same ranked results within a scenario. */
function results(seed, q) {
  const rng = createRng(`search:${seed}:${norm(q)}`);
  return Array.from({ length: TOTAL }, (_, i) => {
    const site = rng.pick(SITES);
    return { rank: i + 1, title: `${q[0].toUpperCase() + q.slice(1)} ${rng.pick(KINDS)} - ${site.split('.')[0]} #${rng.int(10, 99)}`, url: `https://${site}/${q.replace(/\s+/g, '-')}/${rng.chars(5)}`, snippet: `Everything about ${q}: ${rng.pick(KINDS)} and ${rng.pick(KINDS)} from ${site}.` };
  });
}

function searchBox(ctx, q = '') {
  const { L } = ctx;
  return html`<form method="get" role="search" class="inline-form"${attrs({ action: `${ctx.prefix}/search` })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
<label class="sr-only"${attrs({ for: L.id('q') })}>Search</label>
<input type="search"${attrs({ id: L.id('q'), name: 'q', value: q, placeholder: 'Search the web', autocomplete: 'off' })}>
<button type="submit">${L.label(['Search', 'Go', 'Find'])}</button></form>`;
}

export default {
  name: 'search-results',
  description: 'Search, then click the Nth result across paginated results.',
  variesLayout: true,
  generate(rng) {
    const query = rng.pick(QUERIES);
    const rank = rng.int(2, 14);
    return { text: `Search for "${query}" and click the ${ordinal(rank)} result.`, query, rank };
  },
  routes: {
    'GET /': (ctx) => sitePage(ctx, { title: 'Findr', brand: 'Findr', body: html`<h1>Findr</h1><div class="card">${searchBox(ctx)}</div>` }),
    'GET /search': (ctx) => {
      const q = (ctx.query.get('q') ?? '').trim();
      const pageNo = Math.max(1, Math.min(TOTAL / PER_PAGE, Number(ctx.query.get('page')) || 1));
      ctx.record('search', { q: norm(q), page: pageNo });
      const list = q ? results(ctx.scenario.seed, q).slice((pageNo - 1) * PER_PAGE, pageNo * PER_PAGE) : [];
      const { L } = ctx;
      sitePage(ctx, {
        title: `${q} - Findr`, brand: 'Findr',
        body: html`${searchBox(ctx, q)}
<p class="muted">About ${TOTAL} results &middot; page ${pageNo}</p>
${list.map((r) => L.wrap(html`<div class="result ${L.cls('result')}"><a href="${ctx.href('/visit', { q, rank: r.rank })}">${r.title}</a><div class="result-url">${r.url}</div><div>${r.snippet}</div></div>`))}
${q ? html`<nav class="pager" aria-label="Result pages">${pageNo > 1 ? html`<a href="${ctx.href('/search', { q, page: pageNo - 1 })}">Previous</a>` : ''}
${Array.from({ length: TOTAL / PER_PAGE }, (_, i) => (i + 1 === pageNo ? html`<span class="current" aria-current="page">${i + 1}</span>` : html`<a href="${ctx.href('/search', { q, page: i + 1 })}">${i + 1}</a>`))}
${pageNo < TOTAL / PER_PAGE ? html`<a href="${ctx.href('/search', { q, page: pageNo + 1 })}">Next</a>` : ''}</nav>` : ''}`,
      });
    },
    'GET /visit': (ctx) => {
      const q = ctx.query.get('q') ?? '';
      const rank = Number(ctx.query.get('rank'));
      ctx.record('visit', { q: norm(q), rank });
      const r = results(ctx.scenario.seed, q)[rank - 1];
      sitePage(ctx, { title: r?.title ?? 'Page', brand: r?.url.split('/')[2] ?? 'Page', body: html`<h1>${r?.title}</h1><p>${r?.snippet}</p>` });
    },
  },
  score(s) {
    const d = s.data;
    const searched = eventsOf(s, 'search').some((e) => e.q === d.query);
    const visit = eventsOf(s, 'visit')[0];
    const success = !!visit && visit.q === d.query && visit.rank === d.rank;
    return {
      success,
      progress: success ? 1 : searched ? 0.5 : 0,
      reason: success ? `opened result ${d.rank}` : visit ? `opened result ${visit.rank} for "${visit.q}", expected ${d.rank} for "${d.query}"` : searched ? 'searched but opened no result' : 'never searched for the query',
    };
  },
};
