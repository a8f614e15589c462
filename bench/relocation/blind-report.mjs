// The blind pairs (blind-pairs.mjs) as a corpus for judgeCorpus, and their section of the report.
import { pairs as round1 } from './blind-pairs.mjs';
import { pairs as round2 } from './blind-pairs-2.mjs';
import { pairs as round3 } from './blind-pairs-3.mjs';
import { pairs as round4 } from './blind-pairs-4.mjs';
import { pairs as training } from './train-pairs-3.mjs';
import { pairs as training4 } from './train-pairs-4.mjs';

/** The rounds of blind pairs, each written by someone who had not read the resolver, against the resolver of its day. */
export const BLIND_ROUNDS = [
  { file: 'blind-pairs.mjs', pairs: round1, title: 'Written to break it: redesign pairs made without reading the resolver' },
  { file: 'blind-pairs-2.mjs', pairs: round2, title: 'Written to break it, second round: a fresh set against the resolver that learnt from the first' },
  { file: 'blind-pairs-3.mjs', pairs: round3, title: 'Written to break it, third round: a fresh set against the resolver that learnt from the first two', intro: 'pairs from 17 kinds of site, about half where the element survives a redesign (relabels, tag changes, reorders, icons, moved blocks, readdressed links, responsive copies, a decoy in its old slot) and half where it is gone and a tempting wrong one remains (near-namesakes, opposites, changed amounts, another entity or row, a duplicated form, a look-alike menu entry, another dialog or section, a locale trap, a soft-deleted item), written without reading the resolver. Never fitted on.' },
  { file: 'blind-pairs-4.mjs', pairs: round4, title: 'Written to break it, fourth round: a fresh set against the resolver that learnt from the first three', intro: 'pairs from 22 kinds of site none of the earlier rounds used (claims, school and tax portals, CI and issue trackers, recipes, listings, pharmacy, car rental, a library, crowdfunding, dating, language learning, smart home, podcasts, German and Japanese marketplaces, parking, helpdesk, fitness, check-in, a domain registrar), half where the element survives (relabels mostly with no word in common, reorders, icons, kind changes, regrouped controls, relative dates) and half where it is gone and a tempting one remains (near-namesakes, changed amounts or units, another entity or project, a state that advanced, a collapsed menu, a changed scope or mode, an inverted question), written without reading the resolver. Never fitted on.' },
];

/** Pairs written after the fourth round, in the kinds it broke, to develop on: reported apart, never counted as blind. */
export const TRAINING_4 = { file: 'train-pairs-4.mjs', pairs: training4, title: 'Training pairs for the page-subject rules (written after the fourth round, developed on)', intro: 'pairs written, without reading the resolver, in the kinds the fourth blind round broke: a page that now shows another entity as a whole (another child, account, project, domain, workspace selected) beside its counterpart where the same entity is shown redesigned; duplicated forms where one goes or both stay; a control whose stage advanced or whose mode (test, sandbox, staging) changed, beside counterparts where they did not.' };

/** Pairs written to develop the context rules on: reported apart, and never counted as blind. */
export const TRAINING = { file: 'train-pairs-3.mjs', pairs: training, title: 'Training pairs for the context rules (written after the second round, developed on)', intro: 'pairs written in the kinds the second blind round broke (a dialog about another thing with the same buttons, a removed item whose near-namesake stays, another account or recipient in the same slot, a look-alike in the old slot, a changed amount, an opposite, another row, a look-alike menu entry), with pairs where the element survives a restyling. The context rules were developed on these.' };

const wrap = (b) => `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif} .hidden{display:none} @media (max-width:900px){.desktop{display:none}} @media (min-width:901px){.mobile{display:none}}</style></head><body>${b}</body></html>`;
const mark = (html, attr) => html.replace(new RegExp(`\\s${attr}(?=[\\s>/])`, 'g'), ' data-k="t"');

/** One pair, one case: the target marked on the old page, the truth (or none) on the new. */
export function blindCorpus(pairs = round1, prefix = 'blind') {
  const corpus = { pairs: [], cases: [] };
  pairs.forEach((p, i) => {
    const id = `${prefix}-${i}`;
    corpus.pairs.push({ id, old: wrap(mark(p.old, 'data-target')), new: wrap(mark(p.new, 'data-truth')) });
    corpus.cases.push({ id, pair: id, kind: p.kind, family: p.name, target: '[data-k="t"]', truth: /\sdata-truth(?=[\s>/])/.test(p.new) ? '[data-k="t"]' : null });
  });
  return corpus;
}

export function summarizeBlind(rows, strategies, round = BLIND_ROUNDS[0]) {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const cell = (set, s) => {
    const right = set.filter((r) => (r.gone ? r[s] === 'refused' : r[s] === 'correct')).length;
    const wrong = set.filter((r) => r[s] === 'wrong').length;
    return `${right} / ${set.length - right - wrong} / **${wrong}**`;
  };
  const line = (name, set) => `| ${name} | ${set.length} | ${set.filter((r) => r.gone).length} | ${strategies.map((s) => cell(set, s)).join(' | ')} |`;
  const totals = Object.fromEntries(strategies.map((s) => [s, { right: rows.filter((r) => (r.gone ? r[s] === 'refused' : r[s] === 'correct')).length, wrong: rows.filter((r) => r[s] === 'wrong').length }]));
  const markdown = [
    `### ${round.title}`,
    '',
    `Corpus (bench/relocation/${round.file}): ${rows.length} before/after ${round.intro ? `${round.intro} ${rows.filter((r) => r.gone).length} have no counterpart (refusing is right).` : `pairs written to make the resolver act on the wrong element, without reading its code: relabelled controls, icon-only buttons, readdressed links, reordered rows and cards with identical buttons, a control removed with another built the same way in its slot, forms with fields swapped or removed, duplicated menus, pagination, dialogs, tag changes. ${rows.filter((r) => r.gone).length} have no counterpart (refusing is right). Never fitted on.`}`,
    '',
    `| kind | pairs | gone | ${strategies.map((s) => `${s} right / refused / **wrong**`).join(' | ')} |`,
    `| --- | ---: | ---: | ${strategies.map(() => '---').join(' | ')} |`,
    line('all', rows),
    ...kinds.map((k) => line(k, rows.filter((r) => r.kind === k))),
    '',
    'Right: the counterpart acted on, or a refusal when there is none; wrong: any other element acted on.',
    '',
    guessLine(rows),
  ].join('\n');
  return { markdown, results: totals };
}

/** The resolver's refusals and how often its first-ranked guess, which the person is asked about, is the element. */
export function guessLine(rows) {
  const refused = rows.filter((r) => r.resolver === 'refused' && !r.gone);
  const right = refused.filter((r) => r.guess === 'correct').length;
  const gone = rows.filter((r) => r.resolver === 'refused' && r.gone).length;
  return `When the resolver refuses a case whose element is still there, its first-ranked guess (the one the person is asked about) is right in ${right} of ${refused.length} (${((100 * right) / Math.max(1, refused.length)).toFixed(1)}%); it also refuses ${gone} whose element is gone, where the person is asked about a guess that cannot be it and skips the step.`;
}
