// Find a button by its text among others built in different ways (button, input, div, link).
import { html, attrs } from '../../lib/html.mjs';
import { sitePage, firstEvent } from '../common.mjs';

const WORDS = ['Save', 'Archive', 'Export', 'Print', 'Share', 'Refresh', 'Duplicate', 'Rename', 'Move', 'Download', 'Publish', 'Approve', 'Reject', 'Snooze', 'Pin'];

function control(kind, L, label, i) {
  const a = attrs({ id: L.id(`action-${i}`), class: `${L.cls('action')} button`, 'data-label': label });
  if (kind === 0) return html`<button type="button"${a}>${label}</button>`;
  if (kind === 1) return html`<input type="button"${a}${attrs({ value: label })}>`;
  if (kind === 2) return html`<div role="button" tabindex="0"${a}>${label}</div>`;
  return html`<a href="#" role="button"${a}>${label}</a>`;
}

export default {
  name: 'click-button',
  description: 'Click the button with a given text among many (button, input, div and link buttons).',
  variesLayout: true,
  generate(rng) {
    const labels = rng.sample(WORDS, 9);
    const kinds = labels.map(() => rng.int(0, 3));
    const wanted = rng.pick(labels);
    return { text: `Click the "${wanted}" button for the quarterly report.`, labels, kinds, wanted };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      const items = data.labels.map((label, i) => ({ label, kind: L.canonical ? data.kinds[i] : (data.kinds[i] + L.variant) % 4, i }));
      const script = `document.querySelectorAll('[data-label]').forEach(function (el) {
  el.addEventListener('click', function (e) {
    e.preventDefault();
    window.Arena.report('click', { label: el.getAttribute('data-label') });
    document.getElementById('status').textContent = el.getAttribute('data-label') + ' done.';
  });
});`;
      sitePage(ctx, {
        title: 'Documents', brand: 'DocuDesk',
        body: html`<h1>Quarterly report.pdf</h1><p class="muted">Last edited 3 days ago by Priya.</p>
<div class="card">${L.wrap(html`<div class="actions" role="toolbar" aria-label="Document actions">${L.order(items).map((it) => control(it.kind, L, it.label, it.i))}</div>`)}</div>
<p id="status" role="status"></p>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const first = firstEvent(s, 'click');
    const success = first?.label === s.data.wanted;
    return { success, progress: success ? 1 : 0, reason: !first ? 'no button was clicked' : success ? `clicked ${first.label}` : `clicked ${first.label} first, expected ${s.data.wanted}` };
  },
};
