import type { Fingerprint } from '../../shared/fingerprint';
import { opposed } from '../../workflows/replay/similar';
import { norm } from '../../workflows/text';
import { subjectOf } from '../fingerprint/subject';

/**
 * What the control's recorded context says it acts on, which a candidate's context must not
 * contradict: the title of the dialog it sat in, and an amount in its own name. A candidate whose
 * context names another thing is another element whatever else agrees (the same "Delete" in a
 * dialog about another file, "Pay $100" where "Pay $10" was): it is refused, not weighed.
 */

/** A sum of money or a share in a name ("Pay $10", "Donate 5 €", "Add 10% tip"). */
const AMOUNT = /([$€£¥₹])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(%|€|£|\$|usd\b|eur\b|gbp\b)/giu;

/** The amounts in a text, each as its sign and value ("$10" and "$10.00" are one amount). */
export function amountsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of norm(text).matchAll(AMOUNT)) {
    const sign = (m[1] ?? m[4] ?? '').toLowerCase();
    const value = Number.parseFloat((m[2] ?? m[3] ?? '').replace(/,/g, ''));
    out.push(`${sign}${value}`);
  }
  return out.sort();
}

/** Two names that both carry amounts, and not the same ones: the control does something else now. */
export function otherAmount(recorded: string, theirs: string): boolean {
  const a = amountsOf(recorded);
  const b = amountsOf(theirs);
  return a.length > 0 && b.length > 0 && a.join(' ') !== b.join(' ');
}

/** Words that say nothing of which thing a title is about. */
const FILLER = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'of', 'to', 'from', 'for', 'in', 'on', 'and', 'or', 'your', 'my', 'are', 'is', 'you', 'sure', 'do', 'want', 'really']);
const titleWords = (s: string) => new Set(norm(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w && !FILLER.has(w)));

/**
 * Whether a title is about another thing than the recorded one: some recorded words are gone and
 * others took their place ("Delete project Apollo?" and "Delete invoice 2041?", "Delete 3 items?"
 * and "Delete 30 items?"). A title that only lost or only gained words ("Delete the project
 * Apollo", "Delete Apollo?") is the same one reworded.
 */
export function namesAnother(recorded: string, theirs: string): boolean {
  const x = titleWords(recorded);
  const y = titleWords(theirs);
  if (!x.size || !y.size) return false;
  return [...x].some((w) => !y.has(w)) && [...y].some((w) => !x.has(w));
}

/** Why a candidate's context contradicts the recording, if it does. */
export function contradiction(fp: Fingerprint, el: Element, name: string, rowOf: (el: Element) => string): string | undefined {
  const recordedName = fp.name || fp.text || '';
  if (otherAmount(recordedName, name)) return `its amount is not the recorded one ("${recordedName}")`;
  // "Disable two-factor" keeps most words of "Enable two-factor" and its id: it is the other action
  if (recordedName && name && opposed(recordedName, name)) return `its name says the opposite of the recorded one ("${recordedName}")`;
  if (fp.row && otherIdentifier(fp.row, rowOf(el))) return `its row names another item than "${fp.row}"`;
  if (fp.row && otherNumbers(fp.row, rowOf(el))) return `its row is about another date or item than "${fp.row}"`;
  if (fp.dialog) {
    const subject = subjectOf(el);
    if (subject && namesAnother(fp.dialog, subject)) return `it is in a dialog about something else ("${subject}", recorded "${fp.dialog}")`;
  }
  return undefined;
}

/**
 * Whether the block around a candidate names another item than the recorded block did: the
 * recorded block's words (numbers aside: a balance or a price changes and the item stays) are
 * gone from it and words of its own took their place ("Everyday Checking" where "Holiday
 * Savings" was). Asked only of a candidate at the recorded path whose block scored as contradicting
 * the recorded one, and whose own id and the recorded heading above it do not agree: those say it
 * is the recorded element with its help text or neighbours rewritten.
 */
export function otherItem(recorded: string, lowest: string | undefined): boolean {
  if (!lowest) return false;
  const named = (s: string) => new Set([...titleWords(s)].filter((w) => !/^\d+$/.test(w)));
  return namesAnotherBy(named(recorded), named(lowest));
}

function namesAnotherBy(x: Set<string>, y: Set<string>): boolean {
  return x.size > 0 && y.size > 0 && [...x].some((w) => !y.has(w)) && [...y].some((w) => !x.has(w));
}

/** A name joined to a number ("web-1", "srv_12", "node-3a"): one item's identifier. */
const IDENT = /(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{N}]*)[-_](\d[\p{L}\p{N}]*)(?![\p{L}\p{N}])/gu;
const idents = (s: string) => [...norm(s).matchAll(IDENT)].map((m) => ({ all: m[0], stem: m[1]! }));

/**
 * Whether a row names another item by its identifier: the recorded row's "web-1" is gone from it
 * and a "web-10" of the same stem took its place (numbers elsewhere in a row, a count or a date,
 * change without making it another item; one joined to a name is the name).
 */
export function otherIdentifier(recorded: string, theirs: string): boolean {
  const mine = idents(recorded);
  if (!mine.length) return false;
  const their = idents(theirs);
  return mine.some((x) => !their.some((y) => y.all === x.all) && their.some((y) => y.stem === x.stem));
}

/** Month and weekday names (English), which say which date a row is as its numbers do. */
const CALENDAR = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs?|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)$/;
const calendarWord = (w: string): string => w.slice(0, 3);

/**
 * The tokens of a text that say which item it is: its numbers (money taken out: a price or a
 * balance changes and the item stays; "09" is 9) and the month and weekday names of its dates.
 */
function identityTokens(text: string): string[] {
  const words = norm(text).replace(AMOUNT, ' ');
  const numbers = [...words.matchAll(/(?<![\p{L}\d.,])\d+(?![\d\p{L}])/gu)].map((m) => String(Number(m[0])));
  const dates = words.split(/[^\p{L}]+/u).filter((w) => CALENDAR.test(w)).map(calendarWord);
  return [...numbers, ...dates];
}

/**
 * Whether a row is another item told apart by its numbers or its date: the recorded row's date,
 * dose or slot number is gone from it and another took its place ("Fri Mar 14, 9:00" and "Fri Mar
 * 21, 9:00", "Mar 1–15" and "Apr 1–15", "Lisinopril 10 mg" and "20 mg"), where the words around
 * them stay. A row that only lost such tokens (a date written without its year) or only gained
 * some is the same item written anew. `datedOnly`: only for a text with a date in it.
 */
export function otherNumbers(recorded: string, theirs: string, datedOnly = false): boolean {
  // a block's numbers are as often counts and versions as which item it is: there, only a date says so
  if (datedOnly && !norm(recorded).split(/[^\p{L}]+/u).some((w) => CALENDAR.test(w))) return false;
  const a = identityTokens(recorded);
  const b = identityTokens(theirs);
  return a.some((n) => !b.includes(n)) && b.some((n) => !a.includes(n));
}
