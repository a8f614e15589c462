import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { waitForContentScript } from '../../support/extension';
import { isPlanner, isPolicy, pageOf, elementsOf } from '../../support/model-reading';
import { plan, policyAnswer } from '../../support/scripted-web-model';
import type { RecordedRequest } from '../../support/llm-server';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/memory/file';
import { EMBEDDING_MODEL } from '../../../src/shared/messages/offscreen';
import { extensionWithTinyModel } from './with-tiny-model';

/**
 * A demonstration enters the memory through the side panel's import (the real message path and
 * the real save: one labelling call, then the embedding by the tiny model in the offscreen
 * document); a new chat task on the same arena page then gets it as an example, in the planner's
 * prompt and in the policy's prompt as the scripted provider receives them.
 */

const { arena, s } = useArenaSession({ copy: extensionWithTinyModel });

const isLabelCall = (r: RecordedRequest) => /You label a recorded demonstration/.test(r.system);

/** The page model of a tab as the content script gives it, asked from the service worker like the recorder does. */
async function pageModel(tabId: number): Promise<{ text: string; title: string; url: string }> {
  const sw = await s.ext.serviceWorker();
  const reply = await sw.evaluate(
    (id) => chrome.tabs.sendMessage(id, { channel: 'copilot', name: 'page.snapshot', params: { budget: 0 } }, { frameId: 0 }),
    tabId,
  );
  const r = reply as { ok: boolean; result: { text: string; title: string; url: string } };
  if (!r.ok) throw new Error(`snapshot failed: ${JSON.stringify(reply)}`);
  return r.result;
}

