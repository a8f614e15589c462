/**
 * Where the secrets are in a chat message: card numbers and IBANs by their checksum, social
 * security numbers, API keys and tokens by their shape, and any other value by the words written
 * before it, which are the secret-field words of src/core/secrets.ts (`SECRET_TEXT_WORDS`), in
 * English and the common European languages. Besides those words, a bare "code" followed by "is"
 * or ":" and 4 to 8 digits is a one-time code, unless it is named a postal, promo, error or other
 * public code. Pure: the vault (secrets.ts) does the replacing.
 */

import { SECRET_TEXT_WORDS } from '../../core/secrets';

export type TextKind = keyof typeof SECRET_TEXT_WORDS;

export interface Found {
  start: number;
  end: number;
  kind: string;
}

/** The name a placeholder gives each kind the text check finds: «CVC», «password 2». */
export const TEXT_SECRET_NAMES: Record<TextKind, string> = {
  card_number: 'card number',
  card_expiry: 'expiry date',
  card_cvc: 'CVC',
  one_time_code: 'one-time code',
  password: 'password',
  recovery_code: 'recovery code',
  security_answer: 'security answer',
  ssn: 'SSN',
  national_id: 'national id',
  passport_number: 'passport number',
  tax_id: 'tax id',
  iban: 'IBAN',
  account_number: 'account number',
  routing_number: 'bank code',
  api_key: 'API key',
  secret: 'token',
};

/** Word edges that know accented letters ("contraseña:"), for patterns with the `u` flag. */
const B = '(?<![\\p{L}\\p{N}_])';
const E = '(?![\\p{L}\\p{N}_])';

/** One word as a pattern: "one-time code" also reads "one time code", "numéro" also "numero". */
function wordPattern(word: string): string {
  return [...word]
    .map((ch) => {
      if (ch === '-' || ch === ' ') return '[- ]?';
      if (ch === "'" || ch === '’') return "['’]?";
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base !== ch) return `[${ch}${base}]`;
      return ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');
}

/** The words of one kind as a pattern, longest first, so "passport number" wins over "passport". */
export const wordsOf = (kind: TextKind): string =>
  `${B}(?:${[...SECRET_TEXT_WORDS[kind]].sort((a, b) => b.length - a.length).map(wordPattern).join('|')})${E}`;

/** What says a value follows: "is", "ist", "est", "es", "è", "é", ":" or "=". */
const IS = `(?:is|was|of|est|ist|lautet|es|è|é)${E}`;
/** The intro group (empty when none), then the value group, as the password pattern has always had them. */
const INTRO = `(\\s+for(?:\\s+[\\w.@-]+){1,3}?\\s+is\\b\\s*[:=]?|\\s+${IS}\\s*[:=]?|\\s*[:=])?\\s*`;
const WORD_VALUE = `("[^"\\n]+"|'[^'\\n]+'|\\S+)`;
const ID_VALUE = `([\\p{L}\\p{N}][\\p{L}\\p{N}./-]*(?: [\\p{L}\\p{N}][\\p{L}\\p{N}./-]*){0,5})`;
const pattern = (kind: TextKind, value: string): RegExp => new RegExp(`${wordsOf(kind)}${INTRO}${value}`, 'giu');
const digitsAfter = (kind: TextKind, digits: string): RegExp =>
  new RegExp(`${wordsOf(kind)}\\W{0,3}(?:${IS}|:|=)?\\s*(${digits})${E}`, 'giu');

/** Trims a value to what is the secret; "" when the words were not followed by one. */
type Trim = (raw: string, introduced: boolean) => string;

/**
 * A password or answer runs to the next space; a quoted one is the text inside the quotes. Ending
 * punctuation is the sentence's. Without "is" or ":" before it, a plain lowercase word is the
 * sentence going on ("reset my password on example.com", "Passwort vergessen"), not a password.
 */
export const wordValue: Trim = (raw, introduced) => {
  if (/^(["']).*\1$/.test(raw)) return raw;
  const value = raw.replace(/[.,;:!?)]+$/, '');
  if (/^(?:is|of|for|field|box|manager|reset|and|or|the|a|an|to|in|on|at|with|from|my|your|please)$/i.test(value)) return '';
  if (!introduced && /^\p{Ll}+$/u.test(value)) return '';
  return value;
};

/**
 * An id runs over groups split by single spaces while each holds a digit or is one or two capitals
 * ("QQ 12 34 56 C"), and stops at a group that ends a clause. It must hold a digit: "my passport is
 * at home" holds none; and a plain lowercase word first is the sentence going on ("passport expires
 * 2031").
 */
const idValue: Trim = (raw) => {
  if (/^\p{Ll}+$/u.test(raw.split(' ')[0] ?? '')) return '';
  const kept: string[] = [];
  for (const [i, group] of raw.split(' ').entries()) {
    if (i > 0 && !/\d/.test(group) && !/^[A-Z]{1,2}[.,;:!?)]*$/.test(group)) break;
    kept.push(group);
    if (/[.,;:!?)]$/.test(group)) break;
  }
  const value = kept.join(' ').replace(/[.,;:!?)]+$/, '');
  return /\d/.test(value) ? value : '';
};

