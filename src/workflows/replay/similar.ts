import type { Fingerprint } from '../../shared/fingerprint';
import { norm } from '../text';

/**
 * Whether an element's accessible name is close enough to the recorded one for a repair to be the
 * same control: the same words in another order or case, a shared meaningful word ("Search" for
 * "Search flights", "User" for "Username"), a small spelling change, or one of a few fixed equivalents ("Log in" for
 * "Sign in"). Deliberately narrow: a page that steers a repair to "Delete all" for "Save" shares
 * nothing with it and is refused; a relabelled control the rule misses goes to the person.
 */

const STOP = new Set(['a', 'an', 'the', 'to', 'of', 'and', 'or', 'for', 'in', 'on', 'at', 'by', 'with', 'your', 'my', 'this', 'that', 'it', 'is', 'now', 'here', 'me', 'all']);

/** Fixed equivalents, none of which turns a harmless control into a destructive one. */
const SAME: string[][] = [
  ['sign in', 'log in', 'login', 'signin', 'sign on', 'log on'],
  ['sign out', 'log out', 'logout', 'signout'],
  ['search', 'find', 'look up'],
  ['next', 'continue', 'proceed'],
  ['back', 'previous'],
  ['ok', 'okay'],
  ['password', 'passcode', 'passphrase', 'pin'],
];

/** Words that say the opposite of each other: a control relabelled to one from the other is another control. */
const OPPOSITE: [string, string][] = [
  ['yes', 'no'], ['accept', 'reject'], ['approve', 'reject'], ['allow', 'deny'], ['allow', 'block'], ['show', 'hide'], ['open', 'close'],
  ['on', 'off'], ['add', 'remove'], ['in', 'out'], ['login', 'logout'], ['next', 'previous'], ['more', 'less'], ['buy', 'sell'],
  ['increase', 'decrease'], ['include', 'exclude'], ['import', 'export'], ['upload', 'download'], ['now', 'later'], ['start', 'stop'],
];
/** A word and its negation by a prefix ("subscribe" and "unsubscribe", "enable" and "disable"). */
const negated = (x: string, y: string) => ['un', 'dis', 'de', 'non'].some((p) => x === p + y || y === p + x || (x.startsWith('dis') && y === `en${x.slice(3)}`) || (y.startsWith('dis') && x === `en${y.slice(3)}`));

/** Two names that differ where one says the opposite of the other ("Follow" and "Unfollow", "Pay now" and "Pay later"). */
export function opposed(a: string, b: string): boolean {
  const x = clean(a).split(' ');
  const y = clean(b).split(' ');
  return x.some((u) => y.some((v) => u !== v && (negated(u, v) || OPPOSITE.some(([p, q]) => (u === p && v === q) || (u === q && v === p)))));
}

const clean = (s: string | undefined) =>
  norm(s)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const words = (s: string) => clean(s).split(' ').filter((w) => w.length > 1 && !STOP.has(w));
const stem = (w: string) => (w.length > 5 ? w.slice(0, 5) : w);

function bigrams(s: string): string[] {
  const t = clean(s).replace(/ /g, '');
  const out: string[] = [];
  for (let i = 0; i < t.length - 1; i++) out.push(t.slice(i, i + 2));
  return out;
}

/** Dice coefficient of character pairs: 1 for the same text, 0 for nothing in common. */
function dice(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (!x.length || !y.length) return clean(a) === clean(b) && clean(a) !== '' ? 1 : 0;
  const pool = [...y];
  let hits = 0;
  for (const g of x) {
    const at = pool.indexOf(g);
    if (at >= 0) {
      hits += 1;
      pool.splice(at, 1);
    }
  }
  return (2 * hits) / (x.length + y.length);
}

/** A word in common: the same stem, or one word beginning the other ("User" and "Username"). */
function sharesWord(a: string[], b: string[]): boolean {
  return a.some((x) => b.some((y) => stem(x) === stem(y) || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)))));
}

/** One of the fixed equivalents of the other ("Log in" for "Sign in"), whatever their word counts. */
export function equivalentNames(a: string, b: string): boolean {
  const ca = clean(a);
  const cb = clean(b);
  return ca !== cb && SAME.some((g) => g.includes(ca) && g.includes(cb));
}

export function namesClose(a: string, b: string): boolean {
  const ca = clean(a);
  const cb = clean(b);
  if (!ca || !cb) return false;
  if (ca === cb) return true;
  if (opposed(a, b)) return false;
  if (SAME.some((g) => g.includes(ca) && g.includes(cb))) return true;
  if (sharesWord(words(a), words(b))) return true;
  return dice(ca, cb) >= 0.7;
}

/** The recorded element's names (accessible name, label, text, placeholder): a repair must be close to one of them. */
export function closeToRecorded(fp: Fingerprint | undefined, name: string): boolean {
  if (!fp) return false;
  return [fp.name, fp.label, fp.text, fp.placeholder].some((n) => !!n && namesClose(n, name));
}
