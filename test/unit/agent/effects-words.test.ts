import { describe, expect, it } from 'vitest';
import { judgeRequest, sentDetails, formSends } from '../../../src/agent/safety/effects';

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

describe('which values a held request never shows', () => {
  const post = (body: string) => judgeRequest({ method: 'POST', url: 'https://shop.example/checkout', resourceType: 'Document', postData: body, contentType: 'application/x-www-form-urlencoded' }, ['shop.example']);
  const fields = (body: string) => {
    const v = post(body);
    return v.kind === 'hold' ? Object.fromEntries(v.effect.fields.map((f) => [f.name, f.value])) : {};
  };

  it('a phone number is shown as typed; a card number, one with spaces, and an IBAN are not', () => {
    expect(fields('phone=%2B44+20+7946+0958&mobile=07700900123')).toEqual({ phone: '+44 20 7946 0958', mobile: '07700900123' });
    expect(fields('cc=4111111111111111&spaced=4111+1111+1111+1111&iban=GB82WEST12345698765432')).toEqual({ cc: '', spaced: '', iban: '' });
  });

  it('a long number in a field that is no phone stays hidden even when it fails the card checksum (a mistyped card)', () => {
    expect(fields('number=4111111111111112&order=1234')).toEqual({ number: '', order: '1234' });
  });

  it("a phone field's digits that pass the card checksum stay hidden: a card typed into the wrong field", () => {
    expect(fields('phone=4111111111111111')).toEqual({ phone: '' });
  });
});

describe('formSends: what a form holds, on a card asked before the click', () => {
  const el = {
    formAction: 'https://mail.example/inbox/send?scenario=s1',
    fieldLabels: { to: 'Recipients', subject: 'Subject', body: 'Message', csrf: '', pw: 'Password', card: 'Card number' },
    formValues: [
      { name: 'to', value: 'felix.nguyen@example.com' },
      { name: 'subject', value: 'Re: Weekly newsletter' },
      { name: 'body', value: 'Confirmed, thank you!' },
      { name: 'csrf', value: 'a8f3c1' },
      { name: 'pw', value: '••••' },
      { name: 'card', value: '4111 1111 1111 1111' },
      { name: 'cc', value: '' },
    ],
  };
  it('shows each field by its label with its value, counts the hidden ones, and hides passwords and card numbers', () => {
    expect(formSends(el, 'https://mail.example/inbox/compose')).toEqual({
      to: 'mail.example/inbox/send',
      fields: [
        { label: 'Recipients', value: 'felix.nguyen@example.com', secret: false },
        { label: 'Subject', value: 'Re: Weekly newsletter', secret: false },
        { label: 'Message', value: 'Confirmed, thank you!', secret: false },
        { label: 'Password', value: '', secret: true },
        { label: 'Card number', value: '', secret: true },
        // nothing typed in it: said empty, not shown bare as if filled
        { label: 'cc', value: '', secret: false, empty: true },
      ],
      hidden: 1,
    });
  });
  it('has nothing to show for a control outside a form', () => {
    expect(formSends({}, 'https://mail.example/')).toBeUndefined();
  });
});
