import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint scripts, without type declarations
import { checkCycles, checkLayers, importsOf } from '../../../scripts/layers/check.mjs';

/**
 * The lint's rules run on fixture files written into a scratch copy of the repository's layout,
 * with the repository's own .oxlintrc.json and scripts/layers/rules.mjs: each broken rule must be
 * reported, and the same code without the fault must pass.
 */
const REPO = path.resolve(__dirname, '../../..');
const OXLINT = path.join(REPO, 'node_modules/.bin/oxlint');
let root = '';

function write(rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

interface Diagnostic {
  code: string;
  filename: string;
  message: string;
}

function oxlint(): Diagnostic[] {
  let out: string;
  try {
    out = execFileSync(OXLINT, ['-c', '.oxlintrc.json', '--format', 'json', 'src'], { cwd: root, encoding: 'utf8' });
  } catch (error) {
    // oxlint exits 1 when it finds an error; its report is still on stdout
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  return (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** A function `lines` lines long from its signature to its closing brace. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join('\n');
  return `export function ${name}(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  fs.copyFileSync(path.join(REPO, '.oxlintrc.json'), path.join(root, '.oxlintrc.json'));
  write('src/shared/action.ts', 'export const KINDS = ["click"];\n');
  write('src/content/dom.ts', 'export const tagOf = (name: string): string => name.toLowerCase();\n');
  // the service worker reaching into content-script code
  write('src/background/uses-content.ts', "import { tagOf } from '../content/dom';\nimport { KINDS } from '../shared/action';\nexport const first = tagOf(KINDS[0] ?? '');\n");
  // the pure core importing a context's code through a type-only import, and a panel library
  write('src/core/uses-panel.ts', "import type { Props } from '../sidepanel/view';\nimport { useState } from 'react';\nexport type P = Props;\nexport const u = useState;\n");
  write('src/sidepanel/view.ts', 'export interface Props { title: string }\n');
  write('src/newfolder/thing.ts', "export const thing = 1;\n");
  write('src/agent/cycle-a.ts', "import { b } from './cycle-b';\nexport const a = (): number => b() + 1;\n");
  write('src/agent/cycle-b.ts', "import { a } from './cycle-a';\nexport function b(): number {\n  return 1;\n}\nexport const again = a;\n");
  // a circle of type imports only, which oxlint's no-cycle does not see
  write('src/agent/ctx-a.ts', "import type { B } from './ctx-b';\nexport interface A { b: B }\n");
  write('src/agent/ctx-b.ts', "import type { C } from './ctx-c';\nexport interface B { c: C }\n");
  write('src/agent/ctx-c.ts', "import type { A } from './ctx-a';\nexport interface C { a?: A }\n");
  write('src/agent/too-long.ts', functionOf('tooLong', 61));
  write('src/agent/just-fits.ts', functionOf('justFits', 60));
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('layer rules (scripts/layers)', () => {
  it('reads static imports, re-exports, multi-line imports and import() but not comments', () => {
    const text = [
      "import a from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c?raw';",
      "export * from './d';",
      "import './e';",
      "// import f from './f';",
      " * import g from './g';",
      "const h = await import('./h');",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', '../b', './c?raw', './d', './e', './h']);
  });

  it('fails on an import across a layer boundary and names the file and the import', () => {
    const problems: string[] = checkLayers(root);
    expect(problems.filter((p) => p.startsWith('src/background/'))).toEqual([
      'src/background/uses-content.ts: imports "../content/dom", which src/background may not (scripts/layers/rules.mjs)',
    ]);
    expect(problems.filter((p) => p.startsWith('src/core/'))).toEqual([
      'src/core/uses-panel.ts: imports "../sidepanel/view", which src/core may not (scripts/layers/rules.mjs)',
      'src/core/uses-panel.ts: imports "react", which src/core may not (scripts/layers/rules.mjs)',
    ]);
  });

  it('fails on an import circle of type imports only, naming its files', () => {
    const circles: string[] = checkCycles(root);
    expect(circles).toContain('import circle of 3 files: src/agent/ctx-a.ts → src/agent/ctx-b.ts → src/agent/ctx-c.ts (move what they share into a file that imports none of them)');
    // and a circle of value imports
    expect(circles.some((c) => c.includes('src/agent/cycle-a.ts → src/agent/cycle-b.ts'))).toBe(true);
  });

  it('fails on a folder no rule places in the layers', () => {
    expect(checkLayers(root)).toContain('src/newfolder/thing.ts: no layer rule covers this folder (scripts/layers/rules.mjs)');
  });

  it('passes on the repository itself', () => {
    expect(checkLayers(REPO)).toEqual([]);
    expect(checkCycles(REPO)).toEqual([]);
  });
});

describe('.oxlintrc.json', () => {
  let diagnostics: Diagnostic[] = [];
  beforeAll(() => {
    diagnostics = oxlint();
  });
  const codesOf = (file: string) => diagnostics.filter((d) => d.filename === file).map((d) => d.code);

  it('fails on an import cycle, in both files of it', () => {
    expect(codesOf('src/agent/cycle-a.ts')).toContain('import(no-cycle)');
    expect(codesOf('src/agent/cycle-b.ts')).toContain('import(no-cycle)');
  });

  it('fails on a function of 61 lines and passes one of 60', () => {
    const long = diagnostics.filter((d) => d.filename === 'src/agent/too-long.ts');
    expect(long.map((d) => d.code)).toEqual(['eslint(max-lines-per-function)']);
    expect(long[0]?.message).toContain('(61)');
    expect(codesOf('src/agent/just-fits.ts')).toEqual([]);
  });

  it('fails on a file over 300 lines', () => {
    write('src/agent/long-file.ts', Array.from({ length: 301 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
    const found = oxlint().filter((d) => d.filename === 'src/agent/long-file.ts');
    expect(found.map((d) => d.code)).toEqual(['eslint(max-lines)']);
  });
});
