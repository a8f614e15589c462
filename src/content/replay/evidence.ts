import type { Fingerprint, MatchStrategy } from '../../shared/fingerprint';
import { equivalentNames, namesClose } from '../../workflows/replay/similar';
import { BLOCK_NAME, namesake, nameWords, ROW_NAME, rowNamesake } from './namesake';
import { norm } from '../../workflows/text';
import { landmarkOf } from '../fingerprint/neighbourhood';
import { TEST_ATTRS } from '../fingerprint/css-path';
import { clip } from '../page-model/dom';
import { authoredName } from '../page-model/names';
import type { Item } from '../page-model/walk';
import { pathSimilarity } from './page-facts';
import { contradiction, otherItem, otherNumbers } from './contradicted';

/**
 * One candidate scored on every piece of recorded evidence. Each kind scores 0..1, or is absent
 * when the recording (or the candidate) has nothing to compare. A kind agrees at 0.8 or more and
 * contradicts at 0.2 or less.
 */
export type EvidenceKind = 'name' | 'identity' | 'href' | 'structure' | 'position' | 'heading' | 'landmark' | 'row' | 'near' | 'look';
export type Scores = Partial<Record<EvidenceKind, number>>;

/**
 * The rules' weights (decide.ts ranks and compares candidates by them). How a control is built
 * (look) counts for nothing there: it only tells apart candidates the rules refuse, through the
 * fitted weights of weigh.ts.
 */
export const WEIGHTS: Record<EvidenceKind, number> = { name: 3, identity: 2, href: 1.5, structure: 1.5, position: 0.75, heading: 1, landmark: 0.5, row: 2, near: 1.5, look: 0 };
/** Where an element is, as opposed to what it is called: the evidence that can point elsewhere. */
export const PLACE: EvidenceKind[] = ['structure', 'position', 'heading', 'landmark', 'row', 'href'];

export interface Scored {
  item: Item;
  scores: Scores;
  total: number;
  /** the most reliable single strategy that agreed, for the replay log */
  strategy: MatchStrategy;
  /** why its context says it is another element (contradicted.ts): never acted on */
  against?: string;
}

export const agrees = (s: Scores, k: EvidenceKind) => (s[k] ?? 0) >= 0.8;
export const contradicts = (s: Scores, k: EvidenceKind) => s[k] !== undefined && s[k]! <= 0.2;

/** Page-wide facts the scorer needs about each candidate, computed once per resolution. */
export interface Facts {
  pathOf: (el: Element) => string;
  headingOf: (el: Element) => string;
  /** the element the recorded CSS path singles out, if it does */
  byCss?: Element;
  /** the element the recorded XPath leads to, if any */
  byXpath?: Element;
  /** how many candidates carry the recorded name attribute (a radio group shares one) */
  nameAttrCount: number;
  /** rowOf, once per element */
  rowOf: (el: Element) => string;
  /** in how many candidates' rows a word occurs: a word in every row ("Delete", "Active") tells none apart */
  rowsWith: (word: string) => number;
  /** how many of the candidates' different rows share any of these words */
  rowsSharing: (words: string[]) => number;
  /** the texts around a candidate at each height (nearTexts), once per element */
  nearOf: (el: Element) => string[];
  /** around how many of the candidates scored in full a word occurs (a word around every twin tells none apart) */
  nearWith: (word: string) => number;
  /** in how many of the shortlisted candidates' nearest blocks a word occurs, and how many they are: what tells an item from the others */
  nearest: { with: (word: string) => number; of: number };
  /** lookOf, once per element */
  lookOf: (el: Element) => string;
  /** in how many of the candidates scored in full a word of their look occurs */
  lookWith: (word: string) => number;
}

function nameScore(fp: Fingerprint, it: Item): { score?: number; via?: MatchStrategy } {
  const mine = [...new Set([fp.name, fp.text, fp.label].filter((s): s is string => !!s && !!norm(s)))];
  if (!mine.length) return {};
  const name = norm(it.name);
  if (fp.name && norm(fp.name) === name) return { score: 1, via: 'role+name' };
  if (fp.label && norm(fp.label) === norm(authoredName(it.el))) return { score: 1, via: 'label' };
  if (fp.text && norm(fp.text) === norm(it.text ?? it.name)) return { score: 1, via: 'text' };
  const theirs = [...new Set([it.name, it.text].filter((s): s is string => !!s))];
  return { score: mine.some((a) => theirs.some((b) => nearlySame(a, b))) ? 0.6 : 0 };
}

