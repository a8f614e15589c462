/**
 * The import graph of src/ as the layer checks read it. Imports are read as text (TypeScript's own
 * parser is native code here), which is enough for this code base: static imports and re-exports
 * at the start of a line, type-only ones included, and import().
 */
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
const IMPORT = /^[ \t]*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?(['"])([^'"\n]+)\1|\bimport\(\s*(['"])([^'"\n]+)\3\s*\)/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The module specifiers a source text imports. */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((m) => m[2] ?? m[4] ?? '');
}

/** Whether repository path p is folder (or file) `folder` or lies inside it. */
export const within = (p, folder) => p === folder || p.startsWith(folder + '/');

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

/**
 * Every source file under root/src (repository paths, "src/…") with what it imports: each import
 * as { specifier, path } for a file of the repository or { specifier, pkg } for a package.
 */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const imports = importsOf(fs.readFileSync(file, 'utf8')).map((specifier) => ({ specifier, ...target(root, file, specifier) }));
    graph.set(rel, imports);
  }
  return graph;
}
