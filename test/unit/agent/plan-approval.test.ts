import { describe, expect, it } from 'vitest';
import { planCovers } from '../../../src/agent/loop/plan-approval';
import type { Effect } from '../../../src/agent/safety/effects';
import type { RunState } from '../../../src/agent/run-state';
import { FakeBrowser, type FakeEl } from './support/fake-browser';
import { FakeUser } from './support/fakes';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';

const HOME = 'https://bank.example/';
const post = (url: string, postData = '') => ({ method: 'POST', url, resourceType: 'XHR', postData });
const task = 'update my nickname';

/** A bank page with its requests held: "Save" posts a form, "Add payee" another, "Pay $420" a payment. */
function bank(): FakeBrowser {
  const button = (id: number, name: string, sends: FakeEl['sends']): FakeEl => ({ id, tag: 'button', name, sends, onClick: (br) => void br.flags.add(name) });
  const b = new FakeBrowser(
    {
      [HOME]: {
        title: 'Bank',
        elements: () => [
          button(5, 'Save', [post('https://bank.example/profile', 'nick=Ada')]),
          button(6, 'Add payee', [post('https://bank.example/api/v2/items', 'note=x')]),
          button(7, 'Pay $420', [post('https://bank.example/pay', 'amount=420')]),
        ],
      },
    },
    HOME,
  );
  b.holds = true;
  return b;
}

/** A plan of two steps, CLICK "Save button" then CLICK "Pay", each doing `first` and `second`. */
const run = (user: FakeUser, browser: FakeBrowser, first: string, second = 'done') =>
  harness({ browser, user, config: { approvePlan: true }, replies: [plan('CLICK "Save button"', 'CLICK "Pay"'), acts(first, 'done'), acts(second, 'done'), plan()] }).agent.start({ chatId: 'c', task }).done;

describe('approve the plan, then let it work inside it', () => {
  it('shows the first plan with its site and steps before anything is done; approved, the form a step names goes unasked', async () => {
    const browser = bank();
    const user = new FakeUser(['run']);
    await run(user, browser, 'click 5');
    expect(user.confirms).toHaveLength(1);
    expect(user.confirms[0]).toMatchObject({ category: 'plan', action: null, host: 'bank.example', context: '1. Click Save button\n2. Click Pay' });
    expect(user.confirms[0]!.description).toContain('on bank.example');
    expect(browser.sent.map((r) => r.url)).toEqual(['https://bank.example/profile']);
  });

  it('a payment the plan names is still asked, and so is a form sent by a control the plan does not name', async () => {
    const browser = bank();
    const user = new FakeUser(['run', 'refuse', 'refuse']);
    await run(user, browser, 'click 6', 'click 7');
    expect(user.confirms.map((c) => c.category)).toEqual(['plan', 'form', 'payment']);
    expect(browser.sent).toEqual([]);
  });

  it('"Ask me at each step" asks at the form as before; "Stop" ends the run before anything is done', async () => {
    const asked = bank();
    const stepwise = new FakeUser(['once', 'refuse']);
    await run(stepwise, asked, 'click 5');
    expect(stepwise.confirms.map((c) => c.category)).toEqual(['plan', 'form']);
    expect(asked.sent).toEqual([]);

    const stopped = bank();
    const stopper = new FakeUser(['refuse']);
    const outcome = await run(stopper, stopped, 'click 5');
    expect(outcome.status).toBe('stopped');
    expect(stopped.flags.size).toBe(0);
  });

  it('without the setting no plan is shown', async () => {
    const browser = bank();
    const user = new FakeUser(['refuse']);
    await harness({ browser, user, replies: [plan('CLICK "Save"'), acts('click 5', 'done'), plan()] }).agent.start({ chatId: 'c', task }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['form']);
  });
});

describe('what an approved plan covers (planCovers)', () => {
  const approved = { planApproval: { approved: true, sites: ['www.shop.example'], controls: ['Search button', 'OK'] } } as RunState;
  const form = (over: Partial<Effect> = {}): Effect => ({ method: 'POST', url: 'https://shop.example/s', host: 'shop.example', path: '/s', offSite: false, navigation: false, fields: [], category: 'form', irreversible: false, ...over });
  it('a plain form on the plan\'s site from a control it names', () => {
    expect(planCovers(approved, form(), 'Search')).toBe(true);
    expect(planCovers(approved, form({ host: 'cdn.shop.example' }), 'search button')).toBe(true);
    expect(planCovers(approved, form(), 'OK')).toBe(true);
  });
  it('not another control, another site, data leaving, a sign-in, or an effect that cannot be undone', () => {
    expect(planCovers(approved, form(), 'Add payee')).toBe(false);
    expect(planCovers(approved, form(), 'OK!')).toBe(true);
    expect(planCovers(approved, form(), 'O')).toBe(false);
    expect(planCovers(approved, form(), 'Search all')).toBe(false);
    expect(planCovers(approved, form({ host: 'evil.example' }), 'Search')).toBe(false);
    expect(planCovers(approved, form({ offSite: true }), 'Search')).toBe(false);
    expect(planCovers(approved, form({ category: 'credential' }), 'Search')).toBe(false);
    expect(planCovers(approved, form({ category: 'payment', irreversible: true }), 'Search')).toBe(false);
    expect(planCovers({ planApproval: { ...approved.planApproval!, approved: false } } as RunState, form(), 'Search')).toBe(false);
  });
});
