import { describe, expect, it } from 'vitest';
import { secretVariable } from '../../../src/content/recorder/secret-variable';

const v = (inputType: string, autocomplete: string, words: string) => secretVariable({ inputType, autocomplete, words });

describe('the variable a secret field becomes', () => {
  it('names passwords, card numbers, CVCs, expiry dates and one-time codes', () => {
    expect(v('password', 'current-password', 'password Password')).toBe('password');
    expect(v('password', '', 'pass Passcode')).toBe('password');
    expect(v('text', 'cc-number', 'card Card number')).toBe('card_number');
    expect(v('text', '', 'cardnumber Credit card number')).toBe('card_number');
    expect(v('text', 'cc-csc', 'cvc CVC')).toBe('card_cvc');
    expect(v('text', '', 'security-code Security code')).toBe('card_cvc');
    expect(v('text', 'cc-exp', 'exp Expiry')).toBe('card_expiry');
    expect(v('text', 'one-time-code', 'code Code')).toBe('one_time_code');
    expect(v('text', '', 'otp Enter the OTP')).toBe('one_time_code');
  });

  it('trusts the autocomplete token over the words around the field', () => {
    expect(v('text', 'cc-csc', 'card number hint')).toBe('card_cvc');
  });

  it('tells a PIN or one-time code in a password-type field apart from a password', () => {
    expect(v('password', '', 'pin PIN')).toBe('pin');
    expect(v('password', '', 'otp one-time code')).toBe('one_time_code');
  });

  it('falls back to a neutral name', () => {
    expect(v('text', '', 'api token')).toBe('secret');
  });
});
