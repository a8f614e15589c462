import type { Demonstration, DemoStep } from '../shared/demonstration';
import { abstractPage, idOfLine } from './abstract';

/**
 * What a demonstration keeps of the pages it was recorded on. Retrieval needs only the task and
 * the first page's title and headings; examples and the label call need only the elements acted
 * on, a few lines around each and the heading above (to-exemplar.ts abstracts to at most three
 * neighbours each way). Everything else of a page (balances, other people's e-mails, messages)
 * is dropped before a demonstration is stored, exported or sent in the label call, and in what
 * is kept:
 * - field values (`value="…"`) become `value=(filled)`: the value before the step is page state
 *   the example does not need, and the step's own value is in its action;
 * - text equal to a value typed in the recording becomes `(typed)`, except on the lines of the
 *   elements acted on (an option the person picked after typing its first letters is named by it);
 * - e-mail addresses become `(email)`, amounts `(amount)`, account, card and phone numbers
 *   `(number)`; amounts and numbers stay on the lines of elements acted on ("Pay $420" is what
 *   was clicked).
 * Reducing a reduced demonstration changes nothing, so it is safe on every path that stores.
 */

/** neighbours kept each way: the widest the exemplars use */
export const KEPT_RADIUS = 3;

// bounded repeats: a long run of word characters and dots (a hostile page, an imported file) stays linear
const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,6}\.\p{L}{2,24}/gu;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const CURRENCY = String.raw`(?:[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|INR|BRL|kr)\b\.?)`;
/** 1,234,567.89 / 1.234,56 / 1 234,56 / 420 / 12.5 */
const NUMBER = String.raw`\d{1,3}(?:[,.\u00a0\u202f' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(`${CURRENCY}\\s?[-−+]?(?:${NUMBER})|[-−+]?(?:${NUMBER})\\s?${CURRENCY}`, 'giu');
/** grouped thousands with cents and no currency sign: what a balance column shows */
const BARE_AMOUNT = /(?<![\d.,])\d{1,3}(?:[,.]\d{3})+[.,]\d{2}(?![\d.,])|(?<![\d.,])\d+[.,]\d{2}(?![\d.,])/g;
/** six or more digits, maybe split by spaces, dashes or dots: account, card, phone, reference numbers */
const DIGIT_RUN = /(?<![\p{L}\p{N}])\+?\d+(?:[ \-.]\d{2,})*(?![\p{L}\p{N}])/gu;
const DATE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;
const VALUE = /\bvalue="[^"]*"/g;
/** the page model caps text at 400 characters a line; a longer line comes from a file, and is cut */
const MAX_LINE = 2000;
const capped = (line: string) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line);

/** the start of an element line, `<input id=12`, left as it is so ids survive every mask */
const HEAD = /^\s*<[\w-]+ id=\d+/;

function maskDigitRuns(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= 6 && !DATE.test(run.trim()) ? '(number)' : run;
  });
}

/** the words masks leave behind: a typed "filled" must not mask them again */
const MARKS = new Set(['filled', 'empty', 'typed', 'email', 'amount', 'number']);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Values typed in the recording, matched as whole words in any case: short ones would match inside other words. */
export function typedValuesOf(steps: Pick<DemoStep, 'action'>[]): string[] {
  const values = steps.flatMap((s) => (s.action.kind === 'type' && !s.action.secret ? [s.action.value.trim()] : []));
  return [...new Set(values.filter((v) => v.length >= 3 && !MARKS.has(v.toLowerCase())))].sort((a, b) => b.length - a.length);
}

function typedPattern(typed: string[]): RegExp | undefined {
  if (!typed.length) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${typed.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

export interface ScrubOptions {
  /** the line of an element acted on in the recording: its own amounts, numbers and typed words stay */
  own?: boolean;
}

/** One kept line, with field values, typed text, e-mails, amounts and long numbers masked. */
export function scrubLine(line: string, typed: RegExp | undefined, opts: ScrubOptions = {}): string {
  const head = HEAD.exec(line)?.[0] ?? '';
  let rest = line.slice(head.length).replace(VALUE, 'value=(filled)');
  if (typed && !opts.own) rest = rest.replace(typed, '(typed)');
  rest = rest.replace(EMAIL, '(email)');
  // the element's own words stay: "Pay $420", "Account 1234 5678" is what was clicked (its fingerprint has them too)
  if (!opts.own) rest = maskDigitRuns(rest.replace(IBAN, '(number)').replace(AMOUNT, '(amount)').replace(BARE_AMOUNT, '(amount)'));
  return head + rest;
}

/** A title or heading: no element of its own, so everything is masked. */
export function scrubText(text: string, typed: RegExp | undefined): string {
  return capped(scrubLine(capped(text), typed));
}

/**
 * The ids acted on from step `i` onwards while the tab stays on its address: a step's page is
 * the observation of the steps that follow it on the same screen (to-exemplar.ts groups them),
 * so each keeps the lines of every element acted on there.
 */
function idsAhead(steps: DemoStep[], i: number): Set<number> {
  const ids = new Set<number>();
  const url = steps[i]?.url;
  for (let j = i; j < steps.length; j++) {
    const s = steps[j] as DemoStep;
    if (j > i && (s.action.kind === 'navigate' || s.url !== url)) break;
    if ('id' in s.action && s.action.id !== undefined) ids.add(s.action.id);
  }
  return ids;
}

/** headings kept for a step that acts on no element of its page (a navigation, a key on the page) */
const HEADINGS_KEPT = 3;

export function reducePage(page: string, ids: Set<number>, typed: RegExp | undefined): string {
  const lines = page.split('\n').map(capped);
  const touches = lines.some((l) => {
    const id = idOfLine(l);
    return id !== undefined && ids.has(id);
  });
  // nothing acted on here: the headings say where it was, the rest of the page is not needed
  const kept = touches ? abstractPage(lines.join('\n'), ids, KEPT_RADIUS) : lines.filter((l) => l.trimStart().startsWith('#')).slice(0, HEADINGS_KEPT).join('\n');
  return kept
    .split('\n')
    .map((line) => {
      const id = idOfLine(line);
      // cut again: masks are longer than some of what they replace
      return capped(scrubLine(line, typed, { own: id !== undefined && ids.has(id) }));
    })
    .join('\n');
}

/** The demonstration as it may be stored, exported and sent to a model. */
export function reduceDemonstration(demo: Demonstration): Demonstration {
  const typed = typedPattern(typedValuesOf(demo.steps));
  return {
    ...demo,
    title: scrubText(demo.title, typed),
    headings: demo.headings.map((h) => scrubText(h, typed)),
    steps: demo.steps.map((step, i) => ({
      ...step,
      title: scrubText(step.title, typed),
      page: reducePage(step.page, idsAhead(demo.steps, i), typed),
    })),
  };
}
