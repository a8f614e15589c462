import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';
import { boundsOf, decodeJpeg, type Pixels } from '../../support/images';
import { labelGlyphs, readLabels, type LabelGlyphs, type ReadLabel } from '../../support/labels';
import type { RecordedRequest } from '../../support/llm-server';
import { servePages } from '../../support/static-server';
import { labelsExpected, onlyImage, plannerOnce, turnScreenshotsOn, viewportOf } from './support';
import { newChat } from '../../support/scripted-panel';

// The panel in a window of its own: the arena page stays the tab showing in its window, which is
// the only tab a screenshot is ever taken of.
const { arena, s } = useArenaSession({ panelWindow: true });

const RGB: Record<string, [number, number, number]> = { green: [0x1e, 0x9e, 0x3e], red: [0xd4, 0x2a, 0x20], blue: [0x1f, 0x5f, 0xd6], orange: [0xf0, 0x8c, 0x00] };

let glyphs: LabelGlyphs;
beforeAll(async () => {
  await turnScreenshotsOn(s);
  glyphs = await labelGlyphs(await s.ext.serviceWorker());
});

interface Look {
  request: RecordedRequest;
  pixels: Pixels;
  labels: ReadLabel[];
}

/** Each label read from the picture is the id of the page model's element whose corner it sits on, and every element on screen has one. */
async function expectLabelsRight(look: Look, scale: number): Promise<void> {
  const expected = await labelsExpected(s.page, pageOf(look.request), look.pixels, scale);
  const read = [...look.labels].sort((a, b) => a.id - b.id);
  expect(read.map((l) => l.id), 'the ids read from the picture').toEqual(expected.map((e) => e.id));
  for (const l of read) {
    const e = expected.find((x) => x.id === l.id)!;
    const at = { x: Math.min(e.x, look.pixels.width - l.w), y: e.y };
    expect(Math.abs(l.x - at.x) <= 2 && Math.abs(l.y - at.y) <= 2, `label ${l.id} at ${l.x},${l.y}, its element's corner at ${at.x.toFixed(1)},${at.y.toFixed(1)}`).toBe(true);
  }
}

