/**
 * Checks every import in src/ against scripts/layers/rules.mjs, and that no files of src/ import
 * one another in a circle (type imports included). Prints one line a problem and exits 1 if there
 * is any. `node scripts/layers/check.mjs [root]`; the root defaults to the
 * repository. Imports are read as text (TypeScript's own parser is native code here), which is
 * enough for this code base: static imports and re-exports at the start of a line, and import().
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LAYERS } from './rules.mjs';

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
const IMPORT = /^[ \t]*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?(['"])([^'"\n]+)\1|\bimport\(\s*(['"])([^'"\n]+)\3\s*\)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The module specifiers a source text imports. */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((m) => m[2] ?? m[4] ?? '');
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** What a specifier names: a repository path (relative to root, with its extension) or a package name. */
function target(root, file, specifier) {
  const bare = specifier.split('?')[0] ?? '';
  if (!bare.startsWith('.')) {
    const parts = bare.split('/');
    return { pkg: bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '') };
  }
  const abs = path.resolve(path.dirname(file), bare);
  const found = EXTENSIONS.map((ext) => abs + ext).find((p) => fs.existsSync(p) && fs.statSync(p).isFile()) ?? abs;
  return { path: path.relative(root, found).split(path.sep).join('/') };
}

const within = (p, folder) => p === folder || p.startsWith(folder + '/');

/** The rules that apply to a file: its own folder's and those of the folders above it. */
function rulesFor(rel, layers) {
  return Object.keys(layers).filter((folder) => within(rel, folder));
}

/** Every broken rule under root, as "file: imports x, which its layer may not". */
export function checkLayers(root, layers = LAYERS) {
  const problems = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const folders = rulesFor(rel, layers);
    if (!folders.length) {
      problems.push(`${rel}: no layer rule covers this folder (scripts/layers/rules.mjs)`);
      continue;
    }
    const allowed = [...folders, ...folders.flatMap((f) => layers[f])];
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      const t = target(root, file, specifier);
      const ok = t.pkg !== undefined ? t.pkg.startsWith('node:') ? false : allowed.includes(t.pkg) : allowed.some((a) => within(t.path, a));
      if (!ok) problems.push(`${rel}: imports "${specifier}", which ${folders.at(-1)} may not (scripts/layers/rules.mjs)`);
    }
  }
  return problems;
}

/**
 * Every import circle under src/, type imports included (oxlint's import/no-cycle leaves those out):
 * a type-only circle is still two modules that cannot be read, moved or tested one without the
 * other. One problem a circle, naming its files.
 */
export function checkCycles(root) {
  const graph = new Map();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const deps = importsOf(fs.readFileSync(file, 'utf8')).filter((s) => s.startsWith('.')).map((s) => target(root, file, s).path);
    graph.set(rel, deps.filter((d) => d && d.startsWith('src/')));
  }
  return stronglyConnected(graph)
    .filter((c) => c.length > 1)
    .map((c) => `import circle of ${c.length} files: ${c.sort().join(' → ')} (move what they share into a file that imports none of them)`);
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
  const problems = checkLayers(root);
  const circles = checkCycles(root);
  for (const p of [...problems, ...circles]) console.error(p);
  if (problems.length) console.error(`${problems.length} imports across layer boundaries`);
  if (circles.length) console.error(`${circles.length} import circles`);
  if (problems.length || circles.length) process.exit(1);
}
