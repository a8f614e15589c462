// Fits the numbers of the resolver's weighed decision (src/content/replay/weigh.ts) on the training
// cases only: the generated corpus (bench/relocation/corpus.json, with the arena's layouts) and the
// train families of the real-redesign corpus. Held-out families are measured, never used to choose.
// Input: `node bench/relocation.mjs --features` (.tmp/relocation-features.json: every case's best
// eight candidates with their evidence, whether each is the ground truth and whether the rules of
// decide.ts picked it). `node bench/relocation/fit.mjs` prints the numbers and the counts per set.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** Clear space above the largest lead a wrong candidate had in training. */
const SAFETY = 1;
export const KINDS = ['name', 'identity', 'href', 'structure', 'position', 'heading', 'landmark', 'row', 'near'];
/** The scorer's own weights (src/content/replay/evidence.ts WEIGHTS). */
const WEIGHTS = { name: 3, identity: 2, href: 1.5, structure: 1.5, position: 0.75, heading: 1, landmark: 0.5, row: 2, near: 1.5 };
/** What the element itself carries, as opposed to where it is (weigh.ts SELF). */
const SELF = ['name', 'identity', 'href', 'row', 'heading', 'near'];

/** A candidate's weighed evidence: each kind's score times its weight, less a penalty where it contradicts. */
export function weigh(scores, p) {
  let s = (scores.name === 1 ? p.nameExact : 0) + (scores.structure === 1 ? p.pathExact : 0);
  for (const k of KINDS) {
    const v = scores[k];
    if (v === undefined) continue;
    s += WEIGHTS[k] * v;
    if (v <= 0.2) s -= p.penalty;
  }
  return s;
}

/** The best candidate under p and its lead over the runner-up. */
export function lead(evidence, p) {
  const ranked = evidence.map((e) => ({ ...e, s: weigh(e.scores, p) })).sort((a, b) => b.s - a.s);
  const [b, r] = ranked;
  return b ? { b, m: b.s - (r?.s ?? 0) } : null;
}

const alike = (a, b) => SELF.every((k) => (a[k] === undefined) === (b[k] === undefined) && Math.abs((a[k] ?? 0) - (b[k] ?? 0)) < 0.05);
const otherRow = (e) => (e.scores.row ?? 1) <= 0.2;

/**
 * The decision as weigh.ts makes it: the rules' pick unless another candidate is its twin in all
 * the element itself carries; where the rules refused, the weighed best when it leads by theta and
 * its own weighed evidence reaches theta too (on a page of few controls a weak best can lead by much).
 * Returns true (the truth acted on), false (another element), null (refused).
 */
export const decision = (p) => (r) => {
  const byRules = r.evidence.find((e) => e.rules);
  if (byRules) return r.evidence.some((e) => e !== byRules && alike(e.scores, byRules.scores)) ? null : byRules.truth && !r.gone;
  const l = lead(r.evidence, p);
  if (!l || l.m < p.theta || l.b.s < p.theta || otherRow(l.b)) return null;
  return l.b.truth && !r.gone;
};

export function tally(rows, act) {
  const t = { correct: 0, wrong: 0, refused: 0, n: rows.length };
  for (const r of rows) {
    const pick = act(r);
    if (pick === null) t.refused++;
    else if (pick) t.correct++;
    else t.wrong++;
  }
  return t;
}

/**
 * A grid over the few free numbers (exact-name and exact-path bonuses, one penalty for every
 * contradicting kind); for each, theta is the largest lead a wrong candidate had among the rules'
 * refusals in training, plus SAFETY. The point with the most correct acts wins. Few numbers on
 * purpose: 19 free weights fitted on these cases matched training and not new pages.
 */
function fit(train) {
  let best = null;
  const refusedByRules = train.filter((r) => !r.evidence.some((e) => e.rules));
  for (const nameExact of [0, 0.5, 1, 2]) {
    for (const pathExact of [0, 1, 2]) {
      for (const penalty of [0, 0.5, 1, 2, 3]) {
        const p = { nameExact, pathExact, penalty, theta: 0 };
        const leads = refusedByRules.map((r) => ({ r, l: lead(r.evidence, p) })).filter(({ r, l }) => l && (r.gone || !l.b.truth) && !otherRow(l.b));
        p.theta = Math.round((Math.max(0, ...leads.map(({ l }) => l.m)) + SAFETY) * 100) / 100;
        const t = tally(train, decision(p));
        if (!t.wrong && (!best || t.correct > best.correct)) best = { p, correct: t.correct };
      }
    }
  }
  return best.p;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = JSON.parse(await readFile(resolve(here, '../../.tmp/relocation-features.json'), 'utf8')).filter((r) => r.evidence);
  const sets = { generated: rows.filter((r) => !r.split), train: rows.filter((r) => r.split === 'train'), 'held-out': rows.filter((r) => r.split === 'held-out') };
  const p = fit([...sets.generated, ...sets.train]);
  console.log(JSON.stringify(p));
  for (const [name, set] of Object.entries(sets)) console.log(name, 'weighed', tally(set, decision(p)), 'rules alone', tally(set, decision({ ...p, theta: Infinity })));
  // reliability of the weighed ranking alone: of the cases whose weighed best leads by t or more, how many have it right
  console.log('\nweighed lead at least | ' + Object.keys(sets).join(' | '));
  for (const t of [0, 1, 2, 3, p.theta, 5, 7]) {
    const cell = (set) => {
      const hit = set.map((r) => lead(r.evidence, p)).map((l, i) => ({ l, r: set[i] })).filter(({ l }) => l && l.m >= t);
      const right = hit.filter(({ l, r }) => l.b.truth && !r.gone).length;
      return `${right} of ${hit.length} (${((100 * right) / Math.max(1, hit.length)).toFixed(1)}%)`;
    };
    console.log(`${t} | ${Object.values(sets).map(cell).join(' | ')}`);
  }
}
