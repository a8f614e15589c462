import type { Fingerprint } from '../../shared/fingerprint';
import type { Selector } from './schema';

/**
 * A recorded element as Chrome Recorder selectors. Chrome's runner races every selector of a step
 * and acts on the first element any of them finds, so each alternative must name this element
 * alone: a selector that may also fit another element is left out rather than put last.
 */
export function exportSelectors(fp: Fingerprint): Selector[] {
  const out: Selector[] = [];
  const aria = ariaSelector(fp);
  if (aria) out.push(aria);
  const inShadow = (css: string): Selector => (fp.shadow.length ? [...fp.shadow, css] : css);
  for (const css of anchorSelectors(fp)) out.push(inShadow(css));
  if (fp.css) out.push(inShadow(fp.css));
  // XPath stops at shadow roots: the Recorder's XPath cannot reach inside one
  if (fp.xpath && !fp.shadow.length) out.push(`xpath/${fp.xpath}`);
  const text = textSelector(fp);
  if (text) out.push(text);
  return dedupe(out);
}

/**
 * Roles whose name Chrome's accessibility tree computes the way the page model does, so that
 * `aria/Name[role="..."]` finds the element; other roles (generic, a widget's own) are left out.
 */
const ARIA_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'tab', 'option',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'slider', 'spinbutton', 'listbox', 'heading', 'img', 'treeitem', 'gridcell',
]);
/** Field roles whose page-model name may carry the field's shown value after the label ("Language English"). */
const VALUE_ROLES = new Set(['combobox', 'listbox', 'slider', 'spinbutton']);

function ariaSelector(fp: Fingerprint): string | undefined {
  if (!ARIA_ROLES.has(fp.role)) return undefined;
  // a field labelled by a <label> is named by that label in Chrome's tree; the page model's name may add the value
  const name = VALUE_ROLES.has(fp.role) && fp.label ? fp.label : fp.name;
  if (!name || name.length > 80 || /[[\]]/.test(name)) return undefined;
  return `aria/${name}[role="${fp.role}"]`;
}

const cssString = (s: string): string => JSON.stringify(s);
const cssIdent = /^[A-Za-z][\w-]*$/;
/** Inputs that share a name attribute with their group: the name does not single one out. */
const GROUPED = new Set(['radio', 'checkbox']);

/** Stable anchors the recorder kept: a test id, an id that does not look generated, a field's name. */
function anchorSelectors(fp: Fingerprint): string[] {
  const out: string[] = [];
  const tag = cssIdent.test(fp.tag) ? fp.tag : '';
  if (fp.testId) {
    const [attr = '', ...rest] = fp.testId.split('=');
    if (cssIdent.test(attr)) out.push(`${tag}[${attr}=${cssString(rest.join('='))}]`);
  }
  if (fp.domId) out.push(cssIdent.test(fp.domId) ? `#${fp.domId}` : `[id=${cssString(fp.domId)}]`);
  if (fp.nameAttr && tag && ['input', 'select', 'textarea'].includes(tag) && !GROUPED.has(fp.inputType ?? '')) {
    out.push(`${tag}[name=${cssString(fp.nameAttr)}]`);
  }
  return out;
}

/**
 * `text/` finds the innermost element whose text contains the words, so it is kept for controls
 * whose own text is their whole name (a button, a link, an option) and long enough not to be a
 * part of other labels on the page.
 */
function textSelector(fp: Fingerprint): string | undefined {
  const text = fp.text?.trim();
  if (!text || text.length < 4 || text.length > 80 || text !== fp.name) return undefined;
  if (!['button', 'link', 'option', 'tab', 'menuitem'].includes(fp.role)) return undefined;
  return `text/${text}`;
}

function dedupe(selectors: Selector[]): Selector[] {
  const seen = new Set<string>();
  return selectors.filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
