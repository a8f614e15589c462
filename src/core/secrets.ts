/**
 * The one vocabulary of secret fields: passwords, card numbers, CVV, expiry dates, one-time codes,
 * PINs, social security numbers, API keys and tokens, seed phrases, bank account numbers. Used by
 * the page model (which never shows such a value), the recorder, the service worker and the
 * Chrome Recorder import (which never store one), and the safety gate. Pure: no DOM.
 *
 * It errs on the side of secrecy (a hidden value costs a question to the person; a shown one can
 * leak), but not so far that ordinary fields disappear: "Expected delivery", "Pinterest",
 * "Opinion", "Token count" and "Postal code" are not secret (test/unit/core/secret-fields.ts).
 */

/** What a secret field's value is, which is also the workflow variable it becomes. */
export type SecretKind =
  | 'card_cvc'
  | 'one_time_code'
  | 'card_number'
  | 'card_expiry'
  | 'password'
  | 'pin'
  | 'ssn'
  | 'api_key'
  | 'seed_phrase'
  | 'iban'
  | 'routing_number'
  | 'account_number'
  | 'secret';

/** `autocomplete` tokens that name a secret (HTML autofill field names). */
export const SECRET_AUTOCOMPLETE_TOKENS: ReadonlyMap<string, SecretKind> = new Map<string, SecretKind>([
  ['current-password', 'password'],
  ['new-password', 'password'],
  ['one-time-code', 'one_time_code'],
  ['cc-number', 'card_number'],
  ['cc-csc', 'card_cvc'],
  ['cc-exp', 'card_expiry'],
  ['cc-exp-month', 'card_expiry'],
  ['cc-exp-year', 'card_expiry'],
]);

/** The kind an autocomplete attribute names ("section-a billing cc-number" holds several tokens), if any. */
export function secretAutocomplete(autocomplete: string | undefined): SecretKind | undefined {
  for (const token of (autocomplete ?? '').toLowerCase().split(/\s+/)) {
    const kind = SECRET_AUTOCOMPLETE_TOKENS.get(token);
    if (kind) return kind;
  }
  return undefined;
}

/**
 * Words of a field, in the order a kind is decided: the first that matches names the variable.
 * Matched against `fieldWords` (lower case, camelCase and snake_case split into words), so
 * `\b` stands between words and " ?" allows "cardnumber" as well as "card number".
 */
const KIND_WORDS: [SecretKind, RegExp][] = [
  ['card_cvc', /\bcvv ?2?\b|\bcvc ?2?\b|\bcsc\b|\bcid\b|\bsecurity ?code\b|\bcard ?(?:verification|security|validation)\b|\bverification ?value\b|\bcard ?code\b/],
  ['one_time_code', /\b(?:otp|totp|2fa|mfa)\b|\bone ?time ?(?:code|password|passcode|pin)\b|\b(?:verification|login|sms) ?code\b|\bauth(?:entication|enticator)? ?code\b|\btwo ?(?:factor|step)\b|\b2 ?step\b/],
  ['card_number', /\b(?:credit|debit) ?card\b|\bcard ?(?:number|num|no)\b|\bcc ?(?:number|num|no)\b|\bcardnumber\b/],
  ['card_expiry', /\bexp\b|\bexpir(?:y|ation|es|e)\b|\bexp ?(?:date|month|year)\b|\bmm ?\/ ?yy(?:yy)?\b|\bmmyy\b|\bcc ?exp/],
  ['password', /password|passwd|\bpwd?\b|\bpass ?(?:code|phrase|word)\b/],
  ['pin', /\bpin\b/],
  ['ssn', /\bssn\b|\bsocial ?(?:security|insurance)\b/],
  ['seed_phrase', /\b(?:seed|recovery|backup|secret ?recovery) ?(?:phrase|words?)\b|\bmnemonic\b|\bprivate ?key\b/],
  ['api_key', /\bapi ?keys?\b|\baccess ?key\b|\bsecret ?key\b|\bclient ?secret\b/],
  ['iban', /\biban\b/],
  ['routing_number', /\brouting ?(?:number|num|no|code)\b|\bsort ?code\b|\baba\b/],
  ['account_number', /\b(?:bank ?)?(?:account|acct) ?(?:number|num|no)\b/],
  // a token, a bearer token, a secret: unless the token is counted or named, as on an AI or crypto page
  ['secret', /\btoken\b(?! ?(?:count|limit|usage|budget|amount|balance|price|cost|name|symbol|type|id)\b)|\bbearer\b|\bsecret\b/],
];

