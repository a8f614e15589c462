// The variable a secret field's value becomes, so that replay knows what to ask the person for.
// Pure (no DOM): the caller passes the field's attributes and accessible name.

export interface SecretHints {
  inputType: string;
  autocomplete: string;
  /** name, id, placeholder, aria-label and accessible name, joined */
  words: string;
}

const RULES: [RegExp | null, RegExp, string][] = [
  // [autocomplete token, words, variable]
  [/\bone-time-code\b/i, /\botp\b|one.?time|verification.?code|\b2fa\b|auth(entication)?.?code/i, 'one_time_code'],
  [/\bcc-csc\b/i, /\bcvc|\bcvv|\bcsc\b|security.?code|card.?code/i, 'card_cvc'],
  [/\bcc-number\b/i, /card.?num|cc.?num|credit.?card|card\b/i, 'card_number'],
  [/\bcc-exp/i, /expir|\bexp\b/i, 'card_expiry'],
  [/\b(current|new)-password\b/i, /passw|passcode|pwd/i, 'password'],
  [null, /\bpin\b/i, 'pin'],
  [null, /\bssn\b|social.?security/i, 'ssn'],
];

export function secretVariable(h: SecretHints): string {
  for (const [ac, , name] of RULES) if (ac?.test(h.autocomplete)) return name;
  if (h.inputType === 'password') {
    // a password-type field may still be a PIN or a one-time code
    for (const [, words, name] of RULES) if (name !== 'password' && words.test(h.words)) return name;
    return 'password';
  }
  for (const [, words, name] of RULES) if (words.test(h.words)) return name;
  return 'secret';
}
