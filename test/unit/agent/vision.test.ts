import { describe, expect, it } from 'vitest';
import type { ElementInfo } from '../../../src/shared/page';
import type { Screenshot, ViewportLayout } from '../../../src/shared/vision';
import { toViewport } from '../../../src/agent/vision/click-at';
import { gateAction } from '../../../src/agent/safety/gate';
import { describeAction } from '../../../src/agent/loop/execute';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { flightSite } from './support/flight-site';
import type { FakeBrowser } from './support/fake-browser';

const CANVAS: ElementInfo = { id: 40, tag: 'canvas', role: '', name: 'Game board', secret: false, line: '<canvas id=40>', facts: 'f' };
const LINK: ElementInfo = { id: 2, tag: 'a', role: 'link', name: 'Help', href: 'https://flights.example/help', secret: false, line: '<a id=2>Help</a>', facts: 'f' };

const shot = (reason: string): Screenshot => ({ mediaType: 'image/jpeg', data: 'AAAA', width: 640, height: 360, scale: 0.5, labels: [], blackedOut: 0, reason });
const layout = (canvasShare: number): ViewportLayout => ({
  width: 1280,
  height: 720,
  labels: [],
  secrets: [],
  stats: { area: 1280 * 720, interactive: 8, textChars: 900, canvasArea: 1280 * 720 * canvasShare, pictureArea: 0 },
});

/** The flight site with eyes: a viewport whose canvas covers `canvasShare`, a camera, and a canvas under every point. */
function seeing(canvasShare: number): FakeBrowser & { shots: string[] } {
  const browser = flightSite() as FakeBrowser & { shots: string[] };
  browser.shots = [];
  Object.assign(browser, {
    viewport: async () => layout(canvasShare),
    screenshot: async (reason: string) => (browser.shots.push(reason), shot(reason)),
    describeAt: async () => CANVAS,
  });
  return browser;
}