/**
 * Each kind found by its words: its pattern (value last) and how its value is trimmed. The patterns
 * (and the other word patterns below) are built at the first check, not when the worker starts:
 * spelling out every word of every language and compiling the patterns took tens of milliseconds.
 */
let byWords: Array<[TextKind, RegExp, Trim?]> | undefined;
const BY_WORDS = (): Array<[TextKind, RegExp, Trim?]> =>
  (byWords ??= [
    ['card_cvc', digitsAfter('card_cvc', '\\d{3,4}')],
    // a month and a year ("12/27", "03-2029"): "passport expires 2031" is no card's expiry
    ['card_expiry', digitsAfter('card_expiry', '(?:0?[1-9]|1[0-2]) ?[/-] ?(?:\\d{4}|\\d{2})')],
    ['one_time_code', digitsAfter('one_time_code', '\\d{4,8}')],
    ['recovery_code', pattern('recovery_code', WORD_VALUE), wordValue],
    ['security_answer', pattern('security_answer', WORD_VALUE), wordValue],
    ['password', pattern('password', WORD_VALUE), wordValue],
    ['api_key', pattern('api_key', WORD_VALUE), wordValue],
    ['secret', pattern('secret', WORD_VALUE), wordValue],
    ['ssn', pattern('ssn', ID_VALUE), idValue],
    ['national_id', pattern('national_id', ID_VALUE), idValue],
    ['passport_number', pattern('passport_number', ID_VALUE), idValue],
    ['tax_id', pattern('tax_id', ID_VALUE), idValue],
    ['iban', pattern('iban', ID_VALUE), idValue],
    ['account_number', pattern('account_number', '(\\d(?:[ -]?\\d){3,16})(?![\\p{N}-])')],
    ['routing_number', pattern('routing_number', '(\\d(?:[ -]?\\d){5,8})(?![\\p{N}-])')],
  ]);

/** Codes that are not secret, named before "code" or after it ("code postal"). */
const PUBLIC_BEFORE = 'zip|postal|post|area|country|promo|promotional|discount|coupon|voucher|gift|product|item|tracking|order|reference|booking|confirmation|reservation|dial|dialing|dialling|sort|bank|branch|swift|bic|iata|airport|airline|tax|status|error|exit|return|response|http|source|qr|bar|zone|region|language|currency|colou?r|course|invite|referral';
const PUBLIC_AFTER = 'postal|promo|promotionnel|pays|de\\s+r[ée]duction|de\\s+descuento|sconto|d[\'’]erreur|de\\s+error|di\\s+errore|fiscale?|iso|of\\s+(?:conduct|practice)';
/** "the code they sent is 604913", "code: 604913", "le code est 604913": a one-time code. */
let bareCode: RegExp | undefined;
const BARE_CODE = (): RegExp =>
  (bareCode ??= new RegExp(
    `(?<!(?:${PUBLIC_BEFORE})[\\s-])${B}(?:code|codice|c[óo]digo)${E}(?!\\s*(?:${PUBLIC_AFTER})${E})(?:\\s+[^\\s\\d:=.,;!?]+){0,5}?\\s*(?:\\s${IS}|:|=)\\s*(\\d{4,8})${E}`,
    'giu',
  ));

/** Keys and tokens by their shape: OpenAI, Anthropic, Stripe, AWS, Google; GitHub, GitLab, Slack, JWT. */
const KEY_SHAPES: Array<[RegExp, string]> = [
  [/(?<![\w-])(?:sk-[A-Za-z0-9_-]{20,}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})(?![\w-])/g, TEXT_SECRET_NAMES.api_key],
  [/(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,})(?![\w-])/g, TEXT_SECRET_NAMES.secret],
];
/** 123-45-6789, never 000, 666, 00 or 0000 in a place (numbers the SSA never gives). */
const SSN_SHAPE = /(?<![\d-])(?!000|666)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])/g;
/** Two letters, two check digits, then 11 to 30 letters and digits, written whole or in fours. */
const IBAN_CANDIDATE = /(?<![\p{L}\p{N}])[a-z]{2}\d{2}(?:[a-z0-9]{11,30}|(?: [a-z0-9]{4}){2,7}(?: [a-z0-9]{1,3})?)(?![\p{L}\p{N}])/giu;
/** 13 to 19 digits, optionally grouped by spaces or dashes. */
const CARD_CANDIDATE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

