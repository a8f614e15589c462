import { describe, expect, it } from 'vitest';
import { luhnValid, SecretVault } from '../../../src/agent/safety/secrets';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeUser } from './support/fakes';
import { flightSite, PAY } from './support/flight-site';

const CARD = '4111 1111 1111 1111';

describe('masking secrets in the person\'s words', () => {
  it('replaces card numbers (Luhn and length), CVCs, passwords and one-time codes by placeholders', () => {
    const v = new SecretVault();
    const text = `Pay with card ${CARD}, expiry 08/29, CVC 737. My password is "s3cret pass" and the pw for mail is hunter2. One-time code: 482913.`;
    const masked = v.mask(text);
    expect(masked).toBe('Pay with card «card number», expiry «expiry date», CVC «CVC». My password is «password» and the pw for mail is «password 2». One-time code: «one-time code».');
    for (const secret of ['4111', '08/29', '737', 's3cret', 'hunter2', '482913']) expect(masked).not.toContain(secret);
    expect(v.reveal('«expiry date»')).toBe('08/29');
    // a date that is no card's expiry (no month) stays
    expect(new SecretVault().mask('my passport expires 2031')).toBe('my passport expires 2031');
    expect(v.reveal('«card number»')).toBe(CARD);
    expect(v.reveal('«password»')).toBe('s3cret pass');
    expect(v.reveal('«CVC»')).toBe('737');
    expect(v.reveal('«password 9»')).toBeNull();
    expect(new SecretVault().mask('log in with password: secret and pin 4321')).toBe('log in with password: «password» and pin «password 2»');
  });

  it('leaves numbers that are not secrets: a phone number, a failing checksum, an order number, a date', () => {
    const v = new SecretVault();
    const text = 'Call +1 555 010 2030, order 1234 5678 9012 3456 (not a card), flight SW123 on 12/03/2026, the password field is empty; reset my password on example.com and change the PIN settings.';
    expect(luhnValid('1234567890123456')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(v.mask(text)).toBe(text);
    expect(v.size).toBe(0);
  });

  it('a card number followed by its expiry and CVC, unnamed or named another way, masks all three', () => {
    const mask = (t: string) => new SecretVault().mask(t);
    // the grouped number used to read as 18 digits with the month, fail its checksum and go out whole
    expect(mask(`pay with ${CARD} 08/29 737`)).toBe('pay with «card number» «expiry date» «CVC»');
    expect(mask('pay with 4111111111111111 08/29 737')).toBe('pay with «card number» «expiry date» «CVC»');
    expect(mask(`${CARD} / 08/2029 / 7373`)).toBe('«card number» / «expiry date» / «CVC»');
    expect(mask(`card ${CARD} valid thru 08/29, security code 737`)).toBe('card «card number» valid thru «expiry date», security code «CVC»');
    expect(mask('card 4111-1111-1111-1111 12/27')).toBe('card «card number» «expiry date»');
    // what follows a card and is no expiry is left alone: an order number, a date with its day
    expect(mask(`use ${CARD} for order 55 on 12/05/2026`)).toBe('use «card number» for order 55 on 12/05/2026');
  });

  it('the same value repeated without its keyword is masked too, and known values are hidden in outgoing text', () => {
    const v = new SecretVault();
    expect(v.mask('card 5555555555554444 — yes 5555555555554444')).toBe('card «card number» — yes «card number»');
    expect(v.hide('typed 5555555555554444 into Card')).toBe('typed «card number» into Card');
  });
});

describe('secrets the person writes that are not cards, CVCs or passwords', () => {
  const masks = (text: string, expected: string, secrets: string[]) => {
    const masked = new SecretVault().mask(text);
    expect(masked, text).toBe(expected);
    for (const s of secrets) expect(masked, text).not.toContain(s);
  };

  it('a social security number in its usual shape, with or without its name', () => {
    masks('my SSN is 123-45-6789, thanks', 'my SSN is «SSN», thanks', ['6789']);
    masks('file it under 123-45-6789 please', 'file it under «SSN» please', ['6789']);
    masks('social security number: 123 45 6789', 'social security number: «SSN»', ['6789']);
  });

  it('API keys and tokens by their shape', () => {
    const keys = [
      'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
      'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0Ed',
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
      'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ];
    for (const key of keys) {
      const masked = new SecretVault().mask(`use ${key} for the dashboard`);
      expect(masked, key).toMatch(/^use «(?:API key|token)» for the dashboard$/);
    }
    masks('the api key is abc123XYZ', 'the api key is «API key»', ['abc123XYZ']);
  });

  it('a code introduced by "code ... is" or "code:", but not a postal, promo or error code', () => {
    masks('the code they texted me is 604913', 'the code they texted me is «one-time code»', ['604913']);
    masks('my code is 604913', 'my code is «one-time code»', ['604913']);
    masks('Enter the code: 604913.', 'Enter the code: «one-time code».', ['604913']);
    masks('le code est 604913', 'le code est «one-time code»', ['604913']);
    for (const text of ['my zip code is 90210', 'postal code: 75001', 'the promo code is 2024', 'error code 5012 came back', 'area code: 0207', 'code postal: 75001', 'country code is 0044']) {
      masks(text, text, []);
    }
  });

  it('passwords named in French, German, Spanish, Italian, Dutch and Portuguese', () => {
    masks('mot de passe: hunter2', 'mot de passe: «password»', ['hunter2']);
    masks('Passwort: x', 'Passwort: «password»', []);
    masks('mein Kennwort ist Sommer2024', 'mein Kennwort ist «password»', ['Sommer2024']);
    masks('contraseña: x9y8', 'contraseña: «password»', ['x9y8']);
    masks('contrasena es Gato77', 'contrasena es «password»', ['Gato77']);
    masks("la parola d'ordine è Roma2020", "la parola d'ordine è «password»", ['Roma2020']);
    masks('wachtwoord: Fiets!9', 'wachtwoord: «password»', ['Fiets!9']);
    masks('a senha é Praia2023', 'a senha é «password»', ['Praia2023']);
  });

  it('IBANs by their checksum, grouped or not; a number that fails it stays', () => {
    masks('send it to GB82 WEST 1234 5698 7654 32 today', 'send it to «IBAN» today', ['WEST', '5698']);
    masks('IBAN DE89370400440532013000', 'IBAN «IBAN»', ['3704']);
    masks('pay de89 3704 0044 0532 0130 00.', 'pay «IBAN».', ['3704']);
    masks('ref GB00 WEST 1234 5698 7654 32', 'ref GB00 WEST 1234 5698 7654 32', []);
  });

  it('bank details, ids and answers named by the words of their fields', () => {
    masks('account number 31926819, sort code 60-16-13', 'account number «account number», sort code «bank code»', ['31926819', '60-16-13']);
    masks('my passport number is C01X00T47', 'my passport number is «passport number»', ['C01X00T47']);
    masks('NI number: QQ 12 34 56 C and then', 'NI number: «national id» and then', ['QQ 12']);
    masks('Steuer-ID: 12345678901', 'Steuer-ID: «tax id»', ['12345678901']);
    masks('codice fiscale RSSMRA85T10A562S', 'codice fiscale «tax id»', ['RSSMRA85T10A562S']);
    masks("my mother's maiden name is Smith.", "my mother's maiden name is «security answer».", ['Smith']);
    masks('memorable word: sunflower', 'memorable word: «security answer»', ['sunflower']);
    masks('backup code: 8f3a-2b9c', 'backup code: «recovery code»', ['8f3a']);
  });

  it('leaves ordinary words and numbers alone', () => {
    for (const text of [
      'book the flight for 2024-05-06 at 10:30 and call 555-123-4567',
      'the tax rate is 20 percent and the VAT number is on the invoice',
      'search passports for sale, account name: Jane Doe, order 123-456',
      'the code is on the back of the box, and the reset code field is empty',
      'my passport expires 2031, set the tin to 4 and the code of conduct is 2024 edition',
      'Passwort vergessen, mot de passe oublié, and the booking code: 556677',
    ]) {
      masks(text, text, []);
    }
  });
});

describe('secrets in a run', () => {
  const task = `Pay for the flight with card ${CARD} and CVC 123`;
  const digits = /4111\s?1111/;

  it('no prompt, event or stored run holds the card; the real value reaches only the secret field', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const h = harness({ browser, replies: [plan('FILL_TEXT "Card number" "«card number»"'), acts('type 50 "«card number»"', 'done'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task }).done;
    expect(outcome.success).toBe(true);
    expect(browser.value(50)).toBe(CARD);
    expect(h.user.handoffs).toHaveLength(0);

    for (const r of h.llm.requests) expect(JSON.stringify(r)).not.toMatch(digits);
    expect(h.llm.shown(0)).toContain('«card number»');
    expect(JSON.stringify(h.log.events)).not.toMatch(digits);
    expect(JSON.stringify([...h.store.runs.values()])).not.toMatch(digits);
    const typed = h.log.events.find((e) => e.type === 'action' && e.action.kind === 'type');
    expect(typed).toMatchObject({ action: { text: '«card number»' } });
  });

  it('a placeholder typed into a field that is not secret is refused and goes back to the model', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const h = harness({ browser, replies: [plan('FILL_TEXT "Promo code" "x"'), acts('type 53 "«card number»"'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(browser.value(53)).toBe('');
    expect(h.llm.shown(2)).toContain('typed only into a field the page marks as secret');
    expect(JSON.stringify(h.log.events)).not.toMatch(digits);
  });

  it('text the model wrote for a secret field is not in the action event (the person types it)', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser([], () => browser.values.set(browser.key(50), CARD));
    const h = harness({ browser, user, replies: [plan('FILL_TEXT "Card number" "x"'), acts('type 50 "4000 0000 0000 0002"', 'done'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'fill the card' }).done;
    expect(user.handoffs).toHaveLength(1);
    const shown = JSON.stringify(h.log.events);
    expect(shown).not.toContain('4000 0000 0000 0002');
    expect(h.log.events.find((e) => e.type === 'action')).toMatchObject({ action: { kind: 'type', text: '(hidden)' } });
  });

  it('after a restart with nothing kept, a placeholder for a secret field goes to the person, told why, and no line says it was typed', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const first = harness({ browser, replies: [plan('FILL_TEXT "Card number" "«card number»"'), { hang: true }] });
    const handle = first.agent.start({ chatId: 'c', task, runId: 'r1' });
    await new Promise((r) => setTimeout(r, 20));
    handle.control.stop();
    expect(JSON.stringify(await first.store.load('r1'))).not.toMatch(digits);

    // A new agent (a restarted worker, its host kept nothing) resumes the stored run: it has the placeholder, not the number.
    const user = new FakeUser([], () => browser.values.set(browser.key(50), CARD));
    const next = harness({ browser, store: first.store, user, replies: [acts('type 50 "«card number»"', 'done'), plan()] });
    const resumed = await next.agent.resume('r1');
    await resumed!.done;
    expect(user.handoffs).toHaveLength(1);
    expect(user.handoffs[0]).toMatch(/I don't have your card number for this task/);
    expect(browser.acted.filter((a) => a.kind === 'type')).toEqual([]);
    expect(browser.value(50)).toBe(CARD);
    // the timeline's line for it says the person types it, never "Typed «card number»"
    expect(next.log.events.find((e) => e.type === 'action')).toMatchObject({ action: { kind: 'type', text: '(hidden)' } });
  });

  it('the host keeps the values sealed for the run: a resumed run in a new worker types the card the person gave, and nothing else holds it', async () => {
    const kept = new Map<string, Record<string, string>>();
    const keeper = { load: async (id: string) => kept.get(id) ?? {}, save: async (id: string, e: Record<string, string>) => void kept.set(id, { ...e }) };
    const browser = flightSite();
    browser.currentUrl = PAY;
    const first = harness({ browser, secrets: keeper, replies: [plan('FILL_TEXT "Card number" "«card number»"'), { hang: true }] });
    const handle = first.agent.start({ chatId: 'c', task, runId: 'r1' });
    await new Promise((r) => setTimeout(r, 20));
    handle.control.stop();
    expect(kept.get('r1')).toEqual({ '«card number»': CARD, '«CVC»': '123' });
    expect(JSON.stringify(await first.store.load('r1'))).not.toMatch(digits);

    const user = new FakeUser();
    const next = harness({ browser, store: first.store, user, secrets: keeper, replies: [acts('type 50 "«card number»"', 'done'), plan()] });
    await (await next.agent.resume('r1'))!.done;
    expect(user.handoffs).toEqual([]);
    expect(browser.value(50)).toBe(CARD);
    expect(JSON.stringify([next.llm.requests, next.log.events, [...next.store.runs.values()]])).not.toMatch(digits);
  });

  it('a bare code or password the person gives when asked for one becomes a placeholder too', async () => {
    const v = new SecretVault();
    expect(v.maskAnswer('What is the one-time code from the SMS?', ' 482913 ')).toBe('«one-time code»');
    expect(v.maskAnswer('Which password should I use?', 'Tr0ub4dor&3')).toBe('«password»');
    expect(v.maskAnswer('Which password should I use?', 'I will type it myself')).toBe('I will type it myself');
    expect(new SecretVault().maskAnswer('Which flight do you prefer?', '482913')).toBe('482913');
    expect(v.reveal('«one-time code»')).toBe('482913');

    const browser = flightSite();
    browser.currentUrl = PAY;
    const user = new FakeUser([], () => {}, ['5555 5555 5555 4444']);
    const h = harness({ browser, user, replies: [plan('FILL_TEXT "Card number" "?"'), acts('ask "What card number should I use?"'), acts('type 50 "«card number»"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'pay for the flight' }).done;
    expect(browser.value(50)).toBe('5555 5555 5555 4444');
    expect(h.llm.shown(2)).toContain('They answered: "«card number»"');
    const all = JSON.stringify([h.llm.requests, h.log.events, [...h.store.runs.values()]]);
    expect(all).not.toContain('5555 5555');
  });

  it('a secret field on a site the person neither started on nor named gets no value from a placeholder: the person decides', async () => {
    const browser = flightSite();
    browser.currentUrl = PAY;
    const lookalike = 'https://card-check.example/verify';
    browser.pages[lookalike] = { title: 'Verify your card', elements: () => [{ id: 60, tag: 'input', name: 'Card number', secret: true, autocomplete: 'cc-number' }] };
    const user = new FakeUser(['once']);
    const h = harness({ browser, user, replies: [plan('ACT "verify the card"'), acts(`goto "${lookalike}"`), acts('type 60 "«card number»"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['navigation']);
    expect(browser.currentUrl).toBe(lookalike);
    expect(user.handoffs).toHaveLength(1);
    // told why: the card is theirs, and this is not a site of the task
    expect(user.handoffs[0]).toBe('your card number is typed for you only on the sites this task works on, and this page is not on one of them: type it yourself if it belongs here. You are on card-check.example: check it is the site you expect.');
    expect(browser.value(60)).toBe('');
    expect(browser.acted.filter((a) => a.kind === 'type')).toEqual([]);
  });
});
