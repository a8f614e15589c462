/**
 * Checks every import in src/ against scripts/layers/rules.mjs: each folder's allowed imports
 * (LAYERS), what an allowance of part of another folder lets through, the direction inside a
 * folder (INSIDE), and that no files of src/ import one another in a circle. Type imports count
 * everywhere. Prints one line a problem and exits 1 if there is any.
 * `node scripts/layers/check.mjs [root]`; the root defaults to the repository.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importGraph, importsOf, within } from './graph.mjs';
import { insideProblems } from './inside.mjs';
import { INSIDE, KNOWN, LAYERS } from './rules.mjs';

export { importsOf };

/** The rules that apply to a path: its own folder's and those of the folders above it. */
function rulesFor(rel, layers) {
  return Object.keys(layers).filter((folder) => within(rel, folder));
}

/** What a path's rules allow: their folders and everything they list. */
function allowedAt(rel, layers) {
  const folders = rulesFor(rel, layers);
  return [...folders, ...folders.flatMap((f) => layers[f])];
}

function layerProblems(graph, layers) {
  const out = [];
  for (const [file, imports] of graph) {
    const folders = rulesFor(file, layers);
    if (!folders.length) {
      out.push({ file, text: `${file}: no layer rule covers this folder (scripts/layers/rules.mjs)` });
      continue;
    }
    const allowed = allowedAt(file, layers);
    for (const { specifier, path: to, pkg } of imports) {
      const ok = pkg !== undefined ? !pkg.startsWith('node:') && allowed.includes(pkg) : allowed.some((a) => within(to, a));
      if (!ok) out.push({ file, target: to ?? pkg, text: `${file}: imports "${specifier}", which ${folders.at(-1)} may not (scripts/layers/rules.mjs)` });
    }
  }
  return out;
}

/**
 * An allowance of part of another layer's folder (a file, or a folder no rule is written for)
 * lets the layer use that part and so, at run time, everything the part imports: each of the
 * part's imports of this repository must be allowed to the layer too, or the allowance is a way
 * into the rest of the folder. A package the part uses is checked by the part's own rule.
 */
function tunnelProblems(graph, layers) {
  const out = [];
  for (const [layer, list] of Object.entries(layers)) {
    const allowed = allowedAt(layer, layers);
    const grants = list.filter((a) => a.startsWith('src/') && !(a in layers));
    for (const [file, imports] of graph) {
      const grant = grants.find((g) => within(file, g));
      if (!grant) continue;
      for (const { specifier, path: to } of imports) {
        if (to === undefined || allowed.some((a) => within(to, a))) continue;
        const text = `${file}: imports "${specifier}", which ${layer} may not, though ${layer} may import "${grant}": an allowance must not open the rest of a folder (scripts/layers/rules.mjs)`;
        out.push({ file, target: to, via: layer, text });
      }
    }
  }
  return out;
}

const matches = (k, p) => k.file === p.file && p.target !== undefined && within(p.target, k.imports) && k.via === p.via;

/** The problems no KNOWN entry covers, and the KNOWN entries that cover none (they are done: remove them). */
function withoutKnown(problems, known) {
  const left = problems.filter((p) => !known.some((k) => matches(k, p))).map((p) => p.text);
  const stale = known
    .filter((k) => !problems.some((p) => matches(k, p)))
    .map((k) => `scripts/layers/rules.mjs: KNOWN ${k.file} → ${k.imports}${k.via ? ` (via ${k.via})` : ''} no longer happens; remove it`);
  return { left, stale };
}

/** Every import across a layer boundary under root, and through an allowance, less the KNOWN ones. */
export function checkLayers(root, layers = LAYERS, known = KNOWN) {
  const graph = importGraph(root);
  return withoutKnown([...layerProblems(graph, layers), ...tunnelProblems(graph, layers)], known).left;
}

/** Every import against the direction inside a folder under root, less the KNOWN ones. */
export function checkInside(root, inside = INSIDE, known = KNOWN) {
  return withoutKnown(insideProblems(importGraph(root), inside), known).left;
}

/**
 * Every import circle under src/, type imports included (oxlint's import/no-cycle leaves those out):
 * a type-only circle is still two modules that cannot be read, moved or tested one without the
 * other. One problem a circle, naming its files.
 */
export function checkCycles(root) {
  const graph = new Map();
  for (const [file, imports] of importGraph(root)) {
    graph.set(file, imports.filter((i) => i.specifier.startsWith('.') && i.path?.startsWith('src/')).map((i) => i.path));
  }
  return stronglyConnected(graph)
    .filter((c) => c.length > 1)
    .map((c) => `import circle of ${c.length} files: ${c.sort().join(' → ')} (move what they share into a file that imports none of them)`);
}

/** Everything the lint reports: the layers, the direction inside folders, stale KNOWN entries, circles. */
export function checkAll(root, rules = { LAYERS, INSIDE, KNOWN }) {
  const graph = importGraph(root);
  const problems = [...layerProblems(graph, rules.LAYERS), ...tunnelProblems(graph, rules.LAYERS), ...insideProblems(graph, rules.INSIDE)];
  const { left, stale } = withoutKnown(problems, rules.KNOWN);
  return [...left, ...stale, ...checkCycles(root)];
}

/** Tarjan's strongly connected components, iterative (no recursion limit on a long chain of imports). */
function stronglyConnected(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1);
      const [v, i] = frame;
      const deps = graph.get(v) ?? [];
      if (i < deps.length) {
        frame[1] += 1;
        const w = deps[i];
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) === index.get(v)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        out.push(component);
      }
    }
  }
  return out;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
  const problems = checkAll(root);
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`${problems.length} layer problems`);
    process.exit(1);
  }
}
