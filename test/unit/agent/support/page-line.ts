/**
 * The grammar of the page model's element lines (src/content/page-model/format.ts,
 * docs/page-model.md), for tests that show the model element lines of their own: prompt examples,
 * the fake browser's pages.
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
  ['accept', new RegExp(`^accept=${QUOTED}$`)],
  ['multiple', /^multiple$/],
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
