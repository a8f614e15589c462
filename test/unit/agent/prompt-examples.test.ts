import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The element lines that prompts show as examples must be lines the page model could have written
 * (src/content/page-model/format.ts, docs/page-model.md): a model taught `<checkbox id=30
 * checked=false>` looks for a format it never gets. This is that format's grammar, checked against
 * the reference block of docs/page-model.md, then applied to every example in prompts/.
 */

const FIELD_TAGS = new Set(['input', 'select', 'textarea', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton', 'listbox']);
const BUTTON_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
/** Attributes in the order format.ts writes them; each with the shape of its value. */
const ATTRIBUTES: Array<[string, RegExp]> = [
  ['type', /^type=[a-z-]+$/],
  ['label', new RegExp(`^label=${QUOTED}$`)],
  ['placeholder', new RegExp(`^placeholder=${QUOTED}$`)],
  ['name', new RegExp(`^name=${QUOTED}$`)],
  ['value', new RegExp(`^value=(?:${QUOTED}|\\(filled\\)|\\(empty\\))$`)],
  ['options', new RegExp(`^options=${QUOTED}$`)],
  ['origin', new RegExp(`^origin=${QUOTED}$`)],
  ['opaque', /^opaque$/],
  ['checked', /^checked(?:=mixed)?$/],
  ['selected', /^selected$/],
  ['pressed', /^pressed$/],
  ['expanded', /^(?:expanded|collapsed)$/],
  ['disabled', /^disabled$/],
  ['required', /^required$/],
  ['readonly', /^readonly$/],
  ['invalid', /^invalid$/],
  ['current', /^current$/],
  ['constraints', new RegExp(`^(?:pattern|min|max|minlength|maxlength)=${QUOTED}$`)],
  ['at', /^at=(?:(?:top|middle|bottom)-(?:left|center|right)|center)$/],
  ['new', /^new$/],
];

/** Splits `a=1 label="x y" checked` into its attributes, keeping quoted values whole. */
function attributesOf(text: string): string[] {
  return text.match(new RegExp(`[a-z-]+(?:=(?:${QUOTED}|\\([a-z]+\\)|[^\\s"]+))?`, 'g')) ?? [];
}

/** Why a line is not one the page model writes, or null when it is. */
export function lineProblem(line: string): string | null {
  const m = new RegExp(`^<([a-z][a-z0-9-]*) id=(\\d+)((?: (?:[a-z-]+(?:=(?:${QUOTED}|\\([a-z]+\\)|[^\\s">]+))?))*)>(.*)$`).exec(line);
  if (!m) return 'not `<tag id=N attributes>`';
  const [, tag = '', , attrText = '', rest = ''] = m;
  const attrs = attributesOf(attrText);
  let last = -1;
  for (const attr of attrs) {
    const at = ATTRIBUTES.findIndex(([, re]) => re.test(attr));
    if (at < 0) return `unknown attribute or value \`${attr}\``;
    if (at < last) return `\`${attr}\` is out of the page model's order`;
    last = at;
  }
  const type = /^type=([a-z-]+)$/.exec(attrs.find((a) => a.startsWith('type=')) ?? '')?.[1] ?? '';
  const field = FIELD_TAGS.has(tag) && !(tag === 'input' && BUTTON_TYPES.has(type));
  if (field) {
    if (rest) return `a field (${tag}) has no content or closing tag`;
    if (['checkbox', 'radio'].includes(type) && attrs.some((a) => a.startsWith('value='))) return 'check boxes and radios show `checked`, not a value';
    if (attrs.some((a) => a === 'value=""')) return 'an empty value is left out, not written as value=""';
    return null;
  }
  if (attrs.some((a) => /^(?:label|placeholder|value|options)=/.test(a)) && tag !== 'iframe') return `${tag} shows its name as content, not as attributes`;
  if (!new RegExp(`^[^<]*</${tag}>$`).test(rest)) return `content element ${tag} must end with </${tag}>`;
  return null;
}

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
});
