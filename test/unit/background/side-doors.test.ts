import { afterAll, describe, expect, it } from 'vitest';
import { closeSideDoors, UNWATCHED } from '../../../src/background/executor/side-doors';
import { refusalOfRequest } from '../../../src/background/executor/held-port';
import type { SentRequest } from '../../../src/shared/effect';

type Rule = chrome.declarativeNetRequest.Rule;
type Listener = (d: Record<string, unknown>) => void;

/**
 * The browser as the side doors see it: session rules, tabs, and webRequest's events. One for the
 * file: the doors' webRequest listeners are shared, and stay a while after the doors open.
 */
function fakeBrowser() {
  const tab = { url: '' };
  const rules = new Map<number, Rule>();
  const on: Record<string, Listener[]> = { begin: [], error: [], done: [] };
  const event = (list: Listener[]) => ({ addListener: (f: Listener) => list.push(f), removeListener: (f: Listener) => list.splice(list.indexOf(f), 1) });
  (globalThis as { chrome?: unknown }).chrome = {
    declarativeNetRequest: {
      updateSessionRules: async (u: { removeRuleIds?: number[]; addRules?: Rule[] }) => {
        u.removeRuleIds?.forEach((id) => rules.delete(id));
        u.addRules?.forEach((r) => rules.set(r.id, r));
      },
    },
    tabs: { query: async () => [{ id: 7 }, { id: 8 }], get: async () => ({ id: 7, url: tab.url }), onCreated: event([]) },
    webRequest: { onBeforeRequest: event(on.begin!), onErrorOccurred: event(on.error!), onCompleted: event(on.done!) },
  };
  const send = (d: Record<string, unknown>, refused: boolean) => {
    on.begin!.forEach((f) => f(d));
    if (refused) on.error!.forEach((f) => f({ ...d, error: 'net::ERR_BLOCKED_BY_CLIENT' }));
    else on.done!.forEach((f) => f(d));
  };
  return { rules, send, tab };
}
const b = fakeBrowser();

/** What the action hears of requests through a door: how many began, and what was refused. */
function hearing() {
  const refused: SentRequest[] = [];
  let going = 0;
  return {
    refused,
    going: () => going,
    began: () => (going++, { ended: (r: SentRequest | null) => (going--, r && refused.push(r)) }),
  };
}

const tabRule = (rules: Map<number, Rule>) => [...rules.values()].find((r) => r.condition.tabIds?.[0] === 7)!;

afterAll(() => delete (globalThis as { chrome?: unknown }).chrome);

describe('the door of frames no session watches', () => {
  it("shuts the tab's posts from any initiator but its site to another site, and lets a frame in once its session holds it", async () => {
    b.tab.url = 'https://www.bank.test/review';
    const doors = (await closeSideDoors(7, hearing().began))!;
    const rule = tabRule(b.rules);
    expect(rule.action.type).toBe('block');
    expect(rule.condition).toMatchObject({ tabIds: [7], domainType: 'thirdParty', excludedInitiatorDomains: ['bank.test'] });
    expect(rule.condition.requestMethods).not.toContain('get');
    await doors.watchFrame('checkout.pay.test');
    expect(tabRule(b.rules).condition.excludedInitiatorDomains).toEqual(['bank.test', 'pay.test']);
    await doors.open();
    expect(b.rules.size).toBe(0);
  });

  it("tells the action what a sandboxed frame's post was, and counts neither the page's own posts nor reads", async () => {
    b.tab.url = 'https://bank.test/review';
    const h = hearing();
    const doors = (await closeSideDoors(7, h.began))!;
    // the page's own post (held by the tab's session, not here) and a read from the opaque frame
    b.send({ requestId: '1', tabId: 7, method: 'POST', url: 'https://bank.test/do/pay', initiator: 'https://bank.test' }, false);
    b.send({ requestId: '2', tabId: 7, method: 'GET', url: 'https://bank.test/x.png', initiator: 'null' }, false);
    expect(h.refused).toEqual([]);
    b.send({ requestId: '3', tabId: 7, method: 'POST', url: 'https://bank.test/do/pay', initiator: 'null' }, true);
    expect(h.refused).toEqual([{ method: 'POST', url: 'https://bank.test/do/pay', resourceType: UNWATCHED }]);
    expect(refusalOfRequest(h.refused[0]!).message).toMatch(/^a frame of the page that the co-pilot cannot watch .* \(POST bank\.test\/do\/pay\)/);
    expect(h.going()).toBe(0);
    await doors.open();
  });
});