/** The Luhn checksum every payment card number satisfies; it keeps phone and order numbers out. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The ISO 13616 check every IBAN satisfies: its number, the first four characters moved last, is 1 modulo 97. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '').toUpperCase();
  if (compact.length < 15 || compact.length > 34) return false;
  let rest = 0;
  for (const ch of compact.slice(4) + compact.slice(0, 4)) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** An IBAN written in fours may run into the next word ("… 7654 3210 THEN"): the longest prefix that checks. */
function ibanIn(candidate: string): string {
  for (let text = candidate; ; text = text.slice(0, text.lastIndexOf(' '))) {
    if (ibanValid(text)) return text;
    if (!text.includes(' ')) return '';
  }
}

/**
 * A card number written in groups may run into what follows it ("4111 1111 1111 1111 08/29 737"
 * reads as 18 digits to the candidate pattern): the longest prefix, ending where a group ends, that
 * checks.
 */
function cardIn(candidate: string): string {
  for (let text = candidate; ; text = text.slice(0, Math.max(text.lastIndexOf(' '), text.lastIndexOf('-')))) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 13 && luhnValid(digits)) return text;
    if (!/[ -]/.test(text)) return '';
  }
}

/**
 * Right after a card number, a person writes its expiry and CVC without naming them ("4111 1111
 * 1111 1111, 08/29, 737"): a month and year that follows the number (its words optional) is the
 * expiry, and three or four digits after that the CVC. Nothing else is read there: "card 4111… for
 * order 55" names no CVC.
 */
let afterCardPattern: RegExp | undefined;
const AFTER_CARD = (): RegExp =>
  (afterCardPattern ??= new RegExp(`^[\\s,;/|-]*(?:${wordsOf('card_expiry')}\\.?\\s*(?:(?:is|on)\\s+|[:=]\\s*)?)?((?:0?[1-9]|1[0-2]) ?[/-] ?(?:\\d{4}|\\d{2}))(?![\\d/])(?:[\\s,;/|-]+(?:${wordsOf('card_cvc')}\\s*(?:(?:is)\\s+|[:=]\\s*)?)?(\\d{3,4})(?!\\d))?`, 'diu'));

function afterCard(text: string, end: number): Found[] {
  const m = AFTER_CARD().exec(text.slice(end));
  const [expiry, cvc] = [m?.indices?.[1], m?.indices?.[2]];
  if (!expiry) return [];
  const found: Found[] = [{ start: end + expiry[0], end: end + expiry[1], kind: TEXT_SECRET_NAMES.card_expiry }];
  if (cvc) found.push({ start: end + cvc[0], end: end + cvc[1], kind: TEXT_SECRET_NAMES.card_cvc });
  return found;
}

function byShape(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    const card = cardIn(m[0]);
    if (!card) continue;
    found.push({ start: m.index, end: m.index + card.length, kind: TEXT_SECRET_NAMES.card_number });
    found.push(...afterCard(text, m.index + card.length));
  }
  for (const m of text.matchAll(IBAN_CANDIDATE)) {
    const iban = ibanIn(m[0]);
    if (iban) found.push({ start: m.index, end: m.index + iban.length, kind: TEXT_SECRET_NAMES.iban });
  }
  for (const m of text.matchAll(SSN_SHAPE)) found.push({ start: m.index, end: m.index + m[0].length, kind: TEXT_SECRET_NAMES.ssn });
  for (const [re, kind] of KEY_SHAPES) for (const m of text.matchAll(re)) found.push({ start: m.index, end: m.index + m[0].length, kind });
  return found;
}

/** The value group is last; with a trim, the group before it is the "is" / ":" that says a value follows. */
function byPattern(text: string, re: RegExp, kind: string, trim?: Trim): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(re)) {
    const raw = m[m.length - 1] ?? '';
    const value = trim ? trim(raw, !!m[1] && m.length > 2) : raw;
    if (!value) continue;
    const start = m.index + m[0].length - raw.length;
    found.push({ start, end: start + value.length, kind });
  }
  return found;
}

/**
 * Every secret in the text, in the order found: where two start at one place the longer wins, and
 * of two as long the first, so shapes come before words, and the bare "code" comes last.
 */
export function findSecrets(text: string): Found[] {
  return [
    ...byShape(text),
    ...BY_WORDS().flatMap(([kind, re, trim]) => byPattern(text, re, TEXT_SECRET_NAMES[kind], trim)),
    ...byPattern(text, BARE_CODE(), TEXT_SECRET_NAMES.one_time_code),
  ];
}
