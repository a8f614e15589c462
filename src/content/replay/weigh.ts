import { wordlessElsewhere, type Decision } from './decide';
import { agrees, contradicts, type EvidenceKind, type Scored } from './evidence';

/**
 * The decision, weighed. The rules of decide.ts act where they find a clear winner, except when
 * another of the best candidates is its twin in everything the element itself carries (name,
 * identity, address, row, heading, block) and only their places differ: a page that
 * reordered identical controls may mean either, so the step asks. Where the rules refuse, the best
 * candidates are weighed instead of vetoed: each one's utility is the sum of its evidence scores
 * times fitted weights, with a weight of its own for each kind the recording or the candidate lacks
 * and bonuses at the exact recorded name and path, and "none of these" (the element is gone) has a
 * utility of its own; a candidate's chance is its softmax share. The best is acted on when its
 * chance reaches THRESHOLD, nothing bars it (barred), no same-named rival fits the recorded words
 * better (rivalByWords) and no look-alike differs from it only by place (placeOnly).
 *
 * MODEL and THRESHOLD were fitted by bench/relocation/fit.mjs on the training cases only (the
 * generated corpus with the arena's layouts, and the train families of both real-redesign corpora);
 * the threshold is the highest chance a wrong pick had when each train family was predicted by a
 * model fitted without it, plus 0.02. Held-out families were only measured (docs/workflows.md).
 */
export const MODEL = {
  weights: { name: 1.2, identity: 1.2, href: 0.62, structure: 1.18, position: 1.11, heading: 0.88, landmark: 0.47, row: 1.06, near: 1.22, look: 2.22 },
  missing: { name: 0.41, identity: -1.14, href: -0.02, structure: 0, position: 0, heading: -0.04, landmark: -0.22, row: -0.06, near: -1.49, look: -0.03 },
  nameExact: 1.16,
  pathExact: 1.54,
  none: 0.7,
} satisfies { weights: Record<EvidenceKind, number>; missing: Record<EvidenceKind, number>; nameExact: number; pathExact: number; none: number };
export const THRESHOLD = 0.78;
/** How many of the best candidates are weighed: as many as the fit saw. */
export const WEIGHED_TOP = 8;
/** What the element itself carries, and the block around it that tells it from its twins, as opposed to where it is. */
const SELF: EvidenceKind[] = ['name', 'identity', 'href', 'row', 'heading', 'near'];

export function utility(s: Scored): number {
  let u = (s.scores.name === 1 ? MODEL.nameExact : 0) + (s.scores.structure === 1 ? MODEL.pathExact : 0);
  for (const k of Object.keys(MODEL.weights) as EvidenceKind[]) {
    const score = s.scores[k];
    u += score === undefined ? MODEL.missing[k] : MODEL.weights[k] * score;
  }
  return u;
}

/** The best candidates ordered by their utility, with the chance that the first is the recorded element. */
export function weighedRanking(ranked: Scored[]): { order: Scored[]; chance: number } {
  const order = ranked
    .slice(0, WEIGHED_TOP)
    .map((s) => ({ s, u: utility(s) }))
    .sort((a, b) => b.u - a.u);
  if (!order.length) return { order: [], chance: 0 };
  const top = Math.max(order[0]!.u, MODEL.none);
  const sum = order.reduce((a, o) => a + Math.exp(o.u - top), Math.exp(MODEL.none - top));
  return { order: order.map((o) => o.s), chance: Math.exp(order[0]!.u - top) / sum };
}

const same = (a?: number, b?: number) => (a === undefined) === (b === undefined) && Math.abs((a ?? 0) - (b ?? 0)) < 0.05;
/** Another of the best candidates that carries everything the pick carries, differing only in place. */
export const twinOf = (ranked: Scored[], pick: Scored) => ranked.slice(0, WEIGHED_TOP).find((s) => s !== pick && SELF.every((k) => same(s.scores[k], pick.scores[k])));

/**
 * What weighing never acts on alone: a candidate in another row than the recorded one ("Edit" of
 * another project); one whose name shares no word with a recorded name (a "Delete" whose slot an
 * "Archive" built the same way now holds is not a relabel the evidence can tell from a
 * replacement); and, for a control recorded with no name (an icon button), one that is not built
 * like it (its look below 0.8) unless an id of its own agrees: the place alone of a removed icon is
 * its neighbour's. Nor one whose context names another thing (contradicted.ts).
 */
export const barred = (s: Scored) =>
  !!s.against || contradicts(s.scores, 'row') ||
  wordlessElsewhere(s) || s.scores.name === 0 || (s.scores.name === undefined && (s.scores.look ?? 0) < 0.8 && !agrees(s.scores, 'identity'));

/**
 * Another of the best candidates that the recording cannot tell from the best except by place: the
 * same name score, built alike (look within 0.2), and the best not clearly nearer the recorded row
 * or block (by 0.3). Cards, rows and fields built alike, where the recorded one is gone or moved
 * and a look-alike took its slot ("Add to cart" of another product, the next post's Like, the
 * Phone field where Email was): the slot alone does not say which is meant, so the person does.
 */
const words = (s: Scored) => Math.max(s.scores.near ?? 0, s.scores.row ?? 0);
export const placeOnly = (order: Scored[], b: Scored) =>
  order.some((x) => x !== b && x.scores.name === b.scores.name && Math.abs((x.scores.look ?? 0) - (b.scores.look ?? 0)) < 0.2 && words(b) - words(x) < 0.3);

/**
 * A rival that carries the recorded name as well and the recorded block or row better: reordered
 * twins ("Contact us" of each office), where the recorded slot and the recorded words point to two
 * elements. Weighing does not choose between them; the person does.
 */
export const rivalByWords = (order: Scored[], b: Scored) =>
  order.some((x) => x !== b && (x.scores.name ?? 0) >= (b.scores.name ?? 0) && (['near', 'row'] as const).some((k) => (x.scores[k] ?? 0) > (b.scores[k] ?? 0) + 0.1));

export function weigh(ranked: Scored[], rules: Decision, line: (s: Scored) => string): Decision {
  if (rules.ok) {
    const twin = twinOf(ranked, rules.pick);
    if (!twin) return rules;
    return { ok: false, reason: 'ambiguous', message: `${line(rules.pick)} and ${line(twin)} are alike in everything recorded about the element; only their places differ` };
  }
  const { order, chance } = weighedRanking(ranked);
  const b = order[0];
  if (b && chance >= THRESHOLD && !barred(b) && !rivalByWords(order, b) && !placeOnly(order, b)) return { ok: true, pick: b };
  return rules;
}
