// The button to press only exists after a delay; a decoy is there from the start.
import { html } from '../../lib/html.mjs';
import { sitePage, firstEvent } from '../common.mjs';

const REPORTS = ['Sales by region', 'Monthly active users', 'Inventory levels', 'Support tickets', 'Refunds by month'];

export default {
  name: 'delayed-element',
  description: 'Wait for a button that only appears after a delay, then click it (not the decoy).',
  variesLayout: true,
  generate(rng) {
    const report = rng.pick(REPORTS);
    return { text: `Download the "${report}" report once it is ready.`, report, delay: rng.int(600, 1500) };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      const script = `(function () {
  var area = document.getElementById(${JSON.stringify(L.id('report-area'))});
  document.getElementById(${JSON.stringify(L.id('cancel'))}).addEventListener('click', function () {
    window.Arena.report('click', { button: 'cancel' });
    area.textContent = 'Report generation cancelled.';
  });
  setTimeout(function () {
    area.innerHTML = '';
    var p = document.createElement('p');
    p.textContent = 'Your report is ready.';
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'primary';
    b.id = ${JSON.stringify(L.id('download'))};
    b.textContent = 'Download report';
    b.addEventListener('click', function () {
      window.Arena.report('click', { button: 'download' });
      p.textContent = 'Download started.';
    });
    area.appendChild(p);
    area.appendChild(b);
  }, ${data.delay});
})();`;
      sitePage(ctx, {
        title: 'Reports', brand: 'Metricly',
        body: html`<h1>${data.report}</h1>
<div class="card">${L.wrap(html`<div id="${L.id('report-area')}" aria-live="polite"><p class="spinner-dots">Preparing your report&hellip;</p></div>`)}
<div class="actions"><button type="button" id="${L.id('cancel')}">Cancel</button></div></div>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const first = firstEvent(s, 'click');
    const success = first?.button === 'download';
    return { success, progress: success ? 1 : 0, reason: !first ? 'nothing was clicked' : success ? 'downloaded the report' : 'cancelled the report' };
  },
};
