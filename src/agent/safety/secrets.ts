/**
 * Secrets the person writes in a chat message (card numbers, CVCs, passwords, one-time codes, IBANs
 * and bank details, SSNs and other ids, API keys, answers to security questions; text-secrets.ts
 * finds them) never reach a model. Before any prompt they are replaced by placeholders the model
 * can still refer to, `type 12 "«card number»"`; the executor puts the real value back only when
 * typing into a field the page model marks secret. The values live only in this in-memory vault: not in the run state
 * (stored in IndexedDB and shown to the panel), not in events, not in logs. After a worker restart
 * the vault is empty and a secret field goes back to the person (the gate's hand-off).
 */

import { findSecrets, TEXT_SECRET_NAMES, wordsOf, type TextKind } from './text-secrets';

export { luhnValid, ibanValid, TEXT_SECRET_NAMES } from './text-secrets';

export const PLACEHOLDER = /«([^«»\n]{1,40})»/g;

/** What a question asks for, by the same words (built at the first question, not at the worker's start). */
let askedFor: Array<[RegExp, string]> | undefined;
const ASKED_FOR = (): Array<[RegExp, string]> =>
  (askedFor ??= Object.entries(TEXT_SECRET_NAMES).map(([kind, name]) => [new RegExp(wordsOf(kind as TextKind), 'iu'), name]));

/**
 * Placeholder -> real value, for one run. `kept` is told every time a value is added, so the run's
 * host can keep them sealed for the life of the run (a worker restart would otherwise lose them,
 * and the person would be asked for what they already gave).
 */
export class SecretVault {
  private readonly byPlaceholder: Map<string, string>;
  /** the last write to the host's sealed copy, awaited before the run state is saved */
  private writing: Promise<void> = Promise.resolve();

  constructor(entries: Record<string, string> = {}, private readonly kept?: (entries: Record<string, string>) => Promise<void>) {
    this.byPlaceholder = new Map(Object.entries(entries).filter(([p]) => /^«[^«»\n]{1,40}»$/.test(p)));
  }

  /** Resolves once every value added so far is in the host's sealed copy. */
  written(): Promise<void> {
    return this.writing;
  }

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
    if (this.kept) {
      const all = Object.fromEntries(this.byPlaceholder);
      // a failed write loses only the copy: this worker still has the value
      this.writing = this.writing.then(() => this.kept!(all)).catch(() => undefined);
    }
    return placeholder;
  }

  /**
   * The person's answer to the model's question. Asked for a password, a code or a card, a bare
   * answer ("482913") has no keyword to find it by: the whole answer is the secret.
   */
  maskAnswer(question: string, answer: string): string {
    const masked = this.mask(answer);
    if (masked !== answer || !answer.trim()) return masked;
    const kind = ASKED_FOR().find(([re]) => re.test(question))?.[1];
    if (!kind || /\s/.test(answer.trim())) return masked;
    return this.placeholderFor(kind, answer.trim());
  }

  /** Every value the vault holds (for checking that none leaves for another site). */
  values(): string[] {
    return [...this.byPlaceholder.values()];
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