/**
 * Names close enough to be one control relabelled: a fixed equivalent or a spelling change (as
 * repairs allow), one name's words all kept in the other ("Save" and "Save changes", "Username"
 * and "Email or username"), or two thirds of the words shared. One shared word is not enough
 * here: "Weekly summary email" is not "Show my email address".
 */
function nearlySame(a: string, b: string): boolean {
  // most candidates share no word at all with the recording: a substring test rules them out cheaply
  // a fixed equivalent of two words each ("Sign in", "Log in") shares too few words for the rules below
  if (equivalentNames(a, b)) return true;
  const x = words(a);
  const nb = norm(b);
  if (![...x].some((w) => nb.includes(w))) return x.size === 1 && namesClose(a, b);
  const y = words(b);
  if (!x.size || !y.size) return false;
  const [short, long] = x.size <= y.size ? [x, y] : [y, x];
  if ([...short].every((w) => long.has(w))) return true;
  if (wordOverlap(a, b) >= 0.67) return true;
  return Math.min(x.size, y.size) === 1 && namesClose(a, b);
}

function identityScore(fp: Fingerprint, el: Element, facts: Facts): { score?: number; via?: MatchStrategy } {
  if (fp.testId) {
    const [a = '', ...v] = fp.testId.split('=');
    const theirs = el.getAttribute(a);
    if (theirs === v.join('=')) return { score: 1, via: 'testId' };
    if (theirs !== null || TEST_ATTRS.some((t) => el.hasAttribute(t))) return { score: 0 };
  }
  if (fp.domId && el.id === fp.domId) return { score: 1, via: 'domId' };
  if (fp.nameAttr && el.getAttribute('name') === fp.nameAttr) return { score: facts.nameAttrCount === 1 ? 1 : 0.4, via: 'nameAttr' };
  if (fp.placeholder && norm(el.getAttribute('placeholder') ?? '') === norm(fp.placeholder)) return { score: 0.5, via: 'placeholder' };
  return fp.testId || fp.domId || fp.nameAttr ? { score: 0.3 } : {};
}

/** A page with no address of its own (a document written by a script) still resolves relative links alike. */
const FALLBACK_BASE = 'http://page.invalid/';

const addressOf = (href: string) => {
  try {
    const base = /^https?:|^file:/.test(document.baseURI) ? document.baseURI : FALLBACK_BASE;
    const u = new URL(href, base);
    return { host: u.host, path: u.pathname, full: u.pathname + u.search + u.hash };
  } catch {
    return { host: '', path: href, full: href };
  }
};

