import type { Fingerprint } from '../../shared/fingerprint';
import type { Guess, Resolution } from '../../workflows/replay/ports';
import { lineOf } from '../page-model/format';
import { idFor } from '../page-model/ids';
import { isSecret } from '../page-model/secrets';
import { walkPage } from '../page-model/snapshot';
import type { Item } from '../page-model/walk';
import { candidatesFor } from './candidates';
import { decide, MARGIN } from './decide';
import { LEFT_OUT, score, wordsOf, type Facts, type Scored } from './evidence';
import { headingsOf, pathFinder } from './page-facts';
import { weigh, weighedRanking } from './weigh';
import { norm } from '../../workflows/text';
import { lookOf } from '../fingerprint/look';
import { nearTexts, rowOf } from '../fingerprint/neighbourhood';
import { safeQuery, searchRoots, xpathIn } from './roots';

/**
 * Finds the recorded element on the live page. Every candidate of the recorded kind is scored on
 * all the recorded evidence (name, identity attributes, address, structure, position, heading,
 * landmark, row); the rules of decide.ts pick a clear winner unless a twin that differs only in
 * place stands beside it, and where they refuse the best few candidates are weighed (weigh.ts): the
 * best is acted on when its fitted chance reaches the threshold. Everything else is reported,
 * with the candidates involved, for healing.
 */
export function resolveFingerprint(fp: Fingerprint): Resolution {
  const ranked = rankCandidates(fp);
  if (!ranked.length) return { ok: false, reason: 'not_found', message: 'no element on the page matches the recording' };
  const line = (s: Scored) => lineOf(s.item);
  const decision = weigh(ranked, decide(ranked, line), line);
  if (!decision.ok) {
    // every refusal with a candidate carries the weighed best few: the person is asked about the
    // first ("Is this 'Log in'? It was 'Sign in'"), and "Pick another" shows the next
    const [g, ...others] = guessesOf(ranked);
    return g ? { ...decision, guess: g, ...(others.length ? { others } : {}) } : decision;
  }
  const { item: it, strategy } = decision.pick;
  const type = (it.el as HTMLInputElement).type;
  return {
    ok: true,
    id: it.id || idFor(it.el),
    strategy,
    tag: it.el.localName,
    role: it.role,
    name: it.name,
    ...(it.el.localName === 'input' && type ? { inputType: type } : {}),
    secret: isSecret(it.el, it.name),
    line: lineOf(it),
  };
}

/** The candidate ranked first by its weighed evidence when the decision refuses: the guess a question to the person shows. */
export const bestGuess = (ranked: Scored[]): Scored | undefined => weighedRanking(ranked).order[0];

/** How many of the weighed best a refusal offers the person, one after another. */
const GUESSES = 3;

function guessesOf(ranked: Scored[]): Guess[] {
  return weighedRanking(ranked)
    .order.slice(0, GUESSES)
    .map(({ item }) => ({ id: item.id || idFor(item.el), tag: item.el.localName, role: item.role, name: item.name, line: lineOf(item), secret: isSecret(item.el, item.name) }));
}

/** Candidates scored in full after the quick sift; more are taken while one left out could still compete. */
const SHORTLIST = 40;

/**
 * Every candidate of the recorded kind, scored, best first. All are scored quickly; the best of
 * those, every candidate carrying the recorded name and the one at the recorded path are scored
 * in full. The shortlist grows until no candidate left out could come within the margin of the best
 * even with everything the quick score left out, so the decision is the one a full scoring makes.
 */
