// Buttons drawn on a canvas: no element, no text in the DOM. Only a model that sees the page can
// find the right one, and only a click at a point can press it.
import { html, attrs } from '../../lib/html.mjs';
import { sitePage, firstEvent } from '../common.mjs';

const COLOURS = { green: '#1e9e3e', red: '#d42a20', blue: '#1f5fd6', orange: '#f08c00' };
const WORDS = ['Start', 'Stop', 'Pause', 'Reset', 'Launch', 'Skip'];
const SLOTS = [[40, 40], [340, 40], [40, 200], [340, 200]];

export default {
  name: 'canvas-click',
  description: 'Press one button of four drawn on a canvas (no DOM elements): needs a screenshot and a click at a point.',
  variesLayout: true,
  generate(rng) {
    const colours = rng.sample(Object.keys(COLOURS), 4);
    const words = rng.sample(WORDS, 4);
    const buttons = colours.map((colour, i) => ({ colour, label: words[i], slot: i }));
    const wanted = rng.pick(buttons);
    return { text: `On the game board, press the ${wanted.colour} "${wanted.label}" button.`, buttons, wanted: wanted.label };
  },
  routes: {
    'GET /': (ctx) => {
      const { L, data } = ctx;
      // the layout variant moves the buttons around the board
      const buttons = data.buttons.map((b) => ({ ...b, xy: SLOTS[(b.slot + L.variant) % SLOTS.length], fill: COLOURS[b.colour] }));
      const script = `(function () {
  var buttons = ${JSON.stringify(buttons)};
  var c = document.getElementById(${JSON.stringify(L.id('board'))});
  var g = c.getContext('2d');
  g.fillStyle = '#f4f1ea'; g.fillRect(0, 0, c.width, c.height);
  buttons.forEach(function (b) {
    g.fillStyle = b.fill; g.fillRect(b.xy[0], b.xy[1], 260, 120);
    g.fillStyle = '#ffffff'; g.font = 'bold 28px sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillText(b.label, b.xy[0] + 130, b.xy[1] + 60);
  });
  c.addEventListener('click', function (e) {
    var r = c.getBoundingClientRect();
    var x = (e.clientX - r.left) * c.width / r.width, y = (e.clientY - r.top) * c.height / r.height;
    var hit = buttons.filter(function (b) { return x >= b.xy[0] && x < b.xy[0] + 260 && y >= b.xy[1] && y < b.xy[1] + 120; })[0];
    window.Arena.report('press', { label: hit ? hit.label : null, trusted: e.isTrusted, x: Math.round(x), y: Math.round(y) });
    document.getElementById(${JSON.stringify(L.id('status'))}).textContent = hit ? hit.label + ' pressed.' : '';
  });
})();`;
      sitePage(ctx, {
        title: 'Game board', brand: 'Arcadia',
        body: html`<h1>Control board</h1>
${L.wrap(html`<canvas${attrs({ id: L.id('board'), width: 640, height: 360, class: L.cls('board') })} style="display:block;border:1px solid #ccc"></canvas>`)}
<p role="status"${attrs({ id: L.id('status') })}></p>`,
        scripts: [script],
      });
    },
  },
  score(s) {
    const first = firstEvent(s, 'press');
    const success = first?.label === s.data.wanted && first.trusted === true;
    const reason = !first ? 'nothing on the board was pressed' : !first.label ? `the first click (${first.x}, ${first.y}) missed every button` : success ? `pressed ${first.label}` : `pressed ${first.label}${first.trusted ? '' : ' with a synthetic click'}, expected ${s.data.wanted}`;
    return { success, progress: success ? 1 : 0, reason };
  },
};
