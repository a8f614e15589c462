// FAQ sections collapsed by default; the action is inside the one the task names.
import { html, attrs } from '../../lib/html.mjs';
import { sitePage, firstEvent, slug } from '../common.mjs';

const SECTIONS = ['Orders and payment', 'Returns and refunds', 'Delivery', 'Warranty and repairs', 'Your account', 'Gift cards', 'Price match', 'Recycling old devices'];

export default {
  name: 'collapsible',
  description: 'Open the right collapsed FAQ section and press the button hidden inside it.',
  variesLayout: true,
  generate(rng) {
    const sections = rng.sample(SECTIONS, 6);
    const wanted = rng.pick(sections);
    return { text: `In the help page section "${wanted}", press the "Contact support" button.`, sections, wanted };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      const script = `document.querySelectorAll('.panel button[data-section]').forEach(function (b) {
  b.addEventListener('click', function () {
    window.Arena.report('click', { section: b.getAttribute('data-section') });
    document.getElementById('status').textContent = 'A support agent will contact you shortly.';
  });
});`;
      sitePage(ctx, {
        title: 'Help centre',
        body: html`<h1>Help centre</h1>
<div class="card accordion ${L.cls('accordion')}" data-accordion>
${L.order(data.sections).map((s) => {
          const id = L.id(`sec-${slug(s)}`);
          return html`<h3><button type="button" aria-expanded="false"${attrs({ 'aria-controls': id, id: `${id}-h` })}>${s}</button></h3>
<div class="panel" role="region" hidden${attrs({ id, 'aria-labelledby': `${id}-h` })}>${L.wrap(html`<p>Answers about ${s.toLowerCase()}. Most questions are solved in a few minutes.</p>
<button type="button"${attrs({ 'data-section': slug(s) })}>Contact support</button>`)}</div>`;
        })}
</div><p id="status" role="status"></p>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const first = firstEvent(s, 'click');
    const success = first?.section === slug(s.data.wanted);
    return { success, progress: success ? 1 : 0, reason: !first ? 'no section button was pressed' : success ? 'pressed the right button' : `pressed the button in ${first.section}` };
  },
};
