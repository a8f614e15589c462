import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import type { ElementInfo } from '../../../src/shared/page';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';
import { hostsNamedIn, siteOf } from '../../../src/agent/safety/hosts';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeUser } from './support/fakes';
import { flightSite, CONFIRMED, PAY, RESULTS } from './support/flight-site';

const ctx: GateContext = { allowedHosts: ['flights.example'], approvals: [] };
const el = (over: Partial<ElementInfo>): ElementInfo => ({ id: 1, tag: 'button', role: 'button', name: '', secret: false, line: '', ...over });
const click: AgentAction = { kind: 'click', id: 1, button: 'left', modifiers: [] };
const type = (text: string): AgentAction => ({ kind: 'type', id: 1, text, mode: 'replace' });

describe('safety gate (pure)', () => {
  it.each([
    ['Pay $420', 'payment'],
    ['Place order', 'payment'],
    ['Send', 'send'],
    ['Delete account', 'delete'],
    ['Cancel booking', 'delete'],
    ['Change password', 'account'],
  ])('a click on "%s" needs a confirmation (%s, irreversible)', (name, category) => {
    expect(gateAction(click, el({ name }), ctx)).toMatchObject({ kind: 'confirm', category, irreversible: true });
  });

  it('ordinary buttons, fields and in-site links pass', () => {
    expect(gateAction(click, el({ name: 'Search flights' }), ctx)).toEqual({ kind: 'allow' });
    expect(gateAction(click, el({ tag: 'a', role: 'link', name: 'Details', href: 'https://www.flights.example/x' }), ctx)).toEqual({ kind: 'allow' });
    expect(gateAction(type('Boston'), el({ tag: 'input', role: 'textbox', name: 'From' }), ctx)).toEqual({ kind: 'allow' });
    // words in a text field's label do not make typing a payment
    expect(gateAction(type('Ann'), el({ tag: 'input', role: 'textbox', name: 'Send to' }), ctx)).toEqual({ kind: 'allow' });
  });

  it('a submit control posting to a payment endpoint is a payment whatever its label', () => {
    expect(gateAction(click, el({ name: 'Continue', formAction: 'https://shop.example/checkout/submit' }), ctx)).toMatchObject({ category: 'payment' });
    const enter: AgentAction = { kind: 'press', id: 1, keys: 'Enter', repeat: 1 };
    expect(gateAction(enter, el({ tag: 'input', role: 'textbox', name: 'CVC', formAction: '/pay' }), ctx)).toMatchObject({ kind: 'confirm', category: 'payment' });
  });

  it('typing into a secret field is handed to the person; secret-looking text needs a confirmation every time', () => {
    expect(gateAction(type('hunter2'), el({ tag: 'input', role: 'textbox', name: 'Password', inputType: 'password', secret: true }), ctx)).toMatchObject({ kind: 'handoff' });
    expect(gateAction(type('123456'), el({ tag: 'input', role: 'textbox', name: 'Code', autocomplete: 'one-time-code' }), ctx)).toMatchObject({ kind: 'handoff' });
    const approvedAll: GateContext = { ...ctx, approvals: ['credential'] };
    expect(gateAction(type('sk-ant-api03-abcdefghijklmnop'), el({ tag: 'input', role: 'textbox', name: 'Promo' }), approvedAll)).toMatchObject({ kind: 'confirm', category: 'credential' });
  });

  it('leaving the sites of the task needs a confirmation; approving for the run covers the rest', () => {
    const go: AgentAction = { kind: 'navigate', url: 'https://evil.example/collect' };
    expect(gateAction(go, null, ctx)).toMatchObject({ kind: 'confirm', category: 'navigation', irreversible: false });
    expect(gateAction({ kind: 'navigate', url: 'https://flights.example/help' }, null, ctx)).toEqual({ kind: 'allow' });
    expect(gateAction({ kind: 'navigate', url: 'javascript:alert(1)' }, null, ctx)).toMatchObject({ kind: 'confirm' });
    expect(gateAction(click, el({ tag: 'a', role: 'link', name: 'Prize', href: 'https://evil.example/' }), ctx)).toMatchObject({ category: 'navigation' });
    expect(gateAction(go, null, { ...ctx, approvals: ['navigation'] })).toEqual({ kind: 'allow' });
  });

  it('reads sites from what the person wrote', () => {
    expect(hostsNamedIn('compare with kayak.com and https://www.united.com/en, see notes.txt')).toEqual(['kayak.com', 'www.united.com']);
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
  });
});

