/**
 * Secrets the person writes in a chat message (card numbers, CVCs, passwords, one-time codes) never
 * reach a model. Before any prompt they are replaced by placeholders the model can still refer to,
 * `type 12 "«card number»"`; the executor puts the real value back only when typing into a field
 * the page model marks secret. The values live only in this in-memory vault: not in the run state
 * (stored in IndexedDB and shown to the panel), not in events, not in logs. After a worker restart
 * the vault is empty and a secret field goes back to the person (the gate's hand-off).
 */

import { SECRET_TEXT_WORDS } from '../../core/secrets';

export const PLACEHOLDER = /«([^«»\n]{1,40})»/g;

interface Found {
  start: number;
  end: number;
  kind: string;
}

/** 13 to 19 digits, optionally grouped by spaces or dashes. */
const CARD_CANDIDATE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
/** The words of one kind (src/core/secrets.ts) as a pattern: "one-time code" also reads "one time code". */
const wordsOf = (kind: keyof typeof SECRET_TEXT_WORDS): string =>
  `\\b(?:${SECRET_TEXT_WORDS[kind].map((w) => w.replace(/[-\s]/g, '[- ]')).join('|')})\\b`;
const CVC = new RegExp(`${wordsOf('card_cvc')}\\W{0,3}(?:is|of|:|=)?\\s*(\\d{3,4})\\b`, 'gi');
const ONE_TIME = new RegExp(`${wordsOf('one_time_code')}\\W{0,3}(?:is|of|:|=)?\\s*(\\d{4,8})\\b`, 'gi');
/** The value group is last; the group before it is the "is" / ":" that says a value follows. */
const PASSWORD = new RegExp(`${wordsOf('password')}(\\s+for(?:\\s+[\\w.@-]+){1,3}?\\s+is\\b\\s*[:=]?|\\s+is\\b\\s*[:=]?|\\s+of\\b|\\s*[:=])?\\s*("[^"\\n]+"|'[^'\\n]+'|\\S+)`, 'gi');

/** The name a placeholder gives each kind the text check finds: «CVC», «password 2». */
export const TEXT_SECRET_NAMES: Record<keyof typeof SECRET_TEXT_WORDS, string> = {
  card_number: 'card number',
  card_cvc: 'CVC',
  one_time_code: 'one-time code',
  password: 'password',
};

/** What a question asks for, by the same words. */
const ASKED_FOR: Array<[RegExp, string]> = Object.entries(TEXT_SECRET_NAMES).map(([kind, name]) => [new RegExp(wordsOf(kind as keyof typeof SECRET_TEXT_WORDS), 'i'), name]);

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

function findSecrets(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) found.push({ start: m.index, end: m.index + m[0].length, kind: TEXT_SECRET_NAMES.card_number });
  }
  const group = (re: RegExp, kind: string, trim?: (v: string, introduced: boolean) => string) => {
    for (const m of text.matchAll(re)) {
      const raw = m[m.length - 1] ?? '';
      const value = trim ? trim(raw, !!m[1] && m.length > 2) : raw;
      if (!value) continue;
      const start = m.index + m[0].length - raw.length;
      found.push({ start, end: start + value.length, kind });
    }
  };
  group(CVC, TEXT_SECRET_NAMES.card_cvc);
  group(ONE_TIME, TEXT_SECRET_NAMES.one_time_code);
  group(PASSWORD, TEXT_SECRET_NAMES.password, passwordValue);
  return found;
}

/**
 * A password runs to the next space; a quoted one is the text inside the quotes. Ending punctuation
 * is the sentence's. Without "is" or ":" before it, a plain lowercase word is the sentence going on
 * ("reset my password on example.com"), not a password.
 */
function passwordValue(raw: string, introduced: boolean): string {
  if (/^(["']).*\1$/.test(raw)) return raw;
  const value = raw.replace(/[.,;:!?)]+$/, '');
  if (/^(?:is|of|for|field|box|manager|reset|and|or|the|a|an|to|in|on|at|with|from|my|your|please)$/i.test(value)) return '';
  if (!introduced && /^[a-z]+$/.test(value)) return '';
  return value;
}

/** Placeholder -> real value, for one run, in memory only. */
export class SecretVault {
  private readonly byPlaceholder = new Map<string, string>();

  get size(): number {
    return this.byPlaceholder.size;
  }

  /** Replaces every secret in the text by its placeholder, remembering the value. */
  mask(text: string): string {
    const found = findSecrets(text).sort((a, b) => a.start - b.start || b.end - a.end);
    let out = '';
    let at = 0;
    for (const f of found) {
      if (f.start < at) continue; // overlapping finds: the first (longest) wins
      const value = text.slice(f.start, f.end);
      out += text.slice(at, f.start) + this.placeholderFor(f.kind, value);
      at = f.end;
    }
    out += text.slice(at);
    // The same value written again elsewhere (without its keyword) is the same secret.
    for (const [placeholder, value] of this.byPlaceholder) if (value.length >= 4) out = out.split(value).join(placeholder);
    return out;
  }

  private placeholderFor(kind: string, value: string): string {
    const unquoted = value.replace(/^(["'])(.*)\1$/, '$2');
    for (const [placeholder, known] of this.byPlaceholder) if (known === unquoted) return placeholder;
    let placeholder = `«${kind}»`;
    for (let n = 2; this.byPlaceholder.has(placeholder); n += 1) placeholder = `«${kind} ${n}»`;
    this.byPlaceholder.set(placeholder, unquoted);
    return placeholder;
  }

  /**
   * The person's answer to the model's question. Asked for a password, a code or a card, a bare
   * answer ("482913") has no keyword to find it by: the whole answer is the secret.
   */
  maskAnswer(question: string, answer: string): string {
    const masked = this.mask(answer);
    if (masked !== answer || !answer.trim()) return masked;
    const kind = ASKED_FOR.find(([re]) => re.test(question))?.[1];
    if (!kind || /\s/.test(answer.trim())) return masked;
    return this.placeholderFor(kind, answer.trim());
  }

  /** Replaces known values by their placeholders in text going out (events, confirmations). */
  hide(text: string): string {
    let out = text;
    for (const [placeholder, value] of this.byPlaceholder) out = out.split(value).join(placeholder);
    return out;
  }

  /** The placeholders in a text, known or not. */
  static placeholdersIn(text: string): string[] {
    return [...text.matchAll(PLACEHOLDER)].map((m) => m[0]);
  }

  /** The text with every placeholder replaced by its value, or null if one is unknown (e.g. after a restart). */
  reveal(text: string): string | null {
    let missing = false;
    const out = text.replace(PLACEHOLDER, (p) => {
      const value = this.byPlaceholder.get(p);
      if (value === undefined) missing = true;
      return value ?? p;
    });
    return missing ? null : out;
  }
}

/** The text with every secret replaced by its placeholder, for copies that are kept (chat history). */
export function maskSecrets(text: string): string {
  return new SecretVault().mask(text);
}
