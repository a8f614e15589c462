// The recorder's fingerprint and replay's resolver as plain functions, for tools that inject this
// file into ordinary pages (the relocation benchmark and its e2e tests): the same code the content
// script runs at record and replay time. Nothing here touches `chrome`.
import { Fingerprint } from '../../shared/fingerprint';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { lineOf } from '../page-model/format';
import { lookup } from '../page-model/ids';
import { walkPage } from '../page-model/snapshot';
import { decide as decideByRules } from './decide';
import { bestGuess, rankCandidates, resolveFingerprint } from './resolve';

/** A fingerprint as the recorder takes it: names from a fresh page-model walk, as on a click. */
export function fingerprint(el: Element): Fingerprint {
  const item = walkPage().items.find((it) => it.kind === 'el' && it.el === el);
  return fingerprintOf(el, item && { role: item.role, name: item.name });
}

export const resolve = (fp: unknown) => resolveFingerprint(Fingerprint.parse(fp));

/** The element behind a resolution's id, or null when it is unknown or gone. */
export function element(id: number): Element | null {
  const r = lookup(id);
  return r.ok ? r.el : null;
}

/** The best few candidates with their evidence scores, to see why the resolver decided as it did. */
export const explain = (fp: unknown, n = 3) =>
  rankCandidates(Fingerprint.parse(fp))
    .slice(0, n)
    .map((s) => ({ line: lineOf(s.item), total: Math.round(s.total * 100) / 100, scores: s.scores, against: s.against }));

/** The page-model walk alone, which every resolution starts with: the reference its time is read against. */
export const walk = (): number => walkPage().items.length;

/** The candidate the resolver ranks first, acted on or not: the guess a question to the person would show. */
export function guess(fp: unknown): Element | null {
  const ranked = rankCandidates(Fingerprint.parse(fp));
  const rules = decideByRules(ranked, (s) => lineOf(s.item));
  return (rules.ok ? rules.pick : bestGuess(ranked))?.item.el ?? null;
}

/** The best n candidates' evidence and whether each is `truth`: the data the decision's weights are fitted on. */
export function evidenceOf(fp: unknown, truth: Element | null, n = 8) {
  const ranked = rankCandidates(Fingerprint.parse(fp));
  const rules = decideByRules(ranked, (s) => lineOf(s.item));
  return ranked.slice(0, n).map((s) => ({ scores: s.scores, total: s.total, truth: s.item.el === truth, rules: rules.ok && rules.pick === s }));
}
