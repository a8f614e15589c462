import { clip, collapse, inputType, isDisabled, isEditable, quote, tagOf } from './dom';
import { FIELD_ROLES, explicitRole } from './roles';
import { isSecret } from './secrets';
import type { Item } from './walk';

const NATIVE_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'video', 'audio', 'area']);
const OPTIONS_SHOWN = 8;
// Attribute values shown on a line are capped like values: a page can make any of them a megabyte.
const ATTR_MAX = 120;
const TAG_MAX = 40;

export interface LineMarks {
  isNew?: boolean;
  at?: string;
}

/** The tag the model sees: the native tag, else the ARIA role, else the element's own tag. */
function shownTag(item: Item): string {
  const t = tagOf(item.el);
  if (NATIVE_TAGS.has(t)) return t;
  const role = explicitRole(item.el);
  if (role && item.role === role) return role;
  if (isEditable(item.el)) return 'textbox';
  // custom element names have no length limit
  return t.slice(0, TAG_MAX);
}

function valueOf(item: Item): string {
  const el = item.el;
  const t = tagOf(el);
  if (t === 'input' || t === 'textarea') return (el as HTMLInputElement).value;
  if (isEditable(el)) return (el as HTMLElement).innerText;
  return el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow') ?? item.text ?? '';
}

function selectParts(el: HTMLSelectElement): string[] {
  const opts = Array.from(el.options);
  const label = (o: HTMLOptionElement) => clip(collapse(o.label || o.text), 40);
  const chosen = opts.filter((o) => o.selected).map(label);
  const parts: string[] = [];
  if (chosen.length) parts.push(`value=${quote(chosen.join(', '))}`);
  const shown = opts.slice(0, OPTIONS_SHOWN).map(label).join('|');
  const more = opts.length > OPTIONS_SHOWN ? `|+${opts.length - OPTIONS_SHOWN} more` : '';
  parts.push(`options=${quote(shown + more)}`);
  return parts;
}

function stateParts(el: Element): string[] {
  const p: string[] = [];
  const t = tagOf(el);
  const aria = (n: string) => el.getAttribute('aria-' + n);
  if ((el as HTMLInputElement).checked === true || aria('checked') === 'true') p.push('checked');
  else if (aria('checked') === 'mixed' || (el as HTMLInputElement).indeterminate === true) p.push('checked=mixed');
  if (aria('selected') === 'true') p.push('selected');
  if (aria('pressed') === 'true') p.push('pressed');
  const exp = aria('expanded');
  if (exp === 'true') p.push('expanded');
  else if (exp === 'false') p.push('collapsed');
  if (t === 'details' || (t === 'summary' && el.parentElement?.localName === 'details')) {
    const d = t === 'details' ? el : el.parentElement!;
    p.push((d as HTMLDetailsElement).open ? 'expanded' : 'collapsed');
  }
  if (isDisabled(el)) p.push('disabled');
  if ((el as HTMLInputElement).required === true || aria('required') === 'true') p.push('required');
  if ((el as HTMLInputElement).readOnly === true || aria('readonly') === 'true') p.push('readonly');
  if (aria('invalid') === 'true') p.push('invalid');
  const cur = aria('current');
  if (cur && cur !== 'false') p.push('current');
  for (const a of ['pattern', 'min', 'max', 'minlength', 'maxlength']) {
    const v = el.getAttribute(a);
    if (v !== null && (t === 'input' || t === 'textarea')) p.push(`${a}=${quote(clip(v, ATTR_MAX))}`);
  }
  return p;
}

/** Renders an element item as one line, e.g. `<input id=7 label="From" value="Boston">`. */
export function elementLine(item: Item, marks: LineMarks = {}): string {
  if (item.kind === 'frame') {
    const name = item.name ? `>${item.name}</iframe>` : '>';
    return `<iframe id=${item.id} origin=${quote(item.origin ?? '')} opaque${marks.isNew ? ' new' : ''}${name}`;
  }
  const el = item.el;
  const tag = shownTag(item);
  const parts: string[] = [`${tag} id=${item.id}`];
  const ty = inputType(el);
  if (ty && ty !== 'text') parts.push(`type=${ty}`);
  const field = tag === 'input' || tag === 'select' || tag === 'textarea' || FIELD_ROLES.has(item.role);
  const isButtonInput = ty === 'submit' || ty === 'button' || ty === 'reset' || ty === 'image';
  const asContent = !field || isButtonInput;
  if (!asContent) {
    if (item.name) parts.push(`label=${quote(item.name)}`);
    const ph = el.getAttribute('placeholder');
    if (ph && collapse(ph) && collapse(ph) !== item.name) parts.push(`placeholder=${quote(clip(collapse(ph), 80))}`);
    // with neither label nor placeholder, the form field name is the best hint left
    const fieldName = el.getAttribute('name');
    if (!item.name && !ph && fieldName) parts.push(`name=${quote(clip(fieldName, 40))}`);
    if (tagOf(el) === 'select') parts.push(...selectParts(el as HTMLSelectElement));
    else if (ty !== 'checkbox' && ty !== 'radio' && ty !== 'file') {
      const v = valueOf(item);
      if (isSecret(el, item.name)) parts.push(`value=${v ? '(filled)' : '(empty)'}`);
      else if (v) parts.push(`value=${quote(clip(collapse(v), 120))}`);
    }
    if (ty === 'file') {
      // what the field takes: the model matches it to the attached file's type
      const accept = el.getAttribute('accept');
      if (accept && collapse(accept)) parts.push(`accept=${quote(clip(collapse(accept), 60))}`);
      if ((el as HTMLInputElement).multiple) parts.push('multiple');
      const files = (el as HTMLInputElement).files;
      if (files?.length) parts.push(`value=${quote(clip(Array.from(files, (x) => x.name).join(', '), ATTR_MAX))}`);
    }
  }
  parts.push(...stateParts(el));
  if (marks.at) parts.push(`at=${marks.at}`);
  if (marks.isNew) parts.push('new');
  const open = `<${parts.join(' ')}>`;
  if (!asContent) return open;
  const name = isButtonInput && tag === 'input' ? '' : item.name;
  if (tag === 'input') return name ? open : `<${parts.join(' ')} label=${quote(item.name)}>`;
  return `${open}${name}</${tag}>`;
}

/** Renders a text item: headings as markdown-style `## Title`, other text as it reads. */
export function textLine(item: Item, isNew: boolean): string {
  const prefix = item.heading ? '#'.repeat(Math.min(item.heading, 6)) + ' ' : '';
  return (isNew ? '(new) ' : '') + prefix + item.name;
}

export function lineOf(item: Item, marks: LineMarks = {}): string {
  return item.kind === 'text' ? textLine(item, !!marks.isNew) : elementLine(item, marks);
}
