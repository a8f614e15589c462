import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineProblem } from './support/page-line';
import { flightSite, searchSite } from './support/flight-site';

/**
 * The element lines that prompts show as examples must be lines the page model could have written
 * (src/content/page-model/format.ts, docs/page-model.md): a model taught `<checkbox id=30
 * checked=false>` looks for a format it never gets. This is that format's grammar, checked against
 * the reference block of docs/page-model.md, then applied to every example in prompts/.
 */

const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';

/** Every `<tag id=N ...>` (with its content and closing tag, if any) in a text. */
function exampleLines(text: string): string[] {
  const open = new RegExp(`<[a-z][a-z0-9-]* id=\\d+(?:${QUOTED}|[^">\\n])*>`, 'g');
  return [...text.matchAll(open)].map((m) => {
    const tag = /^<([a-z0-9-]+)/.exec(m[0])?.[1] ?? '';
    const after = text.slice((m.index ?? 0) + m[0].length);
    const close = new RegExp(`^[^<\\n]*</${tag}>`).exec(after);
    return m[0] + (close ? close[0] : '');
  });
}

describe('element lines in prompts follow the page model format', () => {
  it('the grammar accepts the reference lines of docs/page-model.md and rejects made-up ones', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/page-model.md'), 'utf8');
    const block = /## Format\n[^`]*```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const lines = block.split('\n').filter((l) => /^<[a-z]+ id=/.test(l));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(lineProblem(line), line).toBeNull();
    expect(lineProblem('<checkbox id=30 label="Wifi" checked=false>')).toMatch(/unknown attribute|content/);
    expect(lineProblem('<input id=3 label="From" value="">')).toMatch(/empty value/);
    expect(lineProblem('<input id=7 type=checkbox label="Flexible" value="on">')).toMatch(/checked/);
    expect(lineProblem('<button id=9 label="Go">')).toMatch(/content/);
    expect(lineProblem('<input id=3 value="x" label="From">')).toMatch(/order/);
  });

  const dir = join(__dirname, '../../../prompts');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  it.each(files)('%s', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const problems = exampleLines(text)
      .map((line) => [line, lineProblem(line)])
      .filter(([, problem]) => problem);
    expect(problems).toEqual([]);
  });

  it('finds the examples it checks', () => {
    const all = files.flatMap((f) => exampleLines(readFileSync(join(dir, f), 'utf8')));
    expect(all).toContain('<input id=30 type=checkbox label="Wifi">');
    expect(all).toContain('<option id=21>Boston, MA (BOS)</option>');
  });

  it('the fake sites of the unit tests show their pages in the same format', async () => {
    const lines: string[] = [];
    for (const browser of [flightSite({ hostile: true }), searchSite()]) {
      browser.flags.add('suggest').add('picker');
      browser.values.set(browser.key(3), 'Bos');
      for (const url of Object.keys(browser.pages)) {
        browser.go(url);
        lines.push(...(await browser.snapshot({ budget: 0 })).text.split('\n').filter((l) => l.startsWith('<')));
      }
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.map((l) => [l, lineProblem(l)]).filter(([, problem]) => problem)).toEqual([]);
  });
});
