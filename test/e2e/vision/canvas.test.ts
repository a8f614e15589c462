import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { idFor, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';
import { centreOf, decodeJpeg, shareNear, type Pixels } from '../../support/images';
import type { RecordedRequest } from '../../support/llm-server';
import { onlyImage, plannerOnce, turnScreenshotsOn, viewportOf } from './support';

// The panel in a window of its own: the arena page stays the tab showing in its window, which is
// the only tab a screenshot is ever taken of.
const { arena, s } = useArenaSession({ panelWindow: true });

const RGB: Record<string, [number, number, number]> = { green: [0x1e, 0x9e, 0x3e], red: [0xd4, 0x2a, 0x20], blue: [0x1f, 0x5f, 0xd6], orange: [0xf0, 0x8c, 0x00] };
const MAGENTA: [number, number, number] = [0xe6, 0x00, 0x7e];

beforeAll(async () => {
  await turnScreenshotsOn(s);
});

describe('a page without a usable DOM, through a screenshot and click_at', () => {
  it('presses the right button drawn on a canvas: the model finds it in the picture, the click lands through trusted input, the arena scores it', async () => {
    const sc = await createScenario(arena.url, 'canvas-click', 3);
    const [, colour, label] = /press the (\w+) "(\w+)"/.exec(sc.text)!;
    let seen: { request: RecordedRequest; pixels: Pixels; answered: { x: number; y: number } } | undefined;
    s.llm.script(plannerOnce('CLICK', `the ${colour} "${label}" button on the board`), {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) => {
        if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Pressed.', actions: [{ kind: 'done', summary: `pressed ${label}` }] } }] };
        // the scripted model "sees": it decodes the picture it was sent and finds the button by its colour
        const pixels = decodeJpeg(onlyImage(r).bytes);
        const at = centreOf(pixels, RGB[colour!]!);
        if (!at) throw new Error(`no ${colour} button in the screenshot`);
        const answered = { x: Math.round(at.x), y: Math.round(at.y) };
        seen = { request: r, pixels, answered };
        return { toolCalls: [{ name: 'act', args: { thought: `The ${colour} button is at ${answered.x},${answered.y} in the picture.`, actions: [{ kind: 'click_at', ...answered }] } }] };
      },
    });
    await s.page.goto(sc.startUrl);
    await s.page.bringToFront();
    await s.ask(sc.text);
    const end = await s.waitForEnd(60_000, { allow: ['other'] });
    if (process.env.DEBUG_AGENT) {
      console.log(end, s.llm.requests.map((r) => r.rule), await s.panel.getByTestId('timeline').textContent());
      if (seen) writeFileSync('.tmp/vision-canvas.jpg', onlyImage(seen.request).bytes);
    }
    // the gate cannot read words drawn on a canvas, so it asks once
    expect(end.asked).toEqual(['other']);
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });

    // what the model received: a JPEG in Anthropic's base64 image block, beside the page text that says why
    const { request, pixels, answered } = seen!;
    const image = onlyImage(request);
    expect(image.format).toBe('anthropic-base64');
    expect(image.mediaType).toBe('image/jpeg');
    expect(request.lastUser).toMatch(/A screenshot of the visible part of the page is attached \(\d+x\d+ pixels\), because a canvas covers \d+% of the visible area/);
    expect(request.system).toContain('click_at x y');

    // the labels are drawn where the page model's elements are: each link's id sits on its box's top-left corner
    const vp = await viewportOf(s.page);
    const scale = pixels.width / vp.w;
    expect(scale).toBeLessThanOrEqual(1);
    expect(Math.abs(pixels.height - Math.round(vp.h * scale))).toBeLessThanOrEqual(1);
    for (const name of ['Home', 'Account', 'Help']) {
      const id = idFor(pageOf(request), name);
      const box = (await s.page.getByRole('link', { name, exact: true }).boundingBox())!;
      // just above the box's top-left corner, or on it when the box touches the top of the picture
      const top = box.y * scale - 14 >= 0 ? box.y * scale - 14 : box.y * scale;
      const labelBox = { x: box.x * scale + 1, y: top + 1, w: 5 + 6 * String(id).length, h: 12 };
      expect(shareNear(pixels, labelBox, MAGENTA, 90), `label ${id} on "${name}"`).toBeGreaterThan(0.4);
    }
    // and nowhere is the page itself touched: the canvas answer was in picture pixels, the click in CSS pixels
    const board = (await s.page.locator('canvas').boundingBox())!;
    const pressed = (await s.page.getByRole('status').textContent()) ?? '';
    expect(pressed).toBe(`${label} pressed.`);
    expect(answered.x / scale).toBeGreaterThan(board.x);
    expect(await s.page.evaluate(() => document.querySelectorAll('[data-copilot], .copilot-label').length)).toBe(0);

    // the timeline names the point and what is there
    await expect.poll(() => s.panel.getByTestId('timeline').textContent()).toMatch(/Clicked .*at \d+, \d+/);
  });
});
