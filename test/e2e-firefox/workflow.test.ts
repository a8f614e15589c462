import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArena } from '../../arena/server.mjs';
import { createScenario, score } from '../../arena/client.mjs';
import { startFirefoxSession, type FirefoxSession } from './support/session';
import { waitForContentScript } from './support/firefox';

/** A workflow recorded through the panel in Firefox, then replayed with one click. */
let arena: Awaited<ReturnType<typeof startArena>>;
let s: FirefoxSession;
const NAME = 'Update my address country';
const countryOf = (text: string) => /^Set the country to (.+) and save/.exec(text)![1]!;

beforeAll(async () => {
  arena = await startArena({ port: 0 });
  s = await startFirefoxSession(arena.url);
});
afterAll(async () => {
  await s?.close();
  await arena?.close();
});

async function open(seed: number) {
  const sc = await createScenario(arena.url, 'select-native', seed, 0);
  await s.page.goto(sc.startUrl);
  await waitForContentScript(s.panel, s.tabId);
  return sc;
}

async function replayStatuses(): Promise<string[]> {
  return s.panel.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const req = indexedDB.open('copilot');
        req.onsuccess = () => {
          const get = req.result.transaction('replays').objectStore('replays').getAll();
          get.onsuccess = () => {
            req.result.close();
            resolve((get.result as { data: { status: string } }[]).map((r) => r.data.status));
          };
        };
      }),
  );
}

describe('a recorded workflow in Firefox', () => {
  it('is recorded from the person’s own input, saved, and replayed with one click: score 1, no model call', async () => {
    const sc = await open(1);
    await s.panel.click('[data-testid=record]');
    await s.panel.waitForSelector('[data-testid=recording]');
    // the person's input, which the recorder takes only when trusted (BiDi input is)
    await s.page.focus('select');
    await s.page.keyboard.type(countryOf(sc.text));
    await Promise.all([s.page.waitForNavigation(), s.page.click('button[type=submit]')]);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    await s.panel.type('[data-testid=record-task]', NAME);
    await s.panel.click('[data-testid=record-save]');
    await s.panel.waitForSelector('[data-testid=record-message]::-p-text(also as a workflow)', { timeout: 10_000 });

    const calls = s.llm.requests.length;
    const again = await open(1);
    await s.panel.click('[role=tab]::-p-text(Workflows)');
    const item = `[data-testid=workflow]`;
    await s.panel.waitForSelector(item);
    await s.panel.click(`${item} ::-p-text(Run)`);
    await s.panel.click(`${item} ::-p-text(Start replay)`);
    await expect.poll(replayStatuses, { timeout: 20_000, interval: 200 }).toEqual(['done']);
    expect(await score(arena.url, again.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.length).toBe(calls);
  });
});
