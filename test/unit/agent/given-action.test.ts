import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { flightSite, CONFIRMED, HOME, PAY } from './support/flight-site';
import { FakeUser, MemoryStore } from './support/fakes';

// An app's `act`: one action by the page's ids, through the gate, with no model call.

const onPay = () => {
  const browser = flightSite();
  browser.currentUrl = PAY;
  return browser;
};

describe('a given action (an app chose it)', () => {
  it('types into a field with no question and no model call, and says what the page shows', async () => {
    const h = harness();
    const out = await h.agent.act({ chatId: 'c', by: 'Notes app', action: { kind: 'type', id: 4, text: 'Denver', mode: 'replace' } }).done;
    expect(out).toMatchObject({ status: 'done', success: true });
    expect(out.summary).toMatch(/^Typed Denver into To: /);
    expect(h.browser.value(4, HOME)).toBe('Denver');
    expect(h.llm.roles()).toEqual([]);
    expect(h.user.confirms).toEqual([]);
    expect(h.log.types()).toEqual(expect.arrayContaining(['run_started', 'action', 'observation', 'done']));
    expect(h.log.events.find((e) => e.type === 'run_started')).toMatchObject({ task: 'Notes app: type 4 "…"' });
  });

  it('a payment asks the person first: refused, nothing is paid and the app is told why', async () => {
    const h = harness({ browser: onPay(), user: new FakeUser(['refuse']) });
    const out = await h.agent.act({ chatId: 'c', by: 'Pay agent', action: { kind: 'click', id: 52, button: 'left', modifiers: [] } }).done;
    expect(h.user.confirms).toHaveLength(1);
    expect(h.user.confirms[0]).toMatchObject({ category: 'payment', irreversible: true });
    expect(h.browser.currentUrl).toBe(PAY);
    expect(out.success).toBe(false);
    expect(out.summary).toMatch(/^Click Pay \$420 did not run: you did not allow/);
  });

  it('allowed once, the payment goes', async () => {
    const h = harness({ browser: onPay(), user: new FakeUser(['once']) });
    const out = await h.agent.act({ chatId: 'c', by: 'Pay agent', action: { kind: 'click', id: 52, button: 'left', modifiers: [] } }).done;
    expect(h.browser.currentUrl).toBe(CONFIRMED);
    expect(out).toMatchObject({ status: 'done', success: true });
  });

  it('text an app would type into a secret field goes to the person, and is kept nowhere in the run', async () => {
    const store = new MemoryStore();
    const h = harness({ browser: onPay(), store });
    const out = await h.agent.act({ chatId: 'c', by: 'App', action: { kind: 'type', id: 50, text: 'Tulip-hunter-77', mode: 'replace' }, runId: 'r-secret' }).done;
    expect(h.user.handoffs).toHaveLength(1);
    expect(out.summary).toBe('The person did it themselves: the field is a secret one.');
    expect(store.runs.get('r-secret')).not.toContain('Tulip-hunter-77');
    expect(JSON.stringify(h.log.events)).not.toContain('Tulip-hunter-77');
  });

  it('an id the page does not have is refused in words, and nothing runs', async () => {
    const h = harness();
    const out = await h.agent.act({ chatId: 'c', by: 'App', action: { kind: 'click', id: 999, button: 'left', modifiers: [] } }).done;
    expect(out).toMatchObject({ status: 'failed', success: false });
    expect(out.summary).toMatch(/no element with id 999/);
  });

  it('cut off by a restart, it is not done again nor planned on: it ends saying so', async () => {
    const store = new MemoryStore();
    const first = harness({ store });
    const handle = first.agent.act({ chatId: 'c', by: 'App', action: { kind: 'type', id: 4, text: 'Denver', mode: 'replace' }, runId: 'r1' });
    await handle.done;
    // as if the worker stopped after the run was stored as going on
    const saved = (await store.load('r1')) as Record<string, unknown>;
    await store.save({ ...saved, status: 'running', result: undefined } as never);
    const again = harness({ store });
    const resumed = await again.agent.resume('r1');
    const out = await resumed!.done;
    expect(out).toMatchObject({ status: 'failed', success: false });
    expect(out.summary).toMatch(/not done again/);
    expect(again.llm.roles()).toEqual([]);
    expect(again.browser.value(4, HOME)).toBe('');
    expect(await again.agent.reportWrong('r1', 'no')).toBeUndefined();
  });
});