describe('a page without a usable DOM, through a screenshot and click_at', () => {
  it('presses the right button drawn on a canvas: the model reads the picture (buttons and id labels), the click lands through trusted input, the arena scores it', async () => {
    const sc = await createScenario(arena.url, 'canvas-click', 3);
    const [, colour, label] = /press the (\w+) "(\w+)"/.exec(sc.text)!;
    const looks: Look[] = [];
    let answered: { x: number; y: number } | undefined;
    s.llm.script(plannerOnce('CLICK', `the ${colour} "${label}" button on the board`), {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) => {
        // the scripted model "sees": it decodes the picture it was sent, reads the id labels drawn on it and finds the button by its colour
        const pixels = decodeJpeg(onlyImage(r).bytes);
        const labels = readLabels(pixels, glyphs);
        looks.push({ request: r, pixels, labels });
        if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Pressed.', actions: [{ kind: 'done', summary: `pressed ${label}` }] } }] };
        const button = boundsOf(pixels, RGB[colour!]!);
        if (!button) throw new Error(`no ${colour} button in the screenshot`);
        // a label on the button would be its id to click; none is there, so the click goes to a point
        const on = labels.find((l) => l.x + l.w > button.x && l.x < button.x + button.w && l.y + l.h > button.y && l.y < button.y + button.h);
        if (on) return { toolCalls: [{ name: 'act', args: { thought: `Label ${on.id} is on the button.`, actions: [{ kind: 'click', id: on.id }] } }] };
        answered = { x: Math.round(button.x + button.w / 2), y: Math.round(button.y + button.h / 2) };
        return { toolCalls: [{ name: 'act', args: { thought: `No label on the ${colour} button; it is at ${answered.x},${answered.y} in the picture.`, actions: [{ kind: 'click_at', ...answered }] } }] };
      },
    });
    await s.page.goto(sc.startUrl);
    await s.page.bringToFront();
    await s.ask(sc.text);
    const end = await s.waitForEnd(60_000, { allow: ['other'] });
    if (process.env.DEBUG_AGENT) {
      console.log(end, s.llm.requests.map((r) => r.rule), looks.map((l) => l.labels), await s.panel.getByTestId('timeline').textContent());
      looks.forEach((l, i) => writeFileSync(`.tmp/vision-canvas-${i}.jpg`, onlyImage(l.request).bytes));
    }
    // the gate cannot read words drawn on a canvas, so it asks once
    expect(end.asked).toEqual(['other']);
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(answered, 'the model clicked at a point').toBeDefined();

    // what the model received: a JPEG in Anthropic's base64 image block, beside the page text that says why
    const [first, after] = looks;
    const image = onlyImage(first!.request);
    expect(image.format).toBe('anthropic-base64');
    expect(image.mediaType).toBe('image/jpeg');
    expect(first!.request.lastUser).toMatch(/A screenshot of the visible part of the page is attached \(\d+x\d+ pixels\), because a canvas covers \d+% of the visible area/);
    expect(first!.request.system).toContain('click_at x y');

    // the labels the model read are the page model's ids, each on its element's top-left corner in the page, in both pictures
    const vp = await viewportOf(s.page);
    const scale = first!.pixels.width / vp.w;
    expect(scale).toBeLessThanOrEqual(1);
    expect(Math.abs(first!.pixels.height - Math.round(vp.h * scale))).toBeLessThanOrEqual(1);
    for (const look of looks) await expectLabelsRight(look, scale);
    expect(first!.labels.length).toBeGreaterThanOrEqual(3);
    expect(after, 'a second picture after the click').toBeDefined();

    // and nowhere is the page itself touched: the canvas answer was in picture pixels, the click in CSS pixels
    const board = (await s.page.locator('canvas').boundingBox())!;
    const pressed = (await s.page.getByRole('status').textContent()) ?? '';
    expect(pressed).toBe(`${label} pressed.`);
    expect(answered!.x / scale).toBeGreaterThan(board.x);
    expect(await s.page.evaluate(() => document.querySelectorAll('[data-copilot], .copilot-label').length)).toBe(0);

    // the timeline names the point and what is there
    await expect.poll(() => s.panel.getByTestId('timeline').textContent()).toMatch(/Clicked .*at \d+, \d+/);
  });

  it('draws two-digit ids where their elements are: the model reads them all back from the picture', async () => {
    // a drawn chart makes the page thin; fourteen buttons around it give ids past 9
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima', 'Mike', 'November'];
    const buttons = names.map((n) => `<button>${n}</button>`).join('');
    const site = await servePages({
      '/board': `<!doctype html><html><head><title>Board</title><style>body{font:14px sans-serif;margin:16px}button{margin:0 8px 10px 0;padding:4px 10px}</style></head><body>
<div style="width:820px">${buttons}</div><canvas width="700" height="360" style="display:block"></canvas>
<script>const g = document.querySelector('canvas').getContext('2d'); g.fillStyle = '#dde6f0'; g.fillRect(0, 0, 700, 360);</script></body></html>`,
    });
    try {
      let look: Look | undefined;
      s.llm.clear();
      s.llm.script(plannerOnce('CLICK', 'the chart'), {
        name: 'look',
        match: (r) => isPolicy(r, 'CLICK'),
        answer: (r) => {
          const pixels = decodeJpeg(onlyImage(r).bytes);
          look = { request: r, pixels, labels: readLabels(pixels, glyphs) };
          return { toolCalls: [{ name: 'act', args: { thought: `Labels ${look.labels.map((l) => l.id).join(', ')}.`, actions: [{ kind: 'done', summary: 'looked' }] } }] };
        },
      });
      await s.page.goto(`${site.url}/board`);
      await s.page.bringToFront();
      // the first test's run ended in this panel: start a chat of its own so its end is this run's
      let ends = 0;
      try {
        ends = await s.panel.locator('[data-end]').count();
      } catch {
        // no panel yet: this test runs alone
      }
      if (ends) await newChat(s.panel);
      await s.ask('Look at the chart on this page.');
      const end = await s.waitForEnd(60_000);
      expect(end.kind, end.text).toBe('done');
      expect(look, 'the model received a picture').toBeDefined();
      if (process.env.DEBUG_AGENT) writeFileSync('.tmp/vision-labels.jpg', onlyImage(look!.request).bytes);
      await expectLabelsRight(look!, look!.pixels.width / (await viewportOf(s.page)).w);
      expect(Math.max(...look!.labels.map((l) => l.id))).toBeGreaterThanOrEqual(14);
    } finally {
      await site.close();
    }
  });
});