/** A demonstration of the select task as the recorder would save it, from the live arena page. */
async function recordedDemo(page: Page, tabId: number, task: string) {
  const snap = await pageModel(tabId);
  const lines = snap.text.split('\n');
  const select = lines.find((l) => l.startsWith('<select id=') && /Country/i.test(l));
  const save = lines.find((l) => /^<button id=\d+/.test(l) && /Save/i.test(l));
  if (!select || !save) throw new Error(`the arena page changed:\n${snap.text}`);
  const idOf = (l: string) => Number(/id=(\d+)/.exec(l)![1]);
  const saveName = save.replace(/^<[^>]*>/, '').replace(/<\/button>$/, '');
  const step = (at: number, action: unknown, name: string, role: string) => ({
    at,
    url: page.url(),
    title: snap.title,
    action,
    target: { tag: role === 'button' ? 'button' : 'select', role, name, css: 'main > *' },
    page: snap.text,
  });
  return {
    format: 'copilot-demonstration',
    version: 1,
    id: 'demo-select-country',
    task,
    site: new URL(page.url()).host,
    startUrl: page.url(),
    title: snap.title,
    headings: lines.filter((l) => l.startsWith('#')).map((l) => l.replace(/^#+\s*/, '')),
    createdAt: Date.now(),
    steps: [step(1, { kind: 'select', id: idOf(select), values: ['Finland'] }, 'Country', 'combobox'), step(2, { kind: 'click', id: idOf(save) }, saveName, 'button')],
    labels: [],
  };
}

describe('a demonstration as the example of a new task', () => {
  it('is labelled once at import, embedded, and shown to the planner and the SELECT policy', { timeout: 90_000 }, async () => {
    // The person did this task once (seed 1): set the country to Finland and save.
    const demoScenario = await createScenario(arena.url, 'select-native', 1);
    await s.page.goto(demoScenario.startUrl);
    const tabId = await s.ext.tabIdOf(s.page);
    // the panel shown on the tab puts the content script into the page, for the snapshot below
    const shown = await s.ext.openPanel({ tabId });
    await waitForContentScript(s.page);
    await shown.close();
    const demo = await recordedDemo(s.page, tabId, demoScenario.text);

    s.llm.script({
      name: 'label',
      match: isLabelCall,
      answer: (r) => {
        expect(r.lastUser).toContain(demoScenario.text);
        return { text: `1: SELECT "Country" "Finland"\n2: CLICK "${demo.steps[1]!.target.name}"` };
      },
    });

    // Import through the side panel, as a person would with an exported file.
    const panel = await s.ext.openPanel({ tabId });
    const file = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: Date.now(), demonstrations: [demo] });
    const imported = await panel.evaluate((text) => chrome.runtime.sendMessage({ channel: 'copilot', name: 'memory.import', params: { text } }), file);
    expect(imported).toMatchObject({ ok: true, result: { ok: true } });

    // Labelled and embedded in the background: wait for both to land in IndexedDB.
    await expect
      .poll(
        () =>
          panel.evaluate(async () => {
            const open = indexedDB.open('copilot');
            const dbh: IDBDatabase = await new Promise((res, rej) => ((open.onsuccess = () => res(open.result)), (open.onerror = () => rej(open.error))));
            const get = (store: string, key: string) =>
              new Promise<unknown>((res) => {
                const req = dbh.transaction(store).objectStore(store).get(key);
                req.onsuccess = () => res(req.result);
              });
            const stored = (await get('demonstrations', 'demo-select-country')) as { data: { labels: unknown[] } } | undefined;
            const emb = (await get('embeddings', 'demo-select-country')) as { model: string } | undefined;
            dbh.close();
            return { labels: stored?.data.labels.length ?? 0, model: emb?.model ?? '' };
          }),
        { timeout: 20_000 },
      )
      .toEqual({ labels: 2, model: `${EMBEDDING_MODEL}@16` });
    expect(s.llm.requests.filter(isLabelCall)).toHaveLength(1);
    await panel.close();

    // A new task on the same site (seed 2: another country).
    const sc = await createScenario(arena.url, 'select-native', 2);
    const country = /country to (\w+)/.exec(sc.text)![1]!;
    s.llm.clear();
    s.llm.script(
      { name: 'label', match: isLabelCall, answer: { text: '' } },
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          if (/saved/i.test(pageOf(r)) && !els.some((e) => e.tag === 'select' && e.value !== country)) return plan('The address is saved.', []);
          const save = els.find((e) => e.tag === 'button' && /Save/i.test(e.text))!;
          return plan('Choose the country, then save.', [
            { policy: 'SELECT', target: 'Country', value: country },
            { policy: 'CLICK', target: save.text },
          ]);
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(45_000, { allow: ['form'] });
    // saving posts the form: the gate asks once, and the person allows it
    expect(end.asked).toEqual(['form']);
    expect(end.kind).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });

    // The timeline says which demonstration was used and why.
    const card = s.panel.getByTestId('examples');
    await expect.poll(() => card.textContent()).toContain(demoScenario.text);
    expect(await card.textContent()).toMatch(/same site/);
    expect(await card.textContent()).toMatch(/vector \d\.\d\d/);

    // The planner saw the demonstrated task and the calls it became (HeaP's planner examples).
    const planner = s.llm.requests.find(isPlanner)!;
    const plannerText = `${planner.system}\n${planner.lastUser}`;
    expect(plannerText).toContain(`Example task (${demo.site}): ${demoScenario.text}`);
    expect(plannerText).toContain('SELECT "Country" "Finland"');

    // The SELECT policy saw the demonstrated page, abstracted around the select, and the action taken on it.
    const selectPolicy = s.llm.requests.find((r) => isPolicy(r, 'SELECT'))!;
    const policyText = `${selectPolicy.system}\n${selectPolicy.lastUser}`;
    const selectId = (demo.steps[0]!.action as { id: number }).id;
    // as stored: the select's current value is page state, masked (src/memory/reduce.ts)
    const selectLine = demo.steps[0]!.page
      .split('\n')
      .find((l) => l.startsWith(`<select id=${selectId} `))!
      .replace(/value="[^"]*"/, 'value=(filled)');
    expect(policyText).toContain('<example-page>');
    expect(policyText).toContain(selectLine);
    expect(policyText).toContain(`select ${selectId} "Finland"`);
    // no labelling call during the run: it happened once, at save time
    expect(s.llm.requests.filter(isLabelCall)).toHaveLength(0);
  });
});
