import { describe, expect, it } from 'vitest';
import { controlInWords, whyItAsks, withoutSite } from '../../../src/sidepanel/features/chat/events/confirm-words';

describe('the confirmation card in plain words', () => {
  it('says why a held form post is asked without its raw fields, its address or the page markup', () => {
    const held = {
      category: 'form' as const,
      to: '',
      reason: '"Continue" sends data to 127.0.0.1/step2 with full_name "Ada", street "12 Row"',
      sends: { to: '127.0.0.1/step2', fields: [{ label: 'Full name', value: 'Ada', secret: false }], hidden: 0 },
    };
    const why = whyItAsks(held);
    expect(why).toBe('It sends what is in the form. Nothing you typed leaves the page until you allow it.');
    expect(whyItAsks({ ...held, category: 'payment' })).toBe('It pays, and a payment cannot be taken back.');
    expect(whyItAsks({ ...held, category: 'navigation', to: 'evil.test' })).toBe('What it sends goes to a site the task does not name.');
  });

  it("keeps a question's own reason, without markup and in the person's terms", () => {
    expect(whyItAsks({ category: 'other', to: '', reason: 'the gate does not know what <button id=12>Go</button> does' })).toBe('The co-pilot does not know what it does.');
    expect(whyItAsks({ category: 'navigation', to: '', reason: 'the task does not give the address a.test/x; it may come from the page' })).toBe(
      'The task does not give the address a.test/x; it may come from the page.',
    );
    expect(whyItAsks({ category: 'other', to: '', reason: '' })).toBe('It sends something, and the co-pilot cannot tell what it does.');
  });

  it('leaves the site out of what will be done, since the title names it', () => {
    expect(withoutSite('Click "Continue" (button) on 127.0.0.1:43249/', '127.0.0.1')).toBe('Click "Continue" (button)');
    expect(withoutSite('Click "Pay $5.00" (button) on shop.test/checkout/pay', 'shop.test')).toBe('Click "Pay $5.00" (button) on the page /checkout/pay');
    expect(withoutSite('Open evil.example/collect', 'shop.test')).toBe('Open evil.example/collect');
    // a sentence after the place stays, its full stop with it
    expect(withoutSite('Step 3: click the button “Log in” on shop.test:8080/login. “Log in” read “Sign in” when you recorded it.', 'shop.test')).toBe('Step 3: click the button “Log in” on the page /login. “Log in” read “Sign in” when you recorded it.');
    expect(withoutSite('Step 2: click the button “Pay” on shop.test.', 'shop.test')).toBe('Step 2: click the button “Pay”.');
    // a host that only starts the same is another site
    expect(withoutSite('Click "Go" (link) on shop.test.evil.example/', 'shop.test')).toBe('Click "Go" (link) on shop.test.evil.example/');
  });
});

describe('controlInWords', () => {
  it('names the control by its role in words, not the role in brackets', () => {

    expect(controlInWords('Click "Pay $5.00" (button) on the page /checkout/pay')).toBe('Click the button “Pay $5.00” on the page /checkout/pay');
    expect(controlInWords('Type "Berlin" into "City" (textbox) on shop.test/')).toBe('Type "Berlin" into the field “City” on shop.test/');
    expect(controlInWords('Attach your file "cv.pdf" to "Your CV (PDF or text)" (file field) on jobs.test/')).toBe('Attach your file "cv.pdf" to the file field “Your CV (PDF or text)” on jobs.test/');
    expect(controlInWords('Open shop.test/basket')).toBe('Open shop.test/basket');
  });
});

