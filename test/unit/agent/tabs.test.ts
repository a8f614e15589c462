import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agent/agent';
import type { RunState } from '../../../src/agent/run-state';
import { parseActionText } from '../../../src/core/actions/grammar';
import { FakeClock, FakeUser, MemoryStore, eventLog } from './support/fakes';
import { ScriptedLlm, acts, plan, type Reply } from './support/scripted-llm';
import { SHOPS, START, compareStart, shopTabs } from './support/shop-tabs';

const TASK = `Which of ${SHOPS.map((s) => s.url).join(', ')} sells the kettle cheapest? Put it in the answer.`;

function tabsHarness(replies: Reply[], user = new FakeUser()) {
  const browser = compareStart();
  const tabs = shopTabs();
  const llm = new ScriptedLlm(replies);
  const store = new MemoryStore();
  const log = eventLog();
  const agent = createAgent({ llm, browser, tabs, store, user, clock: new FakeClock(), emit: log.emit }, { config: { useTools: false, stream: false } });
  const run = () => JSON.parse([...store.runs.values()][0]!) as RunState;
  return { agent, browser, tabs, llm, log, user, run };
}

/** Reads the price off the page the model is shown, as a model would. */
const priceShown = (shown: string) => /Kettle, 1\.7 l: (\$[\d.]+)/.exec(shown)?.[1];

describe('multi-tab runs', () => {
  it('opens each shop in a tab of its own, reads it, closes the tabs it opened and answers in the start tab', async () => {
    const seen: string[] = [];
    const read = (next: string[]) => (r: { messages: { content: string }[] }) => {
      const price = priceShown(r.messages[0]!.content);
      if (price) seen.push(price);
      return acts(...next);
    };
    const h = tabsHarness([
      plan('ACT "compare the kettle price at the three shops and type the cheapest shop into Cheapest shop"'),
      acts(`open_tab "${SHOPS[0]!.url}"`),
      read([`open_tab "${SHOPS[1]!.url}"`]),
      read([`open_tab "${SHOPS[2]!.url}"`]),
      read(['close_tab 2', 'close_tab 3', 'close_tab 4']),
      acts('type 4 "Shop B"', 'done "Shop B is cheapest"'),
      plan(),
    ]);
    const outcome = await h.agent.start({ chatId: 'c', task: TASK }).done;
    if (process.env.DEBUG_AGENT) console.log(outcome, h.log.events.map((e) => `${e.type} ${JSON.stringify(e).slice(0, 200)}`).join('\n'));
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(seen).toEqual(SHOPS.map((s) => s.price));
    expect(h.tabs.opened).toEqual(SHOPS.map((s) => s.url));
    expect(h.tabs.closed).toEqual([100, 101, 102]);
    expect(h.browser.value(4)).toBe('Shop B');
    // the model was told which tabs the run has and which one it is looking at
    expect(h.llm.shown(4)).toContain('Tabs of this task: [1] Compare · [2] Shop A · [3] Shop B · [4] Shop C (current)');
    expect(h.llm.shown(5)).not.toContain('Tabs of this task: [');
    expect(h.llm.shown(5)).toContain('<input id=4 label="Cheapest shop">');
    expect(h.run().tabs).toEqual({ list: [{ n: 1, tabId: null, url: START, title: 'Compare' }], current: 1, nextN: 5 });
    // the addresses came from the person, so nothing was asked
    expect(h.user.confirms).toEqual([]);
    const lines = h.log.events.filter((e) => e.type === 'observation').map((e) => e.summary);
    expect(lines).toContain('opened tab 2 at https://compare.example/shop/a');
    expect(lines).toContain('closed tab 4; back on tab 1');
  });

  it('never touches a tab it did not open: the start tab stays, an unknown tab number is refused', async () => {
    const h = tabsHarness([
      plan('ACT "tidy up tabs"'),
      acts('close_tab 1'),
      acts('switch_tab 7'),
      acts('done "nothing to close"'),
      plan(),
    ]);
    await h.agent.start({ chatId: 'c', task: 'close my tabs' }).done;
    const repairs = h.log.events.filter((e) => e.type === 'grounding_repair').map((e) => e.reason);
    expect(repairs[0]).toContain('tab 1 is the tab the task started in; it stays open');
    expect(repairs[1]).toContain("tab 7 is not one of this task's tabs (1)");
    expect(h.tabs.closed).toEqual([]);
  });

  it('asks before opening a tab at an address the person did not give, as for typing one', async () => {
    const h = tabsHarness([plan('ACT "look elsewhere"'), acts('open_tab "https://other.example/deal"'), acts('done "refused"'), plan()], new FakeUser(['refuse']));
    await h.agent.start({ chatId: 'c', task: 'find a better deal' }).done;
    expect(h.user.confirms[0]).toMatchObject({ category: 'navigation', description: 'Open other.example/deal in a new tab' });
    expect(h.tabs.opened).toEqual([]);
  });

  it('refuses tab actions when the browser cannot open tabs', async () => {
    const browser = compareStart();
    const llm = new ScriptedLlm([plan('ACT "open"'), acts(`open_tab "${SHOPS[0]!.url}"`), acts('done "could not"'), plan()]);
    const log = eventLog();
    await createAgent({ llm, browser, store: new MemoryStore(), user: new FakeUser(), clock: new FakeClock(), emit: log.emit }, { config: { useTools: false, stream: false } }).start({ chatId: 'c', task: TASK }).done;
    expect(log.events.find((e) => e.type === 'grounding_repair')).toMatchObject({ reason: expect.stringContaining('cannot open tabs') });
  });

  it('reads the tab actions in the text grammar', () => {
    const parsed = parseActionText('Thought: x\nActions:\nopen_tab "https://a.example/"\nswitch_tab 2\nclose_tab tab 3');
    expect(parsed.actions).toEqual([{ kind: 'open_tab', url: 'https://a.example/' }, { kind: 'switch_tab', n: 2 }, { kind: 'close_tab', n: 3 }]);
  });
});