/** "#" and "javascript:" say nothing about where a link goes: a menu toggle or a script's button. */
const noAddress = (href: string) => /^\s*(#|javascript:)/i.test(href) && !/^#\w/.test(href.trim());
/** A path step that names one record ("/users/17/edit"): links that differ in one are different links. */
const idStep = (step: string) => /^\d+$|^[0-9a-f-]{8,}$/i.test(step);

/**
 * 1 for the recorded address; 0.7 for the same path with another query or fragment; 0.5 for the
 * same file moved to another folder ("general.html" became "../forms/general.html", a redesign
 * regrouped its pages), on the same site and with the same record ids; 0 for another address.
 * 0.4 when one link has an address and the other none ("#", "javascript:"): a redesign may have
 * turned its menu's pages into "#" placeholders, so this is weighed, not taken as proof either way.
 */
function hrefScore(fp: Fingerprint, el: Element): number | undefined {
  const theirs = el.getAttribute('href');
  if (!fp.href || theirs === null) return undefined;
  if (theirs === fp.href) return 1;
  if (noAddress(fp.href) || noAddress(theirs)) return 0.4;
  const a = addressOf(fp.href);
  const b = addressOf(theirs);
  if (a.full === b.full && a.host === b.host) return 1;
  if (a.path === b.path && a.host === b.host) return 0.7;
  const x = a.path.split('/').filter(Boolean);
  const y = b.path.split('/').filter(Boolean);
  const ids = (steps: string[]) => steps.filter(idStep).join('/');
  const moved = a.host === b.host && !!x.length && x.at(-1) === y.at(-1) && /\p{L}/u.test(x.at(-1)!) && ids(x) === ids(y);
  return moved ? 0.5 : 0;
}

function positionScore(fp: Fingerprint, el: Element): number | undefined {
  // a recorded box of no size (a hidden element) says nothing about where it is
  if (!fp.rect || fp.frames.length || (!fp.rect.w && !fp.rect.h)) return undefined;
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return 0;
  const d = Math.hypot(fp.rect.x + fp.rect.w / 2 - (r.left + r.width / 2), fp.rect.y + fp.rect.h / 2 - (r.top + r.height / 2));
  return Math.max(0, 1 - d / 300);
}

/** Word overlap (Dice) of two texts: rows that kept their words but changed order or spacing still match. */
const wordCache = new Map<string, Set<string>>();
/** A text's words; the recorded names are split once per resolution, not once per candidate. */
function words(s: string): Set<string> {
  let w = wordCache.get(s);
  if (!w) {
    if (wordCache.size > 64) wordCache.clear();
    w = new Set(norm(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
    wordCache.set(s, w);
  }
  return w;
}

function wordOverlap(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (!x.size || !y.size) return x.size === y.size ? 1 : 0;
  let n = 0;
  for (const w of x) if (y.has(w)) n++;
  return (2 * n) / (x.size + y.size);
}

/**
 * How much of the recorded row is still around a candidate, each word weighted by how rare it is
 * among the candidates' rows: the project name in a table row counts, the "Active" and "Delete"
 * every row has hardly do, and words a redesign added (a relabelled neighbour) cost nothing. Half
 * the weight kept counts for nothing.
 */
function rowScore(recorded: string, theirs: string, facts: Facts): number {
  const x = words(recorded);
  const y = words(theirs);
  if (!x.size) return y.size ? 0.5 : 1;
  if (rowNamesake(x, y, { with: facts.rowsWith, of: facts.rowsSharing(nameWords(x)) }, ROW_NAME)) return 0;
  const weight = (w: string) => 1 / Math.max(1, facts.rowsWith(w));
  let kept = 0;
  let all = 0;
  for (const w of x) {
    all += weight(w);
    if (y.has(w)) kept += weight(w);
  }
  return Math.max(0, (2 * kept) / all - 1);
}

function placeScores(fp: Fingerprint, el: Element, facts: Facts, full: boolean, named: boolean): Scores {
  const s: Scores = {};
  const exact = facts.byCss === el || facts.byXpath === el;
  if (fp.xpath || fp.css) s.structure = exact ? 1 : full ? pathSimilarity(fp.xpath, facts.pathOf(el)) : 0;
  if (full) s.position = positionScore(fp, el);
  if (fp.context !== undefined) {
    const h = facts.headingOf(el);
    s.heading = norm(clip(h, 80)) === norm(fp.context) ? 1 : h && namesClose(h, fp.context) ? 0.5 : 0;
  }
  if (fp.landmark !== undefined) {
    const l = landmarkOf(el);
    s.landmark = l === fp.landmark ? 1 : l.split(' ')[0] === fp.landmark.split(' ')[0] ? 0.6 : 0;
  }
  if (fp.row !== undefined) s.row = rowScore(fp.row, facts.rowOf(el), facts);
  if (full && named && fp.near) {
    // a block around it that extends the recorded block's name ("iPhone 15 Pro Max" for "iPhone 15
    // Pro") is a namesake's item: the candidate is in another item, whatever words they share
    const texts = facts.nearOf(el);
    const recorded = words(fp.near);
    // the lowest block around it that has every recorded word decides: higher ones take in its neighbours' words
    const lowest = texts.find((t) => nameWords(recorded).every((w) => words(t).has(w)));
    if (lowest && namesake(recorded, words(lowest), facts.nearest, BLOCK_NAME)) s.near = s.row = 0;
    else s.near = nearScore(fp.near, texts, facts);
  }
  // how it is built (lookOf): a recorded word no candidate has still counts, against all of them (the
  // "italic" of a toolbar button that is gone says the button beside it is not it)
  if (full && fp.look) s.look = rareOverlap(fp.look, facts.lookOf(el), facts.lookWith);
  s.href = hrefScore(fp, el);
  return s;
}

/**
 * How much the block around a candidate reads like the recorded one (nearOf): the best overlap at
 * any height, so a redesign that wrapped the block in another element still matches. Words are
 * weighted by how rare they are around the candidates, on both sides: the "Previous" and "Next"
 * around every pagination count little, and a height that takes in another twin's block brings
 * that block's own words, which lower the overlap.
 */
function nearScore(recorded: string, texts: string[], facts: Facts): number {
  let best = 0;
  for (const text of texts) best = Math.max(best, rareOverlap(recorded, text, facts.nearWith));
  return best;
}

/** Word overlap (Dice) of two texts, each word weighted by 1 / the number of candidates it occurs with. */
function rareOverlap(recorded: string, text: string, occurrences: (word: string) => number): number {
  const weight = (w: string) => 1 / Math.max(1, occurrences(w));
  const x = words(recorded);
  const y = words(text);
  let mine = 0;
  for (const w of x) mine += weight(w);
  let theirs = 0;
  let both = 0;
  for (const w of y) {
    theirs += weight(w);
    if (x.has(w)) both += weight(w);
  }
  return mine + theirs ? (2 * both) / (mine + theirs) : 0;
}

/** In the recorded slot among other words: another item (otherItem), unless its own id or the recorded heading says it is this one. */
const inAnotherItem = (fp: Fingerprint, el: Element, s: Scores, facts: Facts) =>
  !!fp.near && agrees(s, 'structure') && contradicts(s, 'near') && !agrees(s, 'identity') && !agrees(s, 'heading') && otherItem(fp.near, facts.nearOf(el)[0]);

/** The block around it is dated another day than the recorded block was (otherNumbers), unless its own id says it is this one. */
const onAnotherDate = (fp: Fingerprint, el: Element, s: Scores, facts: Facts) => !!fp.near && !agrees(s, 'identity') && otherNumbers(fp.near, facts.nearOf(el)[0] ?? '', true);

/** The words of texts, for counting around how many candidates each occurs. */
export const wordsOf = (texts: string[]): Set<string> => new Set(texts.flatMap((t) => [...words(t)]));

const ORDER: MatchStrategy[] = ['testId', 'domId', 'role+name', 'label', 'nameAttr', 'text', 'placeholder', 'css', 'xpath', 'position'];

/** Most a candidate can gain from the evidence a quick score leaves out (position, a partial structure, the block around it). */
export const LEFT_OUT = WEIGHTS.position + 0.7 * WEIGHTS.structure + WEIGHTS.near;

/**
 * Scores one candidate on all the recorded evidence; `full: false` leaves out its position,
 * how alike its path is and the block around it (the costly parts), so a page of 10k controls is first sifted cheaply.
 */
export function score(fp: Fingerprint, it: Item, facts: Facts, full = true): Scored {
  const name = nameScore(fp, it);
  const identity = identityScore(fp, it.el, facts);
  // the block around tells twins apart; it never makes an element that lacks the recorded name a match
  // (a form's other controls share the block of a submit button that is gone)
  const scores: Scores = { name: name.score, identity: identity.score, ...placeScores(fp, it.el, facts, full, (name.score ?? 0) >= 0.6) };
  const total = (Object.entries(WEIGHTS) as [EvidenceKind, number][]).reduce((t, [k, w]) => t + w * (scores[k] ?? 0), 0);
  const via: MatchStrategy[] = [];
  if (identity.via && agrees(scores, 'identity')) via.push(identity.via);
  if (name.via) via.push(name.via);
  if (facts.byCss === it.el) via.push('css');
  if (facts.byXpath === it.el) via.push('xpath');
  const strategy = ORDER.find((s) => via.includes(s)) ?? 'position';
  const against =
    contradiction(fp, it.el, it.name, facts.rowOf) ??
    (inAnotherItem(fp, it.el, scores, facts) ? `the text around it names another item than "${clip(fp.near ?? '', 60)}"` : undefined) ??
    (onAnotherDate(fp, it.el, scores, facts) ? `the text around it is about another date or item than "${clip(fp.near ?? '', 60)}"` : undefined);
  return { item: it, scores, total, strategy, ...(against ? { against } : {}) };
}
