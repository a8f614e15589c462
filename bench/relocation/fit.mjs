// Fits the weighed decision of the resolver (src/content/replay/weigh.ts) on the training cases
// only: the generated corpus (bench/relocation/corpus.json, with the arena's layouts) and the train
// families of both real-redesign corpora (design-system examples, admin-lte's pages). Held-out
// families are measured, never used to choose anything.
// Input: `node bench/relocation.mjs --features` (.tmp/relocation-features.json: every case's best
// eight candidates with their evidence, whether each is the ground truth and whether the rules of
// decide.ts picked it). `node bench/relocation/fit.mjs` prints the numbers for weigh.ts and, per
// set, the counts and the reliability table.
//
// The model: each candidate's utility is a weighted sum of its evidence scores, with a weight of its
// own for each kind the recording or the candidate lacks (a missing row is not a row that
// disagrees), a bonus for the exact recorded name and the exact recorded path; a "none of these"
// option with a utility of its own stands for an element that is gone. The chance that the best is
// the recorded element is its softmax share (a conditional logit, fitted by gradient descent with a
// small L2 penalty). The threshold to act on is the highest chance a wrong pick had when each
// train family was predicted by a model fitted without it (out-of-family, as a new site is), plus
// SAFETY.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const KINDS = ['name', 'identity', 'href', 'structure', 'position', 'heading', 'landmark', 'row', 'near', 'look'];
/** Clear space above the highest chance a wrong pick had out of family. */
const SAFETY = 0.02;
const L2 = 0.01;
const FOLDS = 5;

/** A candidate's features: each kind's score and whether it is missing, the exact name and the exact path. */
export function features(s) {
  const f = [];
  for (const k of KINDS) f.push(s[k] ?? 0, s[k] === undefined ? 1 : 0);
  f.push(s.name === 1 ? 1 : 0, s.structure === 1 ? 1 : 0);
  return f;
}
const D = features({}).length;

/** The model as weigh.ts holds it: a weight and a missing weight per kind, the two bonuses, the utility of none. */
export function asModel(w) {
  const weights = {};
  const missing = {};
  KINDS.forEach((k, i) => {
    weights[k] = round(w[2 * i]);
    missing[k] = round(w[2 * i + 1]);
  });
  return { weights, missing, nameExact: round(w[2 * KINDS.length]), pathExact: round(w[2 * KINDS.length + 1]), none: round(w[D]) };
}
const round = (x) => Math.round(x * 100) / 100;
const utility = (w, s) => features(s).reduce((a, x, i) => a + x * w[i], 0);

/** Each candidate's chance, and last the chance that none of them is the recorded element. */
export function chances(w, evidence) {
  const z = [...evidence.map((e) => utility(w, e.scores)), w[D]];
  const m = Math.max(...z);
  const ex = z.map((x) => Math.exp(x - m));
  const sum = ex.reduce((a, b) => a + b, 0);
  return ex.map((x) => x / sum);
}

/** Which option is right: the truth's index, or the last (none) when it is gone or not among these. */
const answer = (r) => {
  const i = r.gone ? -1 : r.evidence.findIndex((e) => e.truth);
  return i < 0 ? r.evidence.length : i;
};

export function train(rows, iters = 600, rate = 0.5) {
  const w = new Array(D + 1).fill(0);
  const fs = rows.map((r) => r.evidence.map((e) => features(e.scores)));
  for (let it = 0; it < iters; it++) {
    const g = new Array(D + 1).fill(0);
    rows.forEach((r, n) => {
      const p = chances(w, r.evidence);
      const y = answer(r);
      fs[n].forEach((f, i) => {
        const d = p[i] - (i === y ? 1 : 0);
        for (let j = 0; j < D; j++) g[j] += d * f[j];
      });
      g[D] += p[r.evidence.length] - (y === r.evidence.length ? 1 : 0);
    });
    for (let j = 0; j <= D; j++) w[j] -= rate * (g[j] / rows.length + L2 * w[j]);
  }
  return w;
}

