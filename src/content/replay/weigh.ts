import type { Decision } from './decide';
import { contradicts, WEIGHTS, type EvidenceKind, type Scored } from './evidence';

/**
 * The decision, weighed. The rules of decide.ts act where they find a clear winner, except when
 * another of the best candidates is its twin in everything the element itself carries (name,
 * identity, address, row, heading) and only their places differ: a page that reordered identical
 * controls may mean either, so the step asks. Where the rules refuse, the candidates are weighed
 * instead of vetoed: every evidence kind's score times its weight (evidence.ts WEIGHTS), less
 * FITTED.penalty for each kind that contradicts the recording (an address change, a renamed label,
 * another tag lower a candidate rather than drop it), plus a bonus at the exact recorded path; the
 * best is acted on when it leads the runner-up by THRESHOLD or more, its own weighed evidence
 * reaches THRESHOLD too, and it is not in another row. The numbers were fitted by
 * bench/relocation/fit.mjs on the training cases only (the generated corpus, the arena's layouts
 * and the train families of the real-redesign corpus); the threshold is the largest lead a wrong
 * candidate had there plus 1 of clear space. Held-out families were only measured (docs/workflows.md).
 */
export const FITTED = { nameExact: 0, pathExact: 1, penalty: 0 };
export const THRESHOLD = 3.4;
/** How many of the best candidates are weighed: as many as the fit saw. */
export const WEIGHED_TOP = 8;
/** What the element itself carries, and the block around it that tells it from its twins, as opposed to where it is. */
const SELF: EvidenceKind[] = ['name', 'identity', 'href', 'row', 'heading', 'near'];

export function weighed(s: Scored): number {
  let total = (s.scores.name === 1 ? FITTED.nameExact : 0) + (s.scores.structure === 1 ? FITTED.pathExact : 0);
  for (const k of Object.keys(WEIGHTS) as EvidenceKind[]) {
    const score = s.scores[k];
    if (score === undefined) continue;
    total += WEIGHTS[k] * score;
    if (score <= 0.2) total -= FITTED.penalty;
  }
  return total;
}

/** The best candidates ordered by their weighed evidence, with the lead of the first. */
export function weighedRanking(ranked: Scored[]): { order: Scored[]; lead: number } {
  const order = ranked
    .slice(0, WEIGHED_TOP)
    .map((s) => ({ s, total: weighed(s) }))
    .sort((a, b) => b.total - a.total);
  const [b, r] = order;
  return { order: order.map((o) => o.s), lead: b ? b.total - (r?.total ?? 0) : 0 };
}

const same = (a?: number, b?: number) => (a === undefined) === (b === undefined) && Math.abs((a ?? 0) - (b ?? 0)) < 0.05;
/** Another of the best candidates that carries everything the pick carries, differing only in place. */
export const twinOf = (ranked: Scored[], pick: Scored) => ranked.slice(0, WEIGHED_TOP).find((s) => s !== pick && SELF.every((k) => same(s.scores[k], pick.scores[k])));

export function weigh(ranked: Scored[], rules: Decision, line: (s: Scored) => string): Decision {
  if (rules.ok) {
    const twin = twinOf(ranked, rules.pick);
    if (!twin) return rules;
    return { ok: false, reason: 'ambiguous', message: `${line(rules.pick)} and ${line(twin)} are alike in everything recorded about the element; only their places differ` };
  }
  const { order, lead } = weighedRanking(ranked);
  const b = order[0];
  // a row that no longer holds the recorded one's words is another item ("Edit" of another project)
  // and its own evidence must reach the threshold too: on a page of few controls a weak best can lead by much
  if (b && lead >= THRESHOLD && weighed(b) >= THRESHOLD && !contradicts(b.scores, 'row')) return { ok: true, pick: b };
  return rules;
}
