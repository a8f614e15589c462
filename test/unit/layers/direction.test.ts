import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint scripts, without type declarations
import { checkAll } from '../../../scripts/layers/check.mjs';
// @ts-expect-error: a plain ES module of the lint scripts, without type declarations
import { INSIDE, LAYERS } from '../../../scripts/layers/rules.mjs';

/**
 * The repository's own layer rules on scratch trees: a clean one with a file in every part the
 * direction rules name, and the same tree with violations planted. Every planted import must be
 * reported (type-only ones too), and nothing else.
 */
const REPO = path.resolve(__dirname, '../../..');
const roots: string[] = [];
type Level = { parts: string[] };
const RULES = { LAYERS, INSIDE, KNOWN: [] as unknown[] };

function write(root: string, rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A tree with one file, importing nothing, in every part INSIDE names, and the modules the plants import. */
function cleanTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-direction-'));
  roots.push(root);
  const parts = Object.values(INSIDE as Record<string, Level[]>).flatMap((levels) => levels.flatMap((l) => l.parts));
  for (const part of parts) write(root, part.endsWith('.ts') ? part : `${part}/part.ts`, 'export {};\n');
  write(root, 'src/agent/loop/policy-runner.ts', 'export const runPolicy = (): number => 1;\n');
  write(root, 'src/agent/loop/trial.ts', 'export interface TrialResult { ok: boolean }\n');
  write(root, 'src/agent/policies/click.ts', "import { look } from '../loop/observe';\nexport const click = look;\n");
  write(root, 'src/agent/loop/observe.ts', 'export const look = (): number => 2;\n');
  write(root, 'src/agent/policies/names.ts', "export const NAMES = ['CLICK'];\n");
  write(root, 'src/memory/policy-names.ts', "import { NAMES } from '../agent/policies/names';\nexport const known = new Set(NAMES);\n");
  write(root, 'src/background/agent/runner.ts', 'export const start = (): number => 3;\n');
  write(root, 'src/content/executor/act.ts', 'export const act = (): number => 4;\n');
  return root;
}

let clean = '';
let planted = '';
let problems: string[] = [];
const about = (file: string) => problems.filter((p) => p.startsWith(`${file}:`));

beforeAll(() => {
  clean = cleanTree();
  planted = cleanTree();
  // a policy running the loop's runner (what the loop is for), and one naming the loop's types
  write(planted, 'src/agent/policies/visit.ts', "import { runPolicy } from '../loop/policy-runner';\nexport const visit = runPolicy;\n");
  write(planted, 'src/agent/policies/typed.ts', "import type { TrialResult } from '../loop/trial';\nexport type Seen = TrialResult;\n");
  write(planted, 'src/agent/policies/passes-on.ts', "export type { TrialResult } from '../loop/trial';\n");
  // the loop naming a policy: the two are kept apart both ways
  write(planted, 'src/agent/loop/decide.ts', "import { click } from '../policies/click';\nexport const first = click;\n");
  // memory may import names.ts; the names importing a policy would open every policy to memory
  write(planted, 'src/agent/policies/names.ts', "import { click } from './click';\nexport const NAMES = ['CLICK'];\nexport const all = [click];\n");
  // the service worker's executor reaching the agent's runner; the page model reaching the executor
  write(planted, 'src/background/executor/hold.ts', "import type { start } from '../agent/runner';\nexport type Start = typeof start;\n");
  write(planted, 'src/content/page-model/snapshot.ts', "import { act } from '../executor/act';\nexport const again = act;\n");
  problems = checkAll(planted, RULES);
});

afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

describe('direction inside a folder (scripts/layers INSIDE)', () => {
  it('passes a clean tree, where a policy uses a step of the loop', () => {
    expect(checkAll(clean, RULES)).toEqual([]);
  });

  it('fails on a policy importing the loop that runs policies', () => {
    expect(about('src/agent/policies/visit.ts')).toEqual([
      'src/agent/policies/visit.ts: imports "../loop/policy-runner", which src/agent/policies may not: src/agent/policies and src/agent/loop are kept apart inside src/agent (scripts/layers/rules.mjs, INSIDE)',
    ]);
  });

  it('counts type-only imports and type re-exports', () => {
    expect(about('src/agent/policies/typed.ts')).toHaveLength(1);
    expect(about('src/agent/policies/passes-on.ts')).toHaveLength(1);
    expect(about('src/background/executor/hold.ts')).toEqual([
      'src/background/executor/hold.ts: imports "../agent/runner", which src/background/executor may not: src/background/agent is above it inside src/background (scripts/layers/rules.mjs, INSIDE)',
    ]);
  });

  it('keeps the loop from naming a policy, and the page model below the executor', () => {
    expect(about('src/agent/loop/decide.ts')).toHaveLength(1);
    expect(about('src/content/page-model/snapshot.ts')).toEqual([
      'src/content/page-model/snapshot.ts: imports "../executor/act", which src/content/page-model may not: src/content/executor is above it inside src/content (scripts/layers/rules.mjs, INSIDE)',
    ]);
  });

  it('fails on what an allowance lets through: memory may import names.ts, not a policy it imports', () => {
    expect(about('src/agent/policies/names.ts')).toEqual([
      'src/agent/policies/names.ts: imports "./click", which src/memory may not, though src/memory may import "src/agent/policies/names.ts": an allowance must not open the rest of a folder (scripts/layers/rules.mjs)',
    ]);
  });

  it('reports nothing but the planted imports', () => {
    const files = ['visit', 'typed', 'passes-on', 'names'].map((f) => `src/agent/policies/${f}.ts`);
    files.push('src/agent/loop/decide.ts', 'src/background/executor/hold.ts', 'src/content/page-model/snapshot.ts');
    expect(problems.filter((p) => !files.some((f) => p.startsWith(`${f}:`)))).toEqual([]);
    expect(problems).toHaveLength(7);
  });

  it('lets a KNOWN import pass, and fails on a KNOWN one that no longer happens', () => {
    const known = [
      { file: 'src/agent/policies/visit.ts', imports: 'src/agent/loop/policy-runner.ts' },
      { via: 'src/memory', file: 'src/agent/policies/names.ts', imports: 'src/agent' },
    ];
    expect(checkAll(planted, { ...RULES, KNOWN: known }).filter((p: string) => /visit|names/.test(p))).toEqual([]);
    expect(checkAll(clean, { ...RULES, KNOWN: known })).toEqual([
      'scripts/layers/rules.mjs: KNOWN src/agent/policies/visit.ts → src/agent/loop/policy-runner.ts no longer happens; remove it',
      'scripts/layers/rules.mjs: KNOWN src/agent/policies/names.ts → src/agent (via src/memory) no longer happens; remove it',
    ]);
  });

  it('fails on a part that names no file any more', () => {
    const inside = { 'src/agent': [{ parts: ['src/agent/gone.ts'] }, { parts: ['src/agent'] }] };
    expect(checkAll(clean, { ...RULES, INSIDE: inside })).toEqual([
      'scripts/layers/rules.mjs: INSIDE["src/agent"] names "src/agent/gone.ts", which holds no source file (moved or renamed?)',
    ]);
  });

  it('passes on the repository itself, with its KNOWN list', () => {
    expect(checkAll(REPO)).toEqual([]);
  });
});
