import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArena } from '../../arena/server.mjs';
import { createScenario, score } from '../../arena/client.mjs';
import { startFirefoxSession, type FirefoxSession } from './support/session';
import { pageSend } from './support/firefox';
import { isPlanner, isPolicy, previousActionsOf } from '../support/model-reading';
import { planOnce } from '../support/scripted-web-model';
import { centreOf, decodeJpeg } from '../support/images';

/**
 * Screenshots in Firefox: the event page captures the tab (tabs.captureVisibleTab), draws the
 * labels on an OffscreenCanvas and sends the picture; Firefox has no debugger, so click_at lands
 * as DOM events, which the canvas task counts as a press but not as a trusted one.
 */
let arena: Awaited<ReturnType<typeof startArena>>;
let s: FirefoxSession;
beforeAll(async () => {
  arena = await startArena({ port: 0 });
  s = await startFirefoxSession(arena.url);
  await pageSend(s.panel, 'settings.save', { screenshotModels: { 'scripted-policy': true } });
});
afterAll(async () => {
  await s?.close();
  await arena?.close();
});

const RGB: Record<string, [number, number, number]> = { green: [0x1e, 0x9e, 0x3e], red: [0xd4, 0x2a, 0x20], blue: [0x1f, 0x5f, 0xd6], orange: [0xf0, 0x8c, 0x00] };

describe('screenshots in Firefox', () => {
  it('sends a labelled picture of the canvas page and clicks the drawn button at its point', async () => {
    const sc = await createScenario(arena.url, 'canvas-click', 4);
    const [, colour, label] = /press the (\w+) "(\w+)"/.exec(sc.text)!;
    let pictures = 0;
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Press it.', [{ policy: 'CLICK_AT', target: `the ${colour} "${label}" button` }], 'Pressed.') },
      {
        name: 'click-at',
        match: (r) => isPolicy(r, 'CLICK_AT'),
        answer: (r) => {
          pictures += r.images.length;
          if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Pressed.', actions: [{ kind: 'done', summary: 'pressed' }] } }] };
          const at = centreOf(decodeJpeg(r.images[0]!.bytes), RGB[colour!]!);
          if (!at) throw new Error(`no ${colour} button in the picture`);
          return { toolCalls: [{ name: 'act', args: { thought: 'Found it.', actions: [{ kind: 'click_at', x: Math.round(at.x), y: Math.round(at.y) }] } }] };
        },
      },
    );
    await s.page.goto(sc.startUrl);
    await s.page.bringToFront();
    await s.ask(sc.text);
    const end = await s.waitForEnd(45_000, { allow: ['other'] });
    expect(end.kind, end.text).toBe('done');
    expect(pictures).toBeGreaterThanOrEqual(1);
    // the right button was pressed, by DOM events (no trusted input in Firefox)
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0, reason: `pressed ${label} with a synthetic click, expected ${label}` });
  });
});
