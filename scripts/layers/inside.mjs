/**
 * The direction inside a folder (INSIDE in scripts/layers/rules.mjs): no import from a part to a
 * part on a level above it, nor between two parts of a level kept apart. Type imports count.
 */
import { within } from './graph.mjs';

const WHERE = '(scripts/layers/rules.mjs, INSIDE)';

/** Each part of a folder's levels as { part, level, apart }, the longest paths first. */
function partsOf(levels) {
  return levels
    .flatMap((level, i) => level.parts.map((part) => ({ part, level: i, apart: Boolean(level.apart) })))
    .sort((a, b) => b.part.length - a.part.length);
}

/** Rules that name nothing: a folder without a top level leaves files unplaced; a part no file is in is stale. */
function ruleProblems(graph, folder, parts) {
  const out = [];
  if (!parts.some((p) => p.part === folder)) {
    out.push({ file: 'scripts/layers/rules.mjs', text: `scripts/layers/rules.mjs: INSIDE["${folder}"] has no level for "${folder}" itself, so a file no part names would be free of every rule` });
  }
  for (const { part } of parts) {
    if (![...graph.keys()].some((f) => within(f, part))) {
      out.push({ file: 'scripts/layers/rules.mjs', text: `scripts/layers/rules.mjs: INSIDE["${folder}"] names "${part}", which holds no source file (moved or renamed?)` });
    }
  }
  return out;
}

/** Every import against the direction inside the folders INSIDE lists, as { file, target, text }. */
export function insideProblems(graph, inside) {
  const out = [];
  for (const [folder, levels] of Object.entries(inside)) {
    const parts = partsOf(levels);
    const place = (p) => parts.find((e) => within(p, e.part));
    out.push(...ruleProblems(graph, folder, parts));
    for (const [file, imports] of graph) {
      const from = within(file, folder) ? place(file) : undefined;
      if (!from) continue;
      for (const { specifier, path: to } of imports) {
        const at = to !== undefined && within(to, folder) ? place(to) : undefined;
        if (!at) continue;
        if (at.level > from.level) {
          out.push({ file, target: to, text: `${file}: imports "${specifier}", which ${from.part} may not: ${at.part} is above it inside ${folder} ${WHERE}` });
        } else if (at.level === from.level && from.apart && at.part !== from.part) {
          out.push({ file, target: to, text: `${file}: imports "${specifier}", which ${from.part} may not: ${from.part} and ${at.part} are kept apart inside ${folder} ${WHERE}` });
        }
      }
    }
  }
  return out;
}
