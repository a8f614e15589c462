// Shared pieces for the single-purpose task pages: the site shell, a posted form that the
// server records, and the scorer that compares what was submitted with what the task asked.
import { page, html, attrs } from '../lib/html.mjs';
import { eventsOf } from '../store.mjs';

export function sitePage(ctx, { title, brand = 'Northwind Store', body, scripts = [] }) {
  return ctx.html(page({
    title: `${title} | ${brand}`,
    brand,
    nav: [[ctx.href('/'), 'Home'], [ctx.href('/'), 'Account'], [ctx.href('/'), 'Help']],
    scenario: ctx.scenario,
    body,
    scripts,
  }));
}

/** A form that posts to the task's /submit route with the scenario id. */
export function postForm(ctx, content, { path = '/submit', id = 'main-form', label } = {}) {
  return html`<form method="post" class="card ${ctx.L.cls('form')}"${attrs({ action: `${ctx.prefix}${path}`, id: ctx.L.id(id), 'aria-label': label })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
${content}
</form>`;
}

export const submitButton = (L, labels, key = 'submit') =>
  html`<div class="actions"><button type="submit"${attrs({ id: L.id(key) })}>${L.label(labels)}</button></div>`;

const norm = (v) => String(v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
const sameValue = (got, want) =>
  Array.isArray(want)
    ? Array.isArray(got) && got.length === want.length && want.every((w) => got.map(norm).includes(norm(w)))
    : norm(got) === norm(want);

/**
 * A task whose whole answer is one posted form. `expected(data)` names each field and the value
 * the task asks for (an array for multi-valued fields such as checkboxes); the server records the
 * post and the score compares the last one, field by field.
 */
export function formTask({ name, description, variesLayout = true, generate, render, expected, brand, title, thanks = 'Thank you, your changes were saved.', frame }) {
  const routes = {
    'GET /': (ctx) => sitePage(ctx, { title, brand, body: render(ctx) }),
    'POST /submit': (ctx) => {
      const want = expected(ctx.data);
      const fields = Object.fromEntries(Object.entries(want).map(([k, w]) => [k, Array.isArray(w) ? ctx.fields(k) : ctx.field(k)]));
      ctx.record('submit', { fields });
      const body = html`<div class="notice ok" role="status">${thanks}</div><p><a href="${ctx.href('/')}">Back</a></p>`;
      if (frame) return ctx.html(frame(ctx, body));
      sitePage(ctx, { title: 'Saved', brand, body });
    },
  };
  if (frame) routes['GET /frame'] = (ctx) => ctx.html(frame(ctx, render(ctx, { inFrame: true })));
  return {
    name,
    description,
    variesLayout,
    generate,
    routes,
    score(scenario) {
      const want = expected(scenario.data);
      const last = eventsOf(scenario, 'submit').at(-1);
      if (!last) return { success: 0, progress: 0, reason: 'the form was never submitted' };
      const wrong = Object.keys(want).filter((k) => !sameValue(last.fields[k], want[k]));
      const keys = Object.keys(want);
      return {
        success: wrong.length === 0,
        progress: (keys.length - wrong.length) / keys.length,
        reason: wrong.length ? `wrong ${wrong.map((k) => `${k} (got ${JSON.stringify(last.fields[k])}, expected ${JSON.stringify(want[k])})`).join(', ')}` : 'submitted the expected values',
      };
    },
  };
}

/** For pages that report clicks with fetch: the first relevant report decides. */
export function firstEvent(scenario, type) {
  return eventsOf(scenario, type)[0];
}

export const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
