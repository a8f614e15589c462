// A control that ignores synthetic clicks (event.isTrusted false), like many anti-bot widgets.
import { html } from '../../lib/html.mjs';
import { sitePage } from '../common.mjs';
import { eventsOf } from '../../store.mjs';

export default {
  name: 'trusted-click',
  description: 'Press a control that only reacts to real (trusted) input events, not to element.click().',
  variesLayout: true,
  generate(rng) {
    const label = rng.pick(['I agree to the terms', 'Confirm order', 'Accept and continue', 'Verify I am human']);
    return { text: `Press the "${label}" button.`, label };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      const script = `(function () {
  var b = document.getElementById(${JSON.stringify(L.id('confirm'))});
  var status = document.getElementById(${JSON.stringify(L.id('status'))});
  b.addEventListener('click', function (e) {
    window.Arena.report('click', { trusted: e.isTrusted });
    if (!e.isTrusted) return;
    status.textContent = 'Thank you, confirmed.';
    b.disabled = true;
  });
})();`;
      sitePage(ctx, {
        title: 'Confirm', brand: 'SecurePay',
        body: html`<h1>One more step</h1><div class="card"><p>Please confirm to continue.</p>
${L.wrap(html`<button type="button" class="primary" id="${L.id('confirm')}">${data.label}</button>`)}
<p role="status" id="${L.id('status')}"></p></div>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const clicks = eventsOf(s, 'click');
    const success = clicks.some((c) => c.trusted === true);
    return { success, progress: success ? 1 : 0, reason: success ? 'a trusted click was received' : clicks.length ? 'only synthetic (untrusted) clicks were received' : 'the button was not pressed' };
  },
};
