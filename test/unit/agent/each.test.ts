import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agent/agent';
import type { RunState } from '../../../src/agent/run-state';
import type { RunEvent } from '../../../src/shared/run-events';
import { eachSpec, itemLimitIn } from '../../../src/agent/policies/each-spec';
import { parseItems } from '../../../src/agent/policies/each-items';
import { FakeBrowser, FakeTabs } from './support/fake-browser';
import { FakeClock, FakeUser, MemoryStore, eventLog } from './support/fakes';
import { ScriptedLlm, acts, plan, type Reply } from './support/scripted-llm';
import { ITEMS, RESULTS, itemUrl, outdoorSite, siteTabs } from './support/each-site';
import { waitFor } from './support/wait';

type Reused = { site: ReturnType<typeof outdoorSite>; browser: FakeBrowser; tabs: FakeTabs; store: MemoryStore };

function eachHarness(replies: Reply[], opts: { links?: boolean; offSite?: boolean; user?: FakeUser; reuse?: Reused } = {}) {
  const site = opts.reuse?.site ?? outdoorSite(opts);
  const browser = opts.reuse?.browser ?? new FakeBrowser(site.pages, RESULTS);
  const tabs = opts.reuse?.tabs ?? siteTabs(site.pages);
  const llm = new ScriptedLlm(replies);
  const store = opts.reuse?.store ?? new MemoryStore();
  const log = eventLog();
  const user = opts.user ?? new FakeUser();
  const agent = createAgent({ llm, browser, tabs, store, user, clock: new FakeClock(), emit: log.emit }, { config: { useTools: false, stream: false } });
  const run = () => JSON.parse([...store.runs.values()][0]!) as RunState;
  const of = <T extends RunEvent['type']>(type: T) => log.events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);
  return { agent, browser, tabs, llm, log, user, run, of, wished: site.wished, reuse: { site, browser, tabs, store } };
}

const items = (...ns: number[]) => `Thought: These are the results.\nItems:\n${ns.map((n) => `${10 + n} | ${ITEMS[n - 1]!.name}`).join('\n')}`;
/** An EXTRACT reading of an item page, copying what the page shows. */
const readRating = (r: { messages: { content: string }[] }) => {
  const m = /Rating: ([\d.]+) out of 5 · (\d+) reviews/.exec(r.messages[0]!.content);
  const both = r.messages[0]!.content.includes('Columns, in this order: rating (number), reviews (number)');
  return m ? `Thought: The rating.\nRows:\n${both ? `${m[1]} | ${m[2]}` : m[1]}\nNext: none` : 'Thought: Nothing.\nRows:\nNext: none';
};