export function rankCandidates(fp: Fingerprint): Scored[] {
  const walked = walkPage();
  const candidates = candidatesFor(fp, walked);
  const facts = factsFor(fp, candidates, [...walked.docs, ...walked.shadowRoots]);
  const quick = candidates.map((it) => score(fp, it, facts, false)).sort((a, b) => b.total - a.total);
  let take = SHORTLIST;
  for (;;) {
    const inFull = (q: Scored, i: number) => i < take || q.scores.name === 1 || q.scores.structure === 1;
    if (fp.near) {
      const shortlisted = quick.filter(inFull);
      facts.nearWith = wordCounter(shortlisted.map((q) => [...wordsOf(facts.nearOf(q.item.el))]));
      facts.nearest = { with: wordCounter(shortlisted.map((q) => [...wordsOf(facts.nearOf(q.item.el).slice(0, 1))])), of: shortlisted.length };
    }
    if (fp.look) facts.lookWith = wordCounter(quick.filter(inFull).map((q) => [...wordsOf([facts.lookOf(q.item.el)])]));
    const full = quick.map((q, i) => (inFull(q, i) ? score(fp, q.item, facts) : q));
    const ranked = full.sort((a, b) => b.total - a.total);
    const leftOut = quick[take];
    if (!leftOut || leftOut.total + LEFT_OUT < (ranked[0]?.total ?? 0) - MARGIN) return ranked;
    take *= 4;
  }
}

function factsFor(fp: Fingerprint, candidates: Item[], roots: (Document | ShadowRoot)[]): Facts {
  const els = new Set(candidates.map((it) => it.el));
  // the recorded CSS path counts for the candidate it singles out (or the control it sits in)
  const hits = fp.css ? searchRoots(fp, roots).flatMap((r) => safeQuery(r, fp.css)) : [];
  const owner = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) if (els.has(e)) return e;
    return undefined;
  };
  const byCss = hits.length === 1 ? owner(hits[0]!) : undefined;
  const atPath = fp.xpath ? roots.filter((r): r is Document => r.nodeType === 9).flatMap((d) => xpathIn(d, fp.xpath)) : [];
  const byXpath = atPath.length === 1 ? owner(atPath[0]!) : undefined;
  const nameAttrCount = fp.nameAttr ? candidates.filter((it) => it.el.getAttribute('name') === fp.nameAttr).length : 0;
  const rows = new Map(candidates.map((it) => [it.el, rowOf(it.el)]));
  let df: Map<string, number> | undefined;
  const rowsWith = (word: string) => {
    df ??= countWords([...rows.values()]);
    return df.get(word) ?? 0;
  };
  let rowWords: Set<string>[] | undefined;
  const rowsSharing = (words: string[]) => {
    rowWords ??= [...new Set(rows.values())].map((t) => new Set(norm(t).split(/[^\p{L}\p{N}]+/u).filter(Boolean)));
    return rowWords.filter((r) => words.some((w) => r.has(w))).length;
  };
  const near = new Map<Element, string[]>();
  const nearOf = (el: Element) => near.get(el) ?? near.set(el, nearTexts(el)).get(el)!;
  const looks = new Map<Element, string>();
  const lookOfEl = (el: Element) => looks.get(el) ?? looks.set(el, lookOf(el)).get(el)!;
  return { pathOf: pathFinder(), headingOf: headingsOf(candidates.map((it) => it.el)), byCss, byXpath, nameAttrCount, rowOf: (el) => rows.get(el) ?? rowOf(el), rowsWith, rowsSharing, nearOf, nearWith: () => 0, nearest: { with: () => 0, of: 0 }, lookOf: lookOfEl, lookWith: () => 0 };
}

/** Counts in how many of the word lists each word occurs. */
function wordCounter(lists: string[][]): (word: string) => number {
  const df = new Map<string, number>();
  for (const list of lists) for (const w of list) df.set(w, (df.get(w) ?? 0) + 1);
  return (w) => df.get(w) ?? 0;
}

/** In how many of the texts each word occurs. */
function countWords(texts: string[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const t of new Set(texts)) {
    for (const w of new Set(norm(t).split(/[^\p{L}\p{N}]+/u).filter(Boolean))) df.set(w, (df.get(w) ?? 0) + 1);
  }
  return df;
}