/**
 * The words a person writes before a secret in a chat message ("the CVC is 737", "pin 4321"), by
 * the kind they name; the chat's text check (src/agent/safety/secrets.ts) builds its patterns from
 * them (card numbers it finds by their checksum; these words only tell it what a question asks for).
 * Narrower than a field's words: running text says "exp" or "token" for other things. Each is a
 * field word above too, of its own kind but for "pin" (a PIN field) and "passcode" (a password
 * field), which a message counts with passwords and codes (test/unit/agent/secret-words.test.ts).
 */
export const SECRET_TEXT_WORDS = {
  card_number: ['card number', 'credit card', 'debit card'],
  card_cvc: ['cvc', 'cvc2', 'cvv', 'cvv2', 'csc', 'cid', 'security code', 'card code', 'verification value'],
  one_time_code: ['one-time code', 'one-time passcode', 'one-time password', 'otp', '2fa', '2fa code', 'verification code', 'auth code', 'authentication code', 'login code', 'sms code', 'passcode'],
  password: ['password', 'passwd', 'pwd', 'pw', 'passphrase', 'pin'],
} as const satisfies Partial<Record<SecretKind, readonly string[]>>;

const PASSWORD_WORDS = KIND_WORDS.find(([kind]) => kind === 'password')?.[1] ?? /password/;

/** A field's name, id, label or placeholder as lower-case words: "ccNumber" → "cc number", "api_key" → "api key". */
export function fieldWords(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.#[\]=:"'()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** The kind the words of a field name, if any. */
export function secretWords(text: string): SecretKind | undefined {
  const words = fieldWords(text);
  return KIND_WORDS.find(([, re]) => re.test(words))?.[0];
}

/**
 * The name pattern: `SECRET_NAME.test(text)` says whether any words in `text` (names, ids,
 * labels, CSS paths, raw or camelCased) name a secret. A RegExp whose `exec` reads the text as
 * field words, so callers use it like any pattern.
 */
class SecretNamePattern extends RegExp {
  constructor() {
    super(KIND_WORDS.map(([, re]) => re.source).join('|'));
  }
  override exec(text: string): RegExpExecArray | null {
    return super.exec(fieldWords(text));
  }
}
export const SECRET_NAME: RegExp = new SecretNamePattern();

/** What is known of a form field, from the DOM, a fingerprint or a Recorder file. */
export interface SecretFieldFacts {
  /** the input's type attribute */
  type?: string;
  autocomplete?: string;
  /** the name attribute */
  name?: string;
  id?: string;
  placeholder?: string;
  /** its label or accessible name */
  label?: string;
  ariaLabel?: string;
}

/** What secret the field holds, or undefined when it holds none. The autocomplete token decides first. */
export function secretKind(facts: SecretFieldFacts): SecretKind | undefined {
  const fromAutocomplete = secretAutocomplete(facts.autocomplete);
  if (fromAutocomplete) return fromAutocomplete;
  const text = [facts.name, facts.id, facts.placeholder, facts.label, facts.ariaLabel].filter(Boolean).join(' ');
  const passwordType = (facts.type ?? '').toLowerCase() === 'password';
  // a password-type field is a password unless its words say it holds a PIN, a code or the like
  if (passwordType && PASSWORD_WORDS.test(fieldWords(text))) return 'password';
  return secretWords(text) ?? (passwordType ? 'password' : undefined);
}

/** Whether a field's value must never reach a prompt, a log, a recording or an export. */
export function isSecretField(facts: SecretFieldFacts): boolean {
  return secretKind(facts) !== undefined;
}
