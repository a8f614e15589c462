import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import type { ElementInfo } from '../../../src/shared/page';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';
import { hostsNamedIn, siteOf, urlsNamedIn } from '../../../src/agent/safety/hosts';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeUser } from './support/fakes';
import { FakeBrowser } from './support/fake-browser';
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

  const submit = (name: string, formAction: string) => el({ name, formAction });
  const link = (name: string, href: string) => el({ tag: 'a', role: 'link', name, href });

  it.each([
    ['Invoice 7731', 'https://bank.example/do/pay/inv-7731', 'payment'],
    ['View invoice', 'https://bank.example/do/pay?payee=Mallory&amount=900', 'payment'],
    ['Message 42', 'https://bank.example/messages/42/delete', 'delete'],
    ['Newsletter', 'https://bank.example/unsubscribe?token=abc', 'delete'],
    ['Order 7', 'https://bank.example/orders/7/cancel.php', 'delete'],
  ])('a link "%s" to %s, whose words say nothing, is asked about by its address (%s)', (name, href, category) => {
    const sites: GateContext = { ...ctx, allowedHosts: ['bank.example'], requestsHeld: true };
    expect(gateAction(click, link(name, href), sites)).toMatchObject({ kind: 'confirm', category, irreversible: true });
  });

  it.each([
    ['the Send button of a compose form', submit('Send', 'https://mail.example/send'), 'send'],
    ['a script Send button (role=button, no form)', el({ tag: 'div', role: 'button', name: 'Send' }), 'send'],
    ['Send reply', el({ name: 'Send reply' }), 'send'],
    ['a Reply button that submits a comment form', submit('Reply', 'https://forum.example/thread/7'), 'send'],
    ['Pay $420 posting to /pay', submit('Pay $420', 'https://flights.example/pay/submit'), 'payment'],
    ['Confirm booking', submit('Confirm booking', 'https://flights.example/airline/review'), 'payment'],
    ['Book flight on the payment form', submit('Book flight', 'https://flights.example/airline/payment'), 'payment'],
    ['Pay and book', el({ name: 'Pay and book' }), 'payment'],
    ['Place your order', el({ name: 'Place your order' }), 'payment'],
    ['Delete', submit('Delete', 'https://mail.example/inbox/delete'), 'delete'],
    ['Yes, delete it', el({ name: 'Yes, delete it' }), 'delete'],
    ['a Delete link (a GET that deletes)', link('Delete', 'https://blog.example/posts/4/delete'), 'delete'],
    ['Cancel my booking', el({ name: 'Cancel my booking' }), 'delete'],
    ['Remove card', el({ name: 'Remove card' }), 'delete'],
    ['an unlabelled submit to /checkout/submit', submit('Continue', 'https://shop.example/checkout/submit'), 'payment'],
  ])('true positive: %s asks (%s)', (_what, element, category) => {
    expect(gateAction(click, element, ctx)).toMatchObject({ kind: 'confirm', category, irreversible: true });
  });

  it.each([
    ['the inbox Reply link (opens the composer)', link('Reply', 'https://mail.example/compose?mode=reply&id=3')],
    ['a Reply button that opens a composer (no form)', el({ name: 'Reply' })],
    ['Forward', link('Forward', 'https://mail.example/compose?mode=forward&id=3')],
    ['Compose / New message', el({ name: 'New message' })],
    ['Continue to checkout (a link)', link('Continue to checkout', 'https://shop.example/checkout')],
    ['Continue to checkout (a button)', el({ name: 'Continue to checkout' })],
    ['Proceed to payment', el({ name: 'Proceed to payment' })],
    ['Checkout (the cart button)', el({ name: 'Checkout' })],
    ['Payment options', el({ name: 'Payment options' })],
    ['Add to cart', el({ name: 'Add to cart' })],
    ['Review order', el({ name: 'Review order' })],
    ['Send money (a link to the transfer page)', link('Send money', 'https://bank.example/transfer')],
    ['a Payments link to a list page', link('Payments', 'https://bank.example/payments/history')],
    ['an article link whose title starts with "pay"', link('Read more', 'https://bank.example/blog/2024/pay-later-explained')],
    ['a news link under a year', link('Transfer window', 'https://bank.example/news/2024/transfer')],
    ['Pay bills (a link to the bills page)', link('Pay bills', 'https://bank.example/bills')],
    ['a Submit button of a search form', { ...submit('Submit', 'https://flights.example/results'), searchForm: true }],
    ['a Continue button of a GET form (loads a page like a link)', { ...submit('Continue', 'https://flights.example/results'), formMethod: 'get' }],
    ['the Delete tab', el({ tag: 'div', role: 'tab', name: 'Deleted items' })],
    ['Remove filter: Nonstop', el({ name: 'Remove filter: Nonstop' })],
    ['Remove from cart (the item can be added again)', el({ name: 'Remove from cart' })],
    ['the compose page\'s Discard link (back to the inbox, nothing sent or stored)', link('Discard', 'https://mail.example/')],
  ])('no false positive: %s passes', (_what, element) => {
    const sites: GateContext = { ...ctx, allowedHosts: ['flights.example', 'mail.example', 'shop.example', 'bank.example'] };
    expect(gateAction(click, element, sites)).toEqual({ kind: 'allow' });
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
    // On the task's own site, a typed address must come from the person (or be where the run started).
    const known: GateContext = { ...ctx, knownUrls: ['https://flights.example/search?from=BOS', 'flights.example/help'] };
    expect(gateAction({ kind: 'navigate', url: 'https://flights.example/help' }, null, known)).toEqual({ kind: 'allow' });
    expect(gateAction({ kind: 'navigate', url: 'https://www.flights.example/search/?from=BOS#top' }, null, known)).toEqual({ kind: 'allow' });
    expect(gateAction({ kind: 'navigate', url: 'https://flights.example/claim?scenario=x' }, null, known)).toMatchObject({
      kind: 'confirm',
      category: 'navigation',
      reason: expect.stringContaining('may come from the page'),
    });
    expect(gateAction({ kind: 'navigate', url: 'https://flights.example:8080/help' }, null, known)).toMatchObject({ kind: 'confirm' });
    expect(gateAction({ kind: 'navigate', url: 'javascript:alert(1)' }, null, ctx)).toMatchObject({ kind: 'confirm' });
    expect(gateAction(click, el({ tag: 'a', role: 'link', name: 'Prize', href: 'https://evil.example/' }), ctx)).toMatchObject({ category: 'navigation' });
    // "for this run" covers that site only
    expect(gateAction(go, null, { ...ctx, approvals: ['navigation:evil.example'] })).toEqual({ kind: 'allow' });
    expect(gateAction({ kind: 'navigate', url: 'https://other.example/' }, null, { ...ctx, approvals: ['navigation:evil.example'] })).toMatchObject({ kind: 'confirm' });
  });

  it('reads sites from what the person wrote', () => {
    expect(hostsNamedIn('compare with kayak.com and https://www.united.com/en, see notes.txt')).toEqual(['kayak.com', 'www.united.com']);
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(urlsNamedIn('open kayak.com/deals, then http://127.0.0.1:4173/airline/?scenario=a1.')).toEqual(['kayak.com/deals', 'http://127.0.0.1:4173/airline/?scenario=a1']);
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
      ['navigation', 'Open evil.example/collect'],
      ['navigation', 'Click "Claim your prize" (link) on flights.example/results'],
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

  it('a typed address on the same site opens unasked only when the person gave it', async () => {
    const user = new FakeUser(['refuse']);
    const h = harness({
      user,
      replies: [
        plan('ACT "open the deals page"'),
        // one address from the page (an injected "open this link"), one the person wrote
        acts('navigate "https://flights.example/claim?reward=1"'),
        acts('navigate "https://flights.example/deals"', 'done'),
        plan(),
      ],
    });
    await h.agent.start({ chatId: 'c', task: 'open flights.example/deals and read it' }).done;
    expect(user.confirms.map((c) => [c.category, c.reason])).toEqual([
      ['navigation', 'the task does not give the address flights.example/claim (the address goes on with details after "?"); it may come from the page'],
    ]);
    expect(h.browser.acted).toEqual([{ kind: 'navigate', url: 'https://flights.example/deals' }]);
  });

  it('a bare Enter after typing is judged by the field typed into: Enter that sends a mail asks first', async () => {
    const mail = 'https://mail.example/compose';
    const browser = new FakeBrowser(
      {
        [mail]: {
          title: 'Compose',
          elements: () => [{ id: 1, tag: 'input', name: 'Subject', formAction: 'https://mail.example/send', onEnter: () => 'https://mail.example/sent' }],
        },
      },
      mail,
    );
    const user = new FakeUser(['refuse']);
    const h = harness({ browser, user, replies: [plan('ACT "write the subject and send"'), acts('type 1 "Hello"', 'press Enter'), acts('done "not sent"'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'write the subject' }).done;
    expect(user.confirms.map((c) => [c.category, c.elementLine])).toEqual([['send', '<input id=1 label="Subject" value="Hello">']]);
    expect(browser.acted.map((a) => a.kind)).toEqual(['type']);
  });

  it('a payment the person refuses ends the run there, stopped, in words: no other way to pay is looked for and no "Done" is claimed', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser(['refuse']);
    // a model that would go on and call it done ("Paid.") once told of the refusal
    const h = harness({ browser, user, replies: [plan('CLICK "Pay $420"'), acts('click 52'), acts('done "Paid."'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 'pay for the flight' }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment']);
    expect(browser.acted).toEqual([]);
    expect(outcome.status).toBe('stopped');
    expect(outcome.success).toBe(false);
    const stopped = h.log.events.find((e) => e.type === 'stopped');
    expect(stopped && 'reason' in stopped ? stopped.reason : '').toBe('you did not allow Click "Pay $420" (button) on flights.example/pay, so nothing more was done');
    expect(h.log.types()).not.toContain('done');
    // the model was not asked again after the refusal
    expect(h.llm.requests.length).toBe(2);
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
    expect(user.confirms[0]).toMatchObject({ category: 'credential', elementLine: '<input id=53 label="Promo code">' });
    expect(browser.value(53)).toBe('');
  });

  it('a payment asks every time: "for this run" is not remembered for an irreversible kind', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser(['run', 'once']);
    const h = harness({
      browser,
      user,
      replies: [plan('CLICK "Pay"', 'ACT "pay again"'), acts('click 52', 'done'), acts('back'), acts('click 52', 'done'), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 'pay twice' }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment', 'payment']);
    expect(user.confirms[0]).toMatchObject({ category: 'payment', irreversible: true, rememberable: false, host: 'flights.example', description: 'Click "Pay $420" (button) on flights.example/pay' });
    expect(browser.currentUrl).toBe(CONFIRMED);
    const stored = await h.store.load([...h.store.runs.keys()][0]!);
    expect(stored?.trials[0]?.steps.filter((s) => s.irreversible)).toHaveLength(2);
  });
});

describe('"Subscribe" (commit.ts)', () => {
  it('a newsletter\'s bare Subscribe commits (judged by what it sends when requests are held); one that names a price pays', () => {
    const sub = (name: string, held = false) => gateAction(click, el({ name, text: name }), { ...ctx, pageUrl: 'https://flights.example/', requestsHeld: held });
    expect(sub('Subscribe')).toMatchObject({ kind: 'confirm', category: 'commit' });
    expect(sub('Subscribe', true)).toEqual({ kind: 'allow' });
    expect(sub('Subscribe for $9.99/month', true)).toMatchObject({ kind: 'confirm', category: 'payment', irreversible: true });
    expect(sub('Subscribe – 12 € per month')).toMatchObject({ kind: 'confirm', category: 'payment' });
  });
});
