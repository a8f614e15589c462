import { describe, expect, it } from 'vitest';
import { fieldsInWords } from '../../../src/agent/safety/effects';

describe('what a card says a request carries', () => {
  it("names each field as the page's form does, puts its hidden fields last by name (never out: a payee can ride in one), and hides a secret's value", () => {
    const e = { fields: [{ name: 'scenario', value: '9174f35b' }, { name: 'f_last', value: 'Haddad' }, { name: 'card', value: '' }, { name: 'note', value: 'window seat' }] };
    expect(fieldsInWords(e, { scenario: '', f_last: 'Last name', card: 'Card number' })).toBe('Last name: Haddad · Card number: (hidden) · note: window seat · scenario: 9174f35b');
    expect(fieldsInWords(e)).toBe('scenario: 9174f35b · f_last: Haddad · card: (hidden) · note: window seat');
  });
  it("a chosen option whose label says its value stands alone", () => {
    expect(fieldsInWords({ fields: [{ name: 'f_out', value: 'SW1911' }] }, { f_out: 'Select SW1911 departing 08:15 for $393' })).toBe('Select SW1911 departing 08:15 for $393');
  });
});