describe('EACH: do X on each of these', () => {
  it('opens each result in a tab of the run, collects its rating, closes the tab, and gives one table; the limit holds', async () => {
    const h = eachHarness([plan('EACH "the search results, up to 3" "rating:number, reviews:number"'), items(1, 2, 3, 4), readRating, readRating, readRating, plan()]);
    const outcome = await h.agent.start({ chatId: 'c', task: 'Open each search result and collect its rating.' }).done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(h.tabs.opened).toEqual([1, 2, 3].map(itemUrl));
    expect(h.tabs.closed).toEqual([200, 201, 202]);
    const [table] = h.of('table');
    expect(table!.table.columns.map((c) => `${c.name}:${c.type}`)).toEqual(['item:text', 'rating:number', 'reviews:number']);
    expect(table!.table.rows).toEqual(ITEMS.slice(0, 3).map((x) => [x.name, Number(x.rating), Number(x.reviews)]));
    expect(h.run().tables).toHaveLength(1);
    // each item's outcome in the timeline, in order
    expect(h.of('item').map((e) => `${e.index + 1}/${e.total} ${e.name} ${e.status}: ${e.summary}`)).toEqual([
      '1/3 Camping stove done: rating 4.3, reviews 128',
      '2/3 Folding chair done: rating 3.9, reviews 41',
      '3/3 Headlamp done: rating 4.8, reviews 312',
    ]);
    // the step's summary names the results, and the limit
    expect(h.of('policy_finished')[0]!.summary).toContain('Visited 3 items (the limit of 3), 3 done. Camping stove: rating 4.3, reviews 128;');
    // the list's tab was never touched, the links were same-site so nothing was asked, and the run is back on tab 1
    expect(h.browser.acted).toEqual([]);
    expect(h.user.confirms).toEqual([]);
    expect(h.run().tabs.current).toBe(1);
    expect(h.run().tabs.list).toHaveLength(1);
    // one call names the items, one call an item page
    expect(h.llm.requests.map((r) => r.role)).toEqual(['planner', 'policy', 'policy', 'policy', 'policy', 'planner']);
    expect(h.llm.requests[1]!.system).toContain('the web policy EACH');
    expect(h.llm.shown(2)).toContain('Tabs of this task: [1] Search results · [2] Camping stove (current)');
  });

  it('carries out an instruction on each item page through ACT, and the table says what came of each', async () => {
    const h = eachHarness([plan('EACH "the first 2 results" "click Add to wishlist"'), items(1, 2), acts('click 3', 'done "Added to the wishlist"'), acts('click 3', 'done "Added to the wishlist"'), plan()]);
    await h.agent.start({ chatId: 'c', task: 'Add the first two results to my wishlist.' }).done;
    expect(h.wished).toEqual(['Camping stove', 'Folding chair']);
    expect(h.of('table')[0]!.table.rows).toEqual([['Camping stove', 'Added to the wishlist'], ['Folding chair', 'Added to the wishlist']]);
    expect(h.tabs.closed).toHaveLength(2);
    expect(h.llm.requests[2]!.system).toContain('the web policy ACT');
    expect(h.llm.shown(2)).toContain('click Add to wishlist (on the page of Camping stove)');
  });

  it('a run resumed after the worker stopped goes on with the next item, without acting on the done ones again', async () => {
    const first = eachHarness([plan('EACH "the results, up to 3" "click Add to wishlist"'), items(1, 2, 3), acts('click 3', 'done "Added"'), { hang: true }]);
    first.agent.start({ chatId: 'c', task: 'Wish for each result.', runId: 'r1' });
    // the worker stops while the model looks at the second item's page (its tab open)
    await waitFor(() => first.llm.requests.length === 4);
    expect(first.tabs.tabs.size).toBe(1);
    const second = eachHarness([acts('click 3', 'done "Added"'), acts('click 3', 'done "Added"'), plan()], { reuse: first.reuse });
    const outcome = await (await second.agent.resume('r1'))!.done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(second.llm.requests.map((r) => r.role)).toEqual(['policy', 'policy', 'planner']);
    expect(first.wished).toEqual(['Camping stove', 'Folding chair', 'Headlamp']);
    // the second item's tab left open was closed, and the item visited again in a tab of its own
    expect(first.tabs.opened).toEqual([1, 2, 2, 3].map(itemUrl));
    expect(first.tabs.tabs.size).toBe(0);
    expect(second.of('item').map((e) => `${e.index + 1} ${e.name}`)).toEqual(['2 Folding chair', '3 Headlamp']);
    expect(second.of('table')[0]!.table.rows.map((r) => r[0])).toEqual(['Camping stove', 'Folding chair', 'Headlamp']);
    expect(second.run().each).toBeUndefined();
  });

  it('clicks a row without an address and goes back to the list before the next one', async () => {
    const h = eachHarness([plan('EACH "the results, up to 2" "rating:number"'), items(1, 2), readRating, readRating, plan()], { links: false });
    const out = await h.agent.start({ chatId: 'c', task: 'Collect the ratings.' }).done;
    if (process.env.DEBUG_AGENT) console.log(out, h.log.events.map((e) => `${e.type} ${JSON.stringify(e).slice(0, 300)}`).join('\n'));
    expect(h.tabs.opened).toEqual([]);
    expect(h.browser.acted.map((a) => a.kind)).toEqual(['click', 'back', 'click', 'back']);
    expect(h.browser.currentUrl).toBe(RESULTS);
    // a button the gate does not know asks, as any click of it would
    expect(h.user.confirms.map((c) => c.category)).toEqual(['other', 'other']);
    expect(h.of('table')[0]!.table.rows).toEqual([['Camping stove', 4.3], ['Folding chair', 3.9]]);
  });

  it('asks before following a link to another site; refused, that item is skipped and the others go on', async () => {
    const h = eachHarness([plan('EACH "the results, up to 3" "rating:number"'), items(1, 2, 3), readRating, readRating, plan()], { offSite: true, user: new FakeUser(['refuse']) });
    const out = await h.agent.start({ chatId: 'c', task: 'Collect the ratings.' }).done;
    if (process.env.DEBUG_AGENT) console.log(out, h.log.events.map((e) => `${e.type} ${JSON.stringify(e).slice(0, 300)}`).join('\n'));
    expect(h.user.confirms.map((c) => c.category)).toEqual(['navigation']);
    expect(h.user.confirms[0]!.reason).toContain('elsewhere.example');
    expect(h.tabs.opened).toEqual([itemUrl(1), itemUrl(3)]);
    expect(h.of('item').map((e) => e.status)).toEqual(['done', 'skipped', 'done']);
    expect(h.of('table')[0]!.table.rows).toEqual([['Camping stove', 4.3], ['Folding chair', null], ['Headlamp', 4.8]]);
  });

  it('sends an id that is not on the page back to the model, and a value not on the item page is not kept', async () => {
    const made = 'Thought: Made up.\nRows:\n2.2\nNext: none';
    const h = eachHarness([plan('EACH "the results, up to 2" "rating:number"'), 'Thought: x\nItems:\n99 | Ghost', items(1), made, made, made, made, plan()]);
    const out = await h.agent.start({ chatId: 'c', task: 'Collect the ratings.' }).done;
    if (process.env.DEBUG_AGENT) console.log(out, h.log.events.map((e) => `${e.type} ${JSON.stringify(e).slice(0, 300)}`).join('\n'));
    expect(h.of('grounding_repair')[0]!.reason).toBe('there is no element with id 99 on the page');
    const [item] = h.of('item');
    expect(item).toMatchObject({ name: 'Camping stove', status: 'failed' });
    expect(item!.summary).toContain('row 1: "2.2" (rating) is not on the page');
    expect(h.tabs.closed).toHaveLength(1);
  });
});