const twinKinds = ['name', 'identity', 'href', 'row', 'heading', 'near'];
const alike = (a, b) => twinKinds.every((k) => (a[k] === undefined) === (b[k] === undefined) && Math.abs((a[k] ?? 0) - (b[k] ?? 0)) < 0.05);
const otherRow = (s) => s.row !== undefined && s.row <= 0.2;
/** What weighing never acts on alone (weigh.ts barred): another row; a name with no recorded word; a nameless recording's candidate not built like it. */
const barred = ({ scores: s }) => otherRow(s) || s.name === 0 || (s.name === undefined && (s.look ?? 0) < 0.8 && (s.identity ?? 0) < 0.8);
/** A look-alike told from the best only by place (weigh.ts placeOnly). */
const blockWords = (s) => Math.max(s.near ?? 0, s.row ?? 0);
const placeOnly = (evidence, b) => evidence.some((x) => x !== b && x.scores.name === b.scores.name && Math.abs((x.scores.look ?? 0) - (b.scores.look ?? 0)) < 0.2 && blockWords(b.scores) - blockWords(x.scores) < 0.3);
/** A same-named rival that fits the recorded block or row better (weigh.ts rivalByWords). */
const rivalByWords = (evidence, b) => evidence.some((x) => x !== b && (x.scores.name ?? 0) >= (b.scores.name ?? 0) && ['near', 'row'].some((k) => (x.scores[k] ?? 0) > (b.scores[k] ?? 0) + 0.1));

/** The weighed best of a case: its index and chance. */
export function best(w, r) {
  const p = chances(w, r.evidence);
  let i = 0;
  for (let j = 1; j < r.evidence.length; j++) if (p[j] > p[i]) i = j;
  return { i, p: p[i] };
}

/**
 * The decision as weigh.ts makes it: the rules' pick unless another candidate is its twin in all
 * the element itself carries; where the rules refused, the weighed best when its chance reaches tau
 * and nothing bars it (weigh.ts barred, rivalByWords and placeOnly). Returns true (the truth acted on), false (another element), null (refused).
 */
export const decision = (w, tau) => (r) => {
  const byRules = r.evidence.find((e) => e.rules);
  if (byRules) return r.evidence.some((e) => e !== byRules && alike(e.scores, byRules.scores)) ? null : byRules.truth && !r.gone;
  if (!r.evidence.length) return null;
  const b = best(w, r);
  const e = r.evidence[b.i];
  if (b.p < tau || barred(e) || rivalByWords(r.evidence, e) || placeOnly(r.evidence, e)) return null;
  return r.evidence[b.i].truth && !r.gone;
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

/** A stable fold for a family (a hash of corpus and family), so a family is never split. */
const foldOf = (r) => [...`${r.corpus ?? 'generated'}/${r.family ?? r.id.split('-')[0]}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % FOLDS;

/** The highest chance a wrong pick had, each fold predicted by a model fitted on the other folds. */
function outOfFamilyWorst(rows) {
  let worst = 0;
  for (let f = 0; f < FOLDS; f++) {
    const w = train(rows.filter((r) => foldOf(r) !== f));
    for (const r of rows.filter((r) => foldOf(r) === f && r.evidence.length && !r.evidence.some((e) => e.rules))) {
      const b = best(w, r);
      const e = r.evidence[b.i];
      if ((r.gone || !e.truth) && !barred(e) && !rivalByWords(r.evidence, e) && !placeOnly(r.evidence, e)) worst = Math.max(worst, b.p);
    }
  }
  return worst;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = JSON.parse(await readFile(resolve(here, '../../.tmp/relocation-features.json'), 'utf8')).filter((r) => r.evidence);
  const sets = {};
  for (const r of rows) (sets[`${r.corpus ?? 'generated'}${r.split ? ` ${r.split}` : ''}`] ??= []).push(r);
  const trainRows = rows.filter((r) => !r.split || r.split === 'train');
  const w = train(trainRows);
  const tau = Math.min(0.99, round(outOfFamilyWorst(trainRows) + SAFETY));
  console.log('MODEL', JSON.stringify(asModel(w)));
  console.log('THRESHOLD', tau);
  for (const [name, set] of Object.entries(sets)) console.log(name, 'weighed', JSON.stringify(tally(set, decision(w, tau))), 'rules alone', JSON.stringify(tally(set, decision(w, Infinity))));
  // reliability of the weighed ranking alone: of the cases whose best has a chance of t or more, how many have it right
  console.log('\nchance at least | ' + Object.keys(sets).join(' | '));
  for (const t of [0.3, 0.5, 0.7, 0.8, 0.9, tau]) {
    const cell = (set) => {
      const hit = set.filter((r) => r.evidence.length).map((r) => ({ r, b: best(w, r) })).filter(({ b }) => b.p >= t);
      const right = hit.filter(({ r, b }) => r.evidence[b.i].truth && !r.gone).length;
      return `${right} of ${hit.length} (${((100 * right) / Math.max(1, hit.length)).toFixed(1)}%)`;
    };
    console.log(`${t} | ${Object.values(sets).map(cell).join(' | ')}`);
  }
}