describe('screenshots in the agent loop', () => {
  it('sends a screenshot beside the page text where a canvas makes it thin, and turns click_at from picture to viewport pixels', async () => {
    const browser = seeing(0.4);
    const h = harness({ browser, config: { screenshots: true }, replies: [plan('CLICK "the green button"'), acts('click_at 200 100', 'done'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 'Press the green button on the board' }).done;
    expect(outcome).toMatchObject({ status: 'done' });
    const policy = h.llm.requests[1]!;
    expect(policy.messages[0]!.images).toEqual([{ mediaType: 'image/jpeg', data: 'AAAA' }]);
    expect(policy.messages[0]!.content).toMatch(/screenshot of the visible part of the page is attached \(640x360 pixels\), because a canvas covers 40% of the visible area/);
    expect(policy.system).toContain('click_at x y');
    // the planner reads text only
    expect(h.llm.requests[0]!.messages[0]!.images).toBeUndefined();
    // 200,100 in a picture at half scale is 400,200 in the viewport
    expect(browser.acted).toContainEqual({ kind: 'click_at', x: 400, y: 200 });
    // the gate cannot read a canvas: it asked, naming it
    expect(h.user.confirms.map((c) => c.category)).toEqual(['other']);
    expect(h.user.confirms[0]!.description).toMatch(/Click "Game board" \(canvas\) at 400, 200/);
    expect(h.log.events.find((e) => e.type === 'action')).toMatchObject({ line: '<canvas id=40>' });
    expect(h.log.events.find((e) => e.type === 'screenshot')).toMatchObject({ reason: 'a canvas covers 40% of the visible area', width: 640, height: 360, blackedOut: 0 });
  });

  it('sends no picture where the page text describes the screen, nor when the setting is off', async () => {
    for (const [share, on] of [[0.02, true], [0.5, false]] as const) {
      const browser = seeing(share);
      const h = harness({ browser, config: { screenshots: on }, replies: [plan('CLICK "Search flights"'), acts('click 7', 'done'), plan()] });
      await h.agent.start({ chatId: 'c', task: 'Search flights' }).done;
      expect(h.llm.requests[1]!.messages[0]!.images).toBeUndefined();
      expect(h.llm.requests[1]!.system).not.toContain('click_at');
      expect(browser.shots).toEqual([]);
    }
  });

  it('CLICK_AT looks whatever the page: a screenshot with each turn, and the planner offers it only to a model that sees', async () => {
    const browser = seeing(0.02);
    const h = harness({ browser, config: { screenshots: true }, replies: [plan('CLICK_AT "the pin on the map"'), acts('click_at 10 20', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'Click the pin on the map' }).done;
    expect(h.llm.shown(0)).toContain('CLICK_AT "description"');
    expect(browser.shots).toEqual(['this step asks to look at the page']);
    expect(browser.acted).toContainEqual({ kind: 'click_at', x: 20, y: 40 });
    const blind = harness({ replies: [plan()] });
    await blind.agent.start({ chatId: 'c', task: 'Click the pin on the map' }).done;
    expect(blind.llm.shown(0)).not.toContain('CLICK_AT');
  });

  it('sends a click_at back to the model when no screenshot came with the page', async () => {
    const browser = seeing(0.02);
    const h = harness({ browser, config: { screenshots: true }, replies: [plan('CLICK "Search flights"'), acts('click_at 10 10'), acts('click 7', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'Search flights' }).done;
    expect(h.llm.shown(2)).toMatch(/needs a screenshot, and none came with this page/);
    expect(browser.acted.some((a) => a.kind === 'click_at')).toBe(false);
  });
});

describe('click_at points and the gate', () => {
  const s = shot('x');
  it('converts by the picture scale and refuses points off the picture', () => {
    expect(toViewport([{ kind: 'click_at', x: 321, y: 33 }], s)).toEqual({ ok: true, value: [{ kind: 'click_at', x: 642, y: 66 }] });
    expect(toViewport([{ kind: 'click_at', x: 700, y: 10 }], s)).toMatchObject({ ok: false, reason: expect.stringContaining('outside the 640x360 screenshot') });
    expect(toViewport([{ kind: 'click_at', x: 1, y: 1 }], null)).toMatchObject({ ok: false });
  });

  it('judges a point by the element there: a canvas asks, a link on the task\'s site does not', () => {
    const ctx = { allowedHosts: ['flights.example'], approvals: [], pageUrl: 'https://flights.example/' };
    expect(gateAction({ kind: 'click_at', x: 5, y: 5 }, CANVAS, ctx)).toMatchObject({ kind: 'confirm', category: 'other' });
    expect(gateAction({ kind: 'click_at', x: 5, y: 5 }, CANVAS, { ...ctx, approvals: ['other:flights.example:drawn:Game board'] })).toEqual({ kind: 'allow' });
    expect(gateAction({ kind: 'click_at', x: 5, y: 5 }, LINK, ctx)).toEqual({ kind: 'allow' });
    const pay: ElementInfo = { ...LINK, tag: 'button', role: 'button', name: 'Pay $420', href: undefined, text: 'Pay $420', line: '<button id=9>Pay $420</button>' };
    expect(gateAction({ kind: 'click_at', x: 5, y: 5 }, pay, ctx)).toMatchObject({ kind: 'confirm', irreversible: true });
  });

  it('names an unnamed canvas by what it is on the confirmation card, never by its markup', () => {
    const bare: ElementInfo = { ...CANVAS, name: '', line: '<canvas id=4></canvas>' };
    expect(describeAction({ kind: 'click_at', x: 650, y: 236 }, bare, 'https://game.example/')).toBe('Click the canvas at 650, 236 on game.example');
    expect(gateAction({ kind: 'click_at', x: 5, y: 5 }, bare, { allowedHosts: [], approvals: [] })).toMatchObject({ reason: 'the click lands on a canvas, whose drawn buttons the gate cannot read' });
  });
});
