import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import type { ElementInfo } from '../../../src/shared/page';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeUser } from './support/fakes';
import { FakeBrowser } from './support/fake-browser';

// Attacks a hostile page makes on the gate itself; each row was let through before the gate read
// fresh facts, every key that presses a button, and asked about what it does not know.
const ctx: GateContext = { allowedHosts: ['bank.example'], approvals: [], pageUrl: 'https://bank.example/transfer' };
const button = (over: Partial<ElementInfo>): ElementInfo => ({ id: 1, tag: 'button', role: 'button', name: '', secret: false, line: '', ...over });
const click: AgentAction = { kind: 'click', id: 1, button: 'left', modifiers: [] };
const press = (keys: string): AgentAction => ({ kind: 'press', id: 1, keys, repeat: 1 });

describe('keyboard activation is judged like a click', () => {
  // "Enter,Enter" and "Space," are read by the executors' own parser: what is judged is what is pressed
  it.each(['Space', ' ', 'Enter', 'Return', 'NumpadEnter', 'Shift+Enter', 'Tab Enter', 'Enter,Enter', 'Space,', 'enter', 'Escape,Enter'])('press %j on "Pay $420" asks', (keys) => {
    expect(gateAction(press(keys), button({ name: 'Pay $420' }), ctx)).toMatchObject({ kind: 'confirm', category: 'payment', irreversible: true });
  });

  it('a key that does not activate passes; Space in a text field types a space', () => {
    expect(gateAction(press('ArrowDown'), button({ name: 'Pay $420' }), ctx)).toEqual({ kind: 'allow' });
    expect(gateAction(press('Space'), button({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Memo', formAction: 'https://bank.example/pay' }), ctx)).toEqual({ kind: 'allow' });
  });

  it('Enter in a field is judged by the button it presses and where the form goes', () => {
    const field = button({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Amount', formAction: 'https://bank.example/x', formMethod: 'post', submitName: 'Send $900' });
    expect(gateAction(press('Enter'), field, ctx)).toMatchObject({ kind: 'confirm', category: 'payment' });
    const crossSite = button({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Search', formAction: 'https://evil.example/collect', formMethod: 'get' });
    expect(gateAction(press('Enter'), crossSite, ctx)).toMatchObject({ kind: 'confirm', category: 'navigation', reason: expect.stringContaining('evil.example') });
  });

  it('Enter and Ctrl+Enter in a message box are how composers send; Shift+Enter starts a line', () => {
    const box = button({ tag: 'textarea', role: 'textbox', name: 'Message' });
    const chat = button({ tag: 'div', role: 'textbox', name: 'Write a message' });
    expect(gateAction(press('Control+Enter'), box, ctx)).toMatchObject({ kind: 'confirm', category: 'send' });
    expect(gateAction(press('Enter'), box, ctx)).toMatchObject({ kind: 'confirm', category: 'send', irreversible: true });
    expect(gateAction(press('Enter'), chat, ctx)).toMatchObject({ kind: 'confirm', category: 'send', irreversible: true });
    expect(gateAction(press('Shift+Enter'), chat, ctx)).toEqual({ kind: 'allow' });
  });
});

describe('every name a control has is read', () => {
  it('visible text "Buy now $899" under aria-label "Show shipping details" buys', () => {
    const el = button({ name: 'Show shipping details', label: 'Show shipping details', text: 'Buy now $899' });
    expect(gateAction(click, el, ctx)).toMatchObject({ kind: 'confirm', category: 'payment', reason: expect.stringContaining('Buy now $899') });
  });

  it('a label relabelled after the snapshot is judged by what it says now', () => {
    // the page model still says "Next" (name); the live element reads "Pay $900"
    expect(gateAction(click, button({ name: 'Next', label: '', text: 'Pay $900' }), ctx)).toMatchObject({ kind: 'confirm', category: 'payment' });
  });

  it('words drawn after harmless ones ("Next Pay $900") still ask', () => {
    expect(gateAction(click, button({ name: 'Next', text: 'Next Pay $900' }), ctx)).toMatchObject({ kind: 'confirm', category: 'payment' });
  });
});

describe('the gate asks unless it knows better', () => {
  it.each([
    ['Transfer funds', 'payment'],
    ['Confirm transfer', 'payment'],
    ['Submit payment', 'payment'],
    ['Make payment', 'payment'],
    ['Confirm', 'commit'],
    ['Approve', 'commit'],
    ['Yes', 'commit'],
    ['Authorize', 'commit'],
  ])('"%s" is irreversible (%s)', (name, category) => {
    expect(gateAction(click, button({ name }), ctx)).toMatchObject({ kind: 'confirm', category, irreversible: true });
  });

  it('a submit to /transfer asks whatever the button says', () => {
    expect(gateAction(click, button({ name: 'Continue', formAction: 'https://bank.example/transfer', formMethod: 'post' }), ctx)).toMatchObject({ category: 'payment', irreversible: true });
  });

  it('any other form submission asks; "for this run" covers forms on the same site only', () => {
    const save = button({ name: 'Save', formAction: 'https://bank.example/profile', formMethod: 'post' });
    const verdict = gateAction(click, save, ctx);
    expect(verdict).toMatchObject({ kind: 'confirm', category: 'form', irreversible: false, approvalKey: 'form:bank.example' });
    expect(gateAction(click, save, { ...ctx, approvals: ['form:bank.example'] })).toEqual({ kind: 'allow' });
  });

  it('a control it does not know asks, and the approval covers that control only', () => {
    const frob = button({ name: 'Frobnicate' });
    expect(gateAction(click, frob, ctx)).toMatchObject({ kind: 'confirm', category: 'other', approvalKey: 'other:bank.example:frobnicate' });
    expect(gateAction(click, frob, { ...ctx, approvals: ['other:bank.example:frobnicate'] })).toEqual({ kind: 'allow' });
    expect(gateAction(click, button({ name: 'Wibble' }), { ...ctx, approvals: ['other:bank.example:frobnicate'] })).toMatchObject({ kind: 'confirm' });
  });

  it('irreversible kinds are never covered by an earlier approval', () => {
    const approvedEverything: GateContext = { ...ctx, approvals: ['payment', 'send', 'delete', 'commit', 'form:bank.example', 'other:bank.example:pay $420'] };
    expect(gateAction(click, button({ name: 'Pay $420' }), approvedEverything)).toMatchObject({ kind: 'confirm', category: 'payment' });
  });

  it.each([
    ['Next', button({ name: 'Next' })],
    ['a menu button', button({ name: 'Account', popup: true })],
    ['a tab', button({ role: 'tab', name: 'Statements' })],
    ['a date picker day', button({ name: '14' })],
    ['a calendar day named with its date', button({ name: 'Tuesday, 25 May 2027', text: '25' })],
    ['a month arrow', button({ name: 'Next month', text: '›' })],
    ['a checkbox', button({ tag: 'input', role: 'checkbox', inputType: 'checkbox', name: 'Remember me' })],
    ['Add to cart', button({ name: 'Add to cart' })],
    ['Search', button({ name: 'Search' })],
    ['a heading', button({ tag: 'h2', role: 'heading', name: 'Your accounts' })],
    ['an in-site link', button({ tag: 'a', role: 'link', name: 'Statements', href: 'https://www.bank.example/statements' })],
  ])('known harmless passes: %s', (_what, el) => {
    expect(gateAction(click, el, ctx)).toEqual({ kind: 'allow' });
  });

  it('a script link, a data: link and a select that submits its form ask', () => {
    expect(gateAction(click, button({ tag: 'a', role: 'link', name: 'Claim', href: 'javascript:void(0)' }), ctx)).toMatchObject({ kind: 'confirm', category: 'other' });
    // harmless words do not cover a script: it runs whatever it says
    expect(gateAction(click, button({ tag: 'a', role: 'link', name: 'View statement', href: "javascript:post('/do/pay')" }), ctx)).toMatchObject({ kind: 'confirm', category: 'other' });
    expect(gateAction(click, button({ tag: 'a', role: 'link', name: 'Menu', href: 'javascript:void(0)' }), ctx)).toEqual({ kind: 'allow' });
    // "Forward" opens a composer; "Forward all" does something the gate does not know
    expect(gateAction(click, button({ name: 'Forward all' }), ctx)).toMatchObject({ kind: 'confirm' });
    expect(gateAction(click, button({ tag: 'a', role: 'link', name: 'Claim', href: 'data:text/html,<script>x</script>' }), ctx)).toMatchObject({ kind: 'confirm', category: 'navigation' });
    const select: AgentAction = { kind: 'select', id: 1, values: ['All'] };
    const auto = button({ tag: 'select', role: 'combobox', name: 'Account', autoSubmit: true, formAction: 'https://bank.example/transfer', formMethod: 'post' });
    expect(gateAction(select, auto, ctx)).toMatchObject({ kind: 'confirm', category: 'payment' });
    expect(gateAction(select, { ...auto, autoSubmit: undefined }, ctx)).toEqual({ kind: 'allow' });
  });
});

describe('a page that takes the tab to another site after a harmless click', () => {
  it('asks before going on there, and goes back when the person refuses', async () => {
    const home = 'https://shop.example/';
    const browser = new FakeBrowser(
      {
        [home]: { title: 'Shop', elements: () => [{ id: 1, tag: 'a', role: 'link', name: 'Deals', href: 'https://shop.example/deals', onClick: () => 'https://evil.example/deals' }] },
        'https://evil.example/deals': { title: 'Deals', elements: () => [] },
      },
      home,
    );
    const user = new FakeUser(['refuse']);
    const h = harness({ browser, user, replies: [plan('CLICK "Deals"'), acts('click 1'), acts('done "stayed on the shop"'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'open the deals' }).done;
    expect(user.confirms.map((c) => [c.category, c.reason])).toEqual([['navigation', 'the page took the tab to evil.example, a site not named in the task']]);
    expect(browser.currentUrl).toBe(home);
    expect(h.llm.shown(2)).toContain('the person did not want to continue there');
  });
});
