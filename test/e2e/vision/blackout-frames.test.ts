import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useArenaSession } from '../../support/fixtures';
import { shareNear } from '../../support/images';
import { servePages } from '../../support/static-server';
import { pictureOfOneLook, turnScreenshotsOn, viewportOf } from './support';

const { s } = useArenaSession({ panelWindow: true });

// A checkout beside a drawn chart (the chart makes the page model thin, so a screenshot goes):
// the card number sits in another origin's frame, as a payment provider's does, the password in a
// closed shadow root, a PIN in a same-origin frame nested in another, and a password in a sandboxed
// frame (same server, but an opaque origin without allow-same-origin). All are filled in.
const CHECKOUT = (cardOrigin: string) => `<!doctype html><html><head><title>Checkout</title><style>
body { font: 16px sans-serif; margin: 20px; background: #fff; display: flex; gap: 24px; }
input { display: block; margin: 6px 0 14px; font-size: 18px; padding: 6px; width: 320px; background: #fff; color: #000; border: 1px solid #999; }
iframe { display: block; border: 1px solid #999; width: 360px; height: 70px; margin-bottom: 14px; }
</style></head><body>
<canvas id="chart" width="600" height="320"></canvas>
<div>
<label>Name <input id="name" value="WWWWWWWWWWWWWWWW"></label>
<iframe id="pay" title="Card" src="${cardOrigin}/card"></iframe>
<login-box id="login"></login-box>
<iframe id="outer" src="/outer"></iframe>
<iframe id="sandboxed" sandbox="allow-scripts" srcdoc="<input type=password value=opensesame>"></iframe>
</div>
<script>
const g = document.getElementById('chart').getContext('2d');
g.fillStyle = '#ffe8c0'; g.fillRect(0, 0, 600, 320);
g.fillStyle = '#f08c00'; [60, 120, 90, 200].forEach((h, i) => g.fillRect(40 + i * 110, 310 - h, 70, h));
customElements.define('login-box', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'closed' });
    root.innerHTML = '<style>input { font-size: 18px; padding: 6px; width: 320px; background: #fff; color: #000; border: 1px solid #999; }</style><label>Password <input type="password"></label>';
    const pw = root.querySelector('input');
    pw.value = 'hunter2hunter2';
    // only the page that closed the root can reach into it: the test asks it where the field is
    window.passwordBox = () => { const r = pw.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  }
});
</script></body></html>`;

const FIELD = (attrs: string) => `<!doctype html><html><body style="margin:0;background:#fff">
<input ${attrs} style="font-size:18px;padding:6px;width:320px;background:#fff;color:#000;border:1px solid #999">
</body></html>`;

let site: Awaited<ReturnType<typeof servePages>>;
beforeAll(async () => {
  site = await servePages({
    '/checkout': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(CHECKOUT(site.url.replace('127.0.0.1', 'localhost'))),
    '/card': FIELD('id="cc" autocomplete="cc-number"'),
    '/outer': '<!doctype html><html><body style="margin:0"><iframe id="inner" src="/pin" style="border:0;width:350px;height:60px"></iframe></body></html>',
    '/pin': FIELD('id="pin" name="pin"'),
  });
  await turnScreenshotsOn(s);
});
afterAll(async () => site?.close());

type Box = { x: number; y: number; width: number; height: number };

describe('a screenshot with secret fields the top page cannot see into', () => {
  it('blacks out cross-origin and sandboxed frames whole, a password in a closed shadow root and a PIN in a nested same-origin frame', async () => {
    const picture = pictureOfOneLook(s);
    await s.page.goto(`${site.url}/checkout`);
    await s.page.frameLocator('#pay').locator('#cc').fill('4242424242424242');
    await s.page.frameLocator('#outer').frameLocator('#inner').locator('#pin').fill('8642');
    await s.page.bringToFront();
    await s.ask('Look at the chart on this page.');
    const end = await s.waitForEnd(60_000);
    expect(end.kind, end.text).toBe('done');
    const pixels = picture();
    expect(pixels, 'the model received a picture').toBeDefined();

    const scale = pixels!.width / (await viewportOf(s.page)).w;
    // a box in picture pixels, a little inside its edges (JPEG blurs them)
    const inner = (b: Box) => ({ x: b.x * scale + 2, y: b.y * scale + 2, w: b.width * scale - 4, h: b.height * scale - 4 });
    const black = (b: Box) => shareNear(pixels!, inner(b), [0, 0, 0], 30);
    const frame = (await s.page.locator('#pay').boundingBox())!;
    expect.soft(black(frame), 'the card frame, whole').toBeGreaterThan(0.99);
    expect.soft(black((await s.page.locator('#sandboxed').boundingBox())!), 'the sandboxed frame, whole').toBeGreaterThan(0.99);
    const password = await s.page.evaluate(() => (window as unknown as { passwordBox(): Box }).passwordBox());
    expect.soft(black(password), 'the password in the closed shadow root').toBeGreaterThan(0.99);
    expect.soft(black((await s.page.frameLocator('#outer').frameLocator('#inner').locator('#pin').boundingBox())!), 'the PIN in the nested frame').toBeGreaterThan(0.99);
    // what is not secret is shown as it is: the ordinary field and the chart beside them
    expect.soft(black((await s.page.locator('#name').boundingBox())!)).toBeLessThan(0.5);
    expect.soft(black((await s.page.locator('#chart').boundingBox())!)).toBeLessThan(0.05);
    await expect.poll(() => s.panel.getByTestId('screenshot-sent').last().textContent()).toMatch(/; 4 secret fields blacked out/);
  });
});
