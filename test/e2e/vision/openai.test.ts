import { beforeAll, describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { isPolicy, previousActionsOf } from '../../support/model-reading';
import { centreOf, decodeJpeg } from '../../support/images';
import type { RecordedImage } from '../../support/llm-server';
import { onlyImage, plannerOnce, turnScreenshotsOn } from './support';

// The same canvas task through the OpenAI SDK: the picture goes as an image_url part with a data URL.
const { arena, s } = useArenaSession({ panelWindow: true, provider: 'openai' });

beforeAll(async () => {
  await turnScreenshotsOn(s);
});

describe('screenshots through the OpenAI wire format', () => {
  it('sends the picture as an image_url data URL and the drawn button is pressed with CLICK_AT', async () => {
    const sc = await createScenario(arena.url, 'canvas-click', 5);
    const [, colour, label] = /press the (\w+) "(\w+)"/.exec(sc.text)!;
    const RGB: Record<string, [number, number, number]> = { green: [0x1e, 0x9e, 0x3e], red: [0xd4, 0x2a, 0x20], blue: [0x1f, 0x5f, 0xd6], orange: [0xf0, 0x8c, 0x00] };
    let image: RecordedImage | undefined;
    s.llm.script(plannerOnce('CLICK_AT', `the ${colour} "${label}" button`), {
      name: 'click-at',
      match: (r) => isPolicy(r, 'CLICK_AT'),
      answer: (r) => {
        if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Pressed.', actions: [{ kind: 'done', summary: 'pressed' }] } }] };
        image = onlyImage(r);
        const at = centreOf(decodeJpeg(image.bytes), RGB[colour!]!);
        if (!at) throw new Error(`no ${colour} button in the picture`);
        return { toolCalls: [{ name: 'act', args: { thought: 'Found it.', actions: [{ kind: 'click_at', x: Math.round(at.x), y: Math.round(at.y) }] } }] };
      },
    });
    await s.page.goto(sc.startUrl);
    await s.page.bringToFront();
    await s.ask(sc.text);
    const end = await s.waitForEnd(60_000, { allow: ['other'] });
    expect(end.kind, end.text).toBe('done');
    expect(image).toMatchObject({ format: 'openai-data-url', mediaType: 'image/jpeg' });
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    // CLICK_AT looks with every turn; the planner reads text only
    expect(s.llm.requests.map((r) => [r.rule, r.images.length])).toEqual([['planner', 0], ['click-at', 1], ['click-at', 1], ['planner', 0]]);
  });
});
