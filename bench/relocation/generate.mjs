// Generates the relocation corpus (bench/relocation/corpus.json): pairs of pages, old and new, and
// cases that each name a target on the old page and the ground truth on the new one (or null when
// it is gone). Deterministic: `node bench/relocation/generate.mjs` always writes the same file.
// Synthetic pairs come from real-looking pages with redesign operations applied (ops.mjs); arena
// pairs are the arena's canonical layout against its layout variants, same data.
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRng } from '../../arena/lib/random.mjs';
import { createLayout } from '../../arena/lib/layout.mjs';
import { TEMPLATES } from './pages.mjs';
import { ADVERSARIAL, CONTENT, STRUCTURAL, isControl, isNonControl } from './ops.mjs';
import { all, clone, find, page } from './tree.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PAIRS = 66;
const CONTENT_WEIGHTS = [['renameClose', 3], ['renameFull', 2], ['iconOnly', 2], ['tagSwap', 1], ['sameNameElsewhere', 3], ['moved', 2], ['gone', 1], ['goneLookalike', 1]];
const ADV_KINDS = ['renamedTaken', 'logoTagline', 'nonControlTwin'];

const weighted = (rng, list) => {
  let r = rng.next() * list.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of list) if ((r -= w) < 0) return v;
  return list[0][0];
};
const related = (root, a, b) => !!all(a, (x) => x === b).length || !!all(b, (x) => x === a).length;

function syntheticPair(i) {
  const rng = createRng(`relocation:${i}`);
  const name = Object.keys(TEMPLATES)[i % 6];
  const { title, body: old } = TEMPLATES[name](rng);
  const next = clone(old);
  const used = [];
  const cases = [];
  const free = (n) => !used.some((u) => related(old, u, n));
  const pickTarget = (fits) => rng.shuffle(all(old).map(([n]) => n)).find((n) => fits(n) && free(n));
  const content = (op, kind) => {
    const target = pickTarget(op.fits);
    if (!target) return;
    used.push(target);
    const label = op.apply(next, find(next, target.k)[0], rng);
    cases.push({ target: target.k, kind: label ?? kind });
  };
  if (i % 3 === 0) content(ADVERSARIAL[ADV_KINDS[(i / 3) % 3]]);
  for (let n = 0; n < 2; n++) content(CONTENT[weighted(rng, CONTENT_WEIGHTS)]);
  for (let n = 0; n < 3; n++) {
    const nonControl = rng.next() < 0.3;
    const target = pickTarget((x) => (nonControl ? isNonControl(x) : isControl(x)));
    if (!target) continue;
    used.push(target);
    cases.push({ target: target.k, kind: nonControl ? 'noncontrol' : 'unchanged' });
  }
  const structural = rng.sample(Object.keys(STRUCTURAL), rng.int(1, 2));
  for (const s of structural) STRUCTURAL[s](next, rng);
  const truthOf = (k) => (find(next, k) ? k : null);
  const marks = new Set(cases.map((c) => c.target));
  return {
    pair: { id: `p${i}`, source: name, ops: structural, old: page(old, marks, title), new: page(next, marks, title) },
    cases: cases.map((c, n) => ({ id: `p${i}-${n}`, pair: `p${i}`, kind: c.kind, ops: structural, target: `[data-k="${c.target}"]`, truth: truthOf(c.target) === null ? null : `[data-k="${c.target}"]` })),
  };
}

/** The arena's layout variants: every control with an id (mapped through the layout's id scheme) and the submit button. */
async function arenaPairs() {
  const { startArena } = await import(pathToFileURL(resolve(here, '../../arena/server.mjs')).href);
  const { createScenario, listTasks } = await import(pathToFileURL(resolve(here, '../../arena/client.mjs')).href);
  const arena = await startArena({ port: 0 });
  const pairs = [];
  const cases = [];
  try {
    const tasks = (await listTasks(arena.url)).filter((t) => t.variesLayout && !/^airline|^inbox|hostile|delayed|iframe|shadow/.test(t.name));
    const htmlOf = async (task, layout) => (await fetch((await createScenario(arena.url, task, 1, layout)).startUrl)).text();
    for (const { name } of tasks) {
      const old = await htmlOf(name, 0);
      const ids = [...old.matchAll(/<(?:input|select|textarea|button)\b[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
      for (const layout of [3, 7, 11]) {
        const next = await htmlOf(name, layout);
        const id = `a-${name}-${layout}`;
        pairs.push({ id, source: `arena:${name}`, ops: [`layout ${layout}`], old, new: next });
        const L = createLayout(name, layout);
        for (const key of new Set(ids)) {
          const mapped = next.includes(`id="${L.id(key)}"`) ? L.id(key) : next.includes(`id="${key}"`) ? key : null;
          if (mapped) cases.push({ id: `${id}-${key}`, pair: id, kind: 'arena-layout', ops: [`layout ${layout}`], target: `[id="${key}"]`, truth: `[id="${mapped}"]` });
        }
        const submits = (h) => h.match(/<button\b[^>]*type="submit"/g)?.length ?? 0;
        const submitHasId = /<button\b[^>]*type="submit"[^>]*\sid=|<button\b[^>]*\sid="[^"]*"[^>]*type="submit"/.test(old);
        if (submits(old) === 1 && submits(next) === 1 && !submitHasId) cases.push({ id: `${id}-submit`, pair: id, kind: 'arena-layout', ops: [`layout ${layout}`], target: 'button[type="submit"]', truth: 'button[type="submit"]' });
      }
    }
  } finally {
    await arena.close();
  }
  return { pairs, cases };
}

const pairs = [];
const cases = [];
for (let i = 0; i < PAIRS; i++) {
  const out = syntheticPair(i);
  pairs.push(out.pair);
  cases.push(...out.cases);
}
const arena = await arenaPairs();
pairs.push(...arena.pairs);
cases.push(...arena.cases);
const json = JSON.stringify({ note: 'generated by bench/relocation/generate.mjs; do not edit', pairs, cases });
await writeFile(resolve(here, 'corpus.json'), json + '\n');
const kinds = {};
for (const c of cases) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
console.log(`relocation corpus: ${pairs.length} page pairs, ${cases.length} cases, ${(json.length / 1024).toFixed(0)} KiB`, kinds);
