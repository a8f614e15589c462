// Layout variants. Variant 0 is the canonical page; any other number re-skins the same data with
// other element ids, form field names, class names, label wording and style, field order and
// wrapper depth, so a recorded workflow or a learned selector has to generalize to replay.
import { createRng, hashString } from './random.mjs';
import { html, attrs, raw } from './html.mjs';

const token = (text) => hashString(text).toString(36).slice(0, 5);
const camel = (name) => name.replace(/[-_](\w)/g, (_, c) => c.toUpperCase());

export function createLayout(task, variant) {
  const canonical = !variant;
  const rng = createRng(`layout:${task}:${variant}`);
  const tag = rng.chars(3);
  const idScheme = canonical ? 0 : rng.int(1, 3);
  const nameScheme = canonical ? 0 : rng.int(1, 3);
  const labelStyle = canonical ? 'for' : rng.pick(['for', 'wrap', 'aria']);
  const depth = canonical ? 0 : rng.int(1, 3);
  const wrapClasses = Array.from({ length: depth }, () => `${tag}-${rng.pick(['box', 'row', 'cell', 'grp', 'col'])}`);

  const L = {
    variant: Number(variant) || 0,
    canonical,
    labelStyle,
    id(name) {
      if (idScheme === 0) return name;
      if (idScheme === 1) return `${name}-${tag}`;
      if (idScheme === 2) return `${tag}_${camel(name)}`;
      return `c${token(tag + name)}`;
    },
    name(name) {
      if (nameScheme === 0) return name;
      if (nameScheme === 1) return camel(name);
      if (nameScheme === 2) return `f_${name.replace(/-/g, '_')}`;
      return `data[${name}]`;
    },
    cls(name) {
      return canonical ? name : `${name.slice(0, 3)}-${token(tag + name)}`;
    },
    /** One wording out of several; the first is the canonical one. */
    label(options) {
      const list = Array.isArray(options) ? options : [options];
      return canonical ? list[0] : list[hashString(tag + list[0]) % list.length];
    },
    /** The same items in another order for non-canonical variants (never the canonical order). */
    order(list) {
      if (canonical || list.length < 2) return list;
      const r = createRng(`${tag}:${list.length}:${variant}`);
      const out = r.shuffle(list);
      if (out.every((item, i) => item === list[i])) out.push(out.shift());
      return out;
    },
    wrap(content) {
      return wrapClasses.reduceRight((inner, cls) => html`<div class="${cls}">${inner}</div>`, content);
    },
    /**
     * A labelled control. `control(a)` gets the attributes (id, name, aria) to put on the element.
     * Label styles differ by variant the way real sites differ: label[for], a wrapping label, or
     * aria-labelledby on a plain span.
     */
    field(key, labels, control, { hint, noWrap } = {}) {
      const id = L.id(key);
      const name = L.name(key);
      const text = L.label(labels);
      const hintHtml = hint ? html`<small class="hint">${hint}</small>` : '';
      let out;
      // Composite widgets hold buttons a wrapping label would swallow, and a wrapped select adds its
      // selected option to the label's accessible name.
      // A prefilled text control inside its label also adds its value to the name.
      const wrapped = labelStyle === 'wrap' && !noWrap ? String(control(attrs({ id, name }), { id, name })) : '';
      const style = labelStyle === 'wrap' && (noWrap || /<textarea|\svalue="[^"]/.test(wrapped)) ? 'for' : labelStyle;
      if (style === 'wrap') {
        out = html`<label class="${L.cls('field')}"><span class="label-text">${text}</span>${raw(wrapped)}${hintHtml}</label>`;
      } else if (style === 'aria') {
        const lid = `${id}-lbl`;
        out = html`<div class="${L.cls('field')}"><span class="label-text" id="${lid}">${text}</span>${control(attrs({ id, name, 'aria-labelledby': lid }), { id, name, lid })}${hintHtml}</div>`;
      } else {
        out = html`<div class="${L.cls('field')}"><label for="${id}">${text}</label>${control(attrs({ id, name }), { id, name })}${hintHtml}</div>`;
      }
      return L.wrap(out);
    },
    input(key, labels, extra = {}) {
      return L.field(key, labels, (a) => html`<input${a}${attrs({ type: 'text', ...extra })}>`);
    },
    select(key, labels, options, extra = {}) {
      return L.field(key, labels, (a) => html`<select${a}${attrs(extra)}>${options.map((o) => {
        const [value, text] = Array.isArray(o) ? o : [o, o];
        return html`<option value="${value}">${text}</option>`;
      })}</select>`, { noWrap: true });
    },
    /** A radio group as a fieldset, the one markup that is labelled the same way everywhere. */
    radios(key, legend, options, { checked } = {}) {
      const name = L.name(key);
      return L.wrap(html`<fieldset class="${L.cls('radio-group')}"><legend>${L.label(legend)}</legend>${options.map(([value, text]) => {
        const id = L.id(`${key}-${value}`);
        return html`<span class="choice"><input type="radio"${attrs({ id, name, value, checked: value === checked })}><label for="${id}">${text}</label></span>`;
      })}</fieldset>`);
    },
  };
  return L;
}
