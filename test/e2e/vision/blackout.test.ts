import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useArenaSession } from '../../support/fixtures';
import { shareNear } from '../../support/images';
import { servePages } from '../../support/static-server';
import { pictureOfOneLook, turnScreenshotsOn, viewportOf } from './support';

const { s } = useArenaSession({ panelWindow: true });

// A sign-in page whose form sits beside a drawn chart: the chart makes the page model thin, so a
// screenshot goes to the model, with the password, card and code fields visible and filled in.
const PAGE = `<!doctype html><html><head><title>Account</title><style>
body { font: 16px sans-serif; margin: 20px; background: #fff; }
input { display: block; margin: 6px 0 14px; font-size: 18px; padding: 6px; width: 320px; background: #fff; color: #000; border: 1px solid #999; }
</style></head><body>
<h1>Account</h1>
<canvas id="chart" width="600" height="320"></canvas>
<label>Name <input id="name" value="WWWWWWWWWWWWWWWW"></label>
<label>Password <input id="pw" type="password"></label>
<label>Card number <input id="card" autocomplete="cc-number"></label>
<label>Security code <input id="cvc" name="cvc"></label>
<script>
const g = document.getElementById('chart').getContext('2d');
g.fillStyle = '#ffe8c0'; g.fillRect(0, 0, 600, 320);
g.fillStyle = '#f08c00'; [60, 120, 90, 200].forEach((h, i) => g.fillRect(40 + i * 110, 310 - h, 70, h));
</script></body></html>`;

let site: Awaited<ReturnType<typeof servePages>>;
beforeAll(async () => {
  site = await servePages({ '/account': PAGE });
  await turnScreenshotsOn(s);
});
afterAll(async () => site?.close());

describe('a screenshot with secret fields on screen', () => {
  it('blacks out the password, card number and security code before the picture leaves the browser, and nothing else', async () => {
    const picture = pictureOfOneLook(s);
    await s.page.goto(`${site.url}/account`);
    await s.page.locator('#pw').fill('hunter2hunter2');
    await s.page.locator('#card').fill('4242424242424242');
    await s.page.locator('#cvc').fill('123');
    const before = await s.page.evaluate(() => document.getElementsByTagName('*').length);
    await s.page.bringToFront();
    await s.ask('Look at the chart on this page.');
    const end = await s.waitForEnd(60_000);
    expect(end.kind, end.text).toBe('done');
    const pixels = picture();
    expect(pixels, 'the model received a picture').toBeDefined();

    const vp = await viewportOf(s.page);
    const scale = pixels!.width / vp.w;
    const inner = async (sel: string) => {
      const b = (await s.page.locator(sel).boundingBox())!;
      // the box in picture pixels, a little inside its edges (JPEG blurs them)
      return { x: b.x * scale + 2, y: b.y * scale + 2, w: b.width * scale - 4, h: b.height * scale - 4 };
    };
    for (const sel of ['#pw', '#card', '#cvc']) {
      // every pixel of the field is black: no dots, no digits, no caret
      expect(shareNear(pixels!, await inner(sel), [0, 0, 0], 30), `${sel} blacked out`).toBeGreaterThan(0.99);
    }
    // an ordinary field is shown as it is: white with its black text, not a black box
    expect(shareNear(pixels!, await inner('#name'), [0, 0, 0], 30)).toBeLessThan(0.5);
    // the page itself was not touched: no label or box was added to its DOM
    expect(await s.page.evaluate(() => document.getElementsByTagName('*').length)).toBe(before);
    expect(await s.page.locator('#pw').inputValue()).toBe('hunter2hunter2');
    // the person sees that a picture went, why, and what was hidden in it
    await expect.poll(() => s.panel.getByTestId('screenshot-sent').last().textContent()).toMatch(/Sent a screenshot of the page to the model \(a canvas covers \d+% of the visible area\); 3 secret fields blacked out/);
  });
});
