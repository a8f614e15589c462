import { describe, expect, it } from 'vitest';
import { sentDetails } from '../../../src/agent/safety/effects';

const at = { host: 'air.example', path: '/booking/step2' };

describe('what a card says a request carries', () => {
  it("names each field as the page's form does, counts its hidden fields without naming them, and never shows a secret's value", () => {
    const e = { ...at, fields: [{ name: 'scenario', value: '9174f35b' }, { name: 'f_last', value: 'Haddad' }, { name: 'card', value: '' }, { name: 'note', value: 'window seat' }, { name: 'csrf_token', value: 'a8f9e' }] };
    const d = sentDetails(e, { scenario: '', f_last: 'Last name', card: 'Card number', note: 'Note', csrf_token: '' });
    expect(d).toEqual({
      to: 'air.example/booking/step2',
      fields: [{ label: 'Last name', value: 'Haddad', secret: false }, { label: 'Card number', value: '', secret: true }, { label: 'Note', value: 'window seat', secret: false }],
      hidden: 2,
    });
    expect(JSON.stringify(d)).not.toMatch(/scenario|csrf_token|9174f35b|a8f9e/);
  });

  it('counts the values a page adds by their names when the form gives no labels (a token, ASP.NET state), and names the rest as sent', () => {
    const e = { ...at, fields: [{ name: '__VIEWSTATE', value: 'dDwtMTA4' }, { name: 'csrf_token', value: 'x1' }, { name: 'pax_1_dob', value: '1990-04-02' }] };
    expect(sentDetails(e)).toEqual({ to: 'air.example/booking/step2', fields: [{ label: 'pax_1_dob', value: '1990-04-02', secret: false }], hidden: 2 });
    // with the form's labels, the date of birth is named as the page names it
    expect(sentDetails(e, { pax_1_dob: 'Date of birth' }).fields).toEqual([{ label: 'Date of birth', value: '1990-04-02', secret: false }]);
  });

  it('a chosen option whose label says its value stands alone', () => {
    expect(sentDetails({ ...at, fields: [{ name: 'f_out', value: 'SW1911' }] }, { f_out: 'Select SW1911 departing 08:15 for $393' }).fields).toEqual([{ label: 'Select SW1911 departing 08:15 for $393', value: '', secret: false }]);
  });
});