describe('EACH call and reply', () => {
  it('reads columns, an instruction, and the item limit from the call; says what is missing in plain words', () => {
    expect(eachSpec({ policy: 'EACH', target: 'results, up to 4', value: 'rating:number, price (number)' })).toMatchObject({ ok: true, spec: { limit: 4, subTask: { kind: 'collect' } } });
    expect(eachSpec({ policy: 'EACH', target: 'unread messages', value: 'click Star: the yellow one' })).toMatchObject({ ok: true, spec: { limit: 10, subTask: { kind: 'do', instruction: 'click Star: the yellow one' } } });
    expect(eachSpec({ policy: 'EACH', target: 'results', value: '' })).toMatchObject({ ok: false, reason: expect.stringContaining('what to do on each item') });
    expect(eachSpec({ policy: 'EACH', target: '', value: 'rating:number' })).toMatchObject({ ok: false, reason: expect.stringContaining('items to visit') });
    expect(eachSpec({ policy: 'EACH', target: 'x', value: 'rating:stars' })).toMatchObject({ ok: false, reason: expect.stringContaining('unknown type "stars"') });
    expect([itemLimitIn('the first 3 results'), itemLimitIn('5 products'), itemLimitIn('every result'), itemLimitIn('up to 500')]).toEqual([3, 5, 10, 25]);
  });

  it('parses item lines in the forms models write, keeps the first of each id, and accepts "none"', () => {
    const ids = new Set([11, 12, 13]);
    expect(parseItems('Items:\n11 | A\n[12] B\n- 13: C\n11 | A again', ids, 10)).toMatchObject({ ok: true, items: [{ id: 11, name: 'A' }, { id: 12, name: 'B' }, { id: 13, name: 'C' }] });
    expect(parseItems('Items:\n11 | A\n12 | B', ids, 1)).toMatchObject({ ok: true, items: [{ id: 11 }] });
    expect(parseItems('Thought: nothing here.\nItems:\nnone', ids, 5)).toMatchObject({ ok: true, items: [] });
    expect(parseItems('11, 12', ids, 5)).toMatchObject({ ok: false, reason: 'the answer has no `Items:` line' });
  });
});
