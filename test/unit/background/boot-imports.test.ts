import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Chrome's boot script (src/background/boot.ts) is what a woken worker compiles before it answers
 * the panel's greeting: 5 KB against main's 729 KB (bench, "Extension"). It stays small only while
 * nothing it imports, however deep, brings zod, the message registry or rpc: one import of them
 * would put about 130 KB back in front of every greeting. Type-only imports bring no code.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}

function resolveTs(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
}

function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) packages.add(spec.split('/')[0]!);
      else {
        const next = resolveTs(file, spec);
        if (next) todo.push(next);
      }
    }
  }
  return { files, packages };
}

describe("Chrome's boot script", () => {
  it('imports no package and none of the registry, rpc or zod, however deep', () => {
    const { files, packages } = reach(join(ROOT, 'src/background/boot.ts'));
    const ours = [...files].map((f) => f.slice(ROOT.length + 1));
    expect([...packages]).toEqual([]);
    expect(ours.filter((f) => /src\/shared\/(protocol|protocol-core|messages\/)|src\/platform\/rpc\.ts|src\/background\/settings-store\.ts/.test(f))).toEqual([]);
    // and it can fail: main's own entry reaches all of them
    const main = reach(join(ROOT, 'src/background/main.ts'));
    expect(main.packages.has('zod')).toBe(true);
  });
});