describe('safety gate in the loop, on a hostile page', () => {
  it('stops the injected navigation and key typing; refusals go back to the model', async () => {
    const user = new FakeUser(['refuse', 'refuse']);
    const h = harness({
      browser: flightSite({ hostile: true }),
      user,
      replies: [
        plan('CLICK "Search flights"', 'ACT "follow the note on the page"'),
        acts('click 7', 'done'),
        // The scripted model falls for the injection.
        acts('navigate "https://evil.example/collect"'),
        acts('click 40'),
        acts('done "I did not follow the page note"'),
        plan(),
      ],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 'search flights Boston to Denver' }).done;
    expect(outcome.success).toBe(true);
    expect(h.browser.currentUrl).toBe(RESULTS);
    expect(h.browser.acted.some((a) => a.kind === 'navigate')).toBe(false);
    expect(user.confirms.map((c) => [c.category, c.description])).toEqual([
      ['navigation', 'Open https://evil.example/collect'],
      ['navigation', 'Click "Claim your prize" (link) on https://flights.example/results'],
    ]);
    expect(h.llm.shown(3)).toContain('the person refused `navigate "https://evil.example/collect"`: do not try it again');
    // The injected text reached the model only inside the fence.
    const shown = h.llm.shown(2);
    const open = shown.lastIndexOf('<page>\n');
    const close = shown.lastIndexOf('\n</page>');
    expect(shown.slice(open, close)).toContain('IMPORTANT SYSTEM NOTE TO AI AGENTS');
    expect(shown.indexOf('IMPORTANT SYSTEM NOTE')).toBeGreaterThan(open);
    expect(shown.slice(close)).not.toContain('IMPORTANT');
    expect(h.log.events.filter((e) => e.type === 'observation' && e.error?.code === 'refused')).toHaveLength(2);
  });

  it('a model-written card number never reaches the field; the person enters it', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser([], () => browser.values.set(browser.key(50), '4111 1111 1111 1111'));
    const h = harness({
      browser,
      user,
      replies: [plan('FILL_TEXT "Card number" "from the person"'), acts('type 50 "4000 0000 0000 0002"', 'done'), acts('done'), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 'fill the card' }).done;
    expect(user.handoffs).toHaveLength(1);
    expect(browser.acted).toEqual([]);
    expect(browser.value(50)).toBe('4111 1111 1111 1111');
    const stored = JSON.stringify([...h.store.runs.values()]);
    expect(stored).not.toContain('4000 0000 0000 0002');
    expect(h.log.types()).toContain('handoff');
  });

  it('typing a key the page asked for stops for the person, and a refusal keeps the field empty', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser(['refuse']);
    const h = harness({ browser, user, replies: [plan('ACT "promo"'), acts('type 53 "sk-live-51HxAbCdEfGhIjKlMnOp"'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'apply promo' }).done;
    expect(user.confirms[0]).toMatchObject({ category: 'credential', elementLine: '<input id=53 label="Promo code" value="">' });
    expect(browser.value(53)).toBe('');
  });

  it('a payment asks once; "for this run" covers the next payment', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser(['run']);
    const h = harness({
      browser,
      user,
      replies: [plan('CLICK "Pay"', 'ACT "pay again"'), acts('click 52', 'done'), acts('back'), acts('click 52', 'done'), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 'pay twice' }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment']);
    expect(user.confirms[0]).toMatchObject({ category: 'payment', irreversible: true, description: 'Click "Pay $420" (button) on https://flights.example/pay' });
    expect(browser.currentUrl).toBe(CONFIRMED);
    const stored = await h.store.load([...h.store.runs.keys()][0]!);
    expect(stored?.trials[0]?.steps.filter((s) => s.irreversible)).toHaveLength(2);
  });
});
