import { inputType, isEditable, isElement, styleOf, tagOf } from './dom';

const WIDGET_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem', 'listbox', 'gridcell',
]);

/** Roles whose name comes from the author (a label), not from the element's own text. */
export const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'slider', 'spinbutton', 'listbox']);

const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button',
  range: 'slider', number: 'spinbutton', search: 'searchbox', file: 'button', color: 'button',
};

// Real roles are short words; a page's made-up one is shown as its tag, so it is capped.
const ROLE_MAX = 40;

export function explicitRole(el: Element): string {
  const attr = el.getAttribute('role');
  if (!attr) return '';
  // only the first token counts; slicing first keeps a megabyte attribute from being split whole
  return (/\S+/.exec(attr.trimStart().slice(0, ROLE_MAX + 1))?.[0] ?? '').slice(0, ROLE_MAX).toLowerCase();
}

export function roleOf(el: Element): string {
  const explicit = explicitRole(el);
  if (explicit && explicit !== 'presentation' && explicit !== 'none' && explicit !== 'generic') return explicit;
  const t = tagOf(el);
  switch (t) {
    case 'a':
    case 'area':
      return el.hasAttribute('href') ? 'link' : 'generic';
    case 'button':
    case 'summary':
      return 'button';
    case 'input': {
      const ty = inputType(el);
      if (INPUT_ROLES[ty]) return INPUT_ROLES[ty];
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    case 'select':
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
    case 'textarea':
      return 'textbox';
    case 'option':
      return 'option';
    case 'img':
      return 'img';
    case 'iframe':
      return 'iframe';
    case 'dialog':
      return 'dialog';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
      return 'heading';
  }
  if (isEditable(el)) return 'textbox';
  return 'generic';
}

export function headingLevel(el: Element): number {
  const t = tagOf(el);
  if (/^h[1-6]$/.test(t)) return Number(t[1]);
  if (explicitRole(el) === 'heading') return Number(el.getAttribute('aria-level')) || 2;
  return 0;
}

const NATIVE = new Set(['button', 'select', 'textarea', 'summary']);

/** What makes a pointer-cursor region layout rather than a control of its own. */
export const CONTROL_SELECTOR = 'a[href],button,input,select,textarea,[role=button],[role=link],[onclick]';

const wrapsControlBelow = (el: Element): boolean => !!el.querySelector(CONTROL_SELECTOR);

/**
 * Whether the element is something a person acts on. Native controls and ARIA widgets count;
 * so do custom clickables, recognised by tabindex, an onclick attribute or a pointer cursor that
 * starts at this element (an inherited pointer only repeats the parent's).
 */
export function isInteractive(el: Element, style: CSSStyleDeclaration, parentStyle: CSSStyleDeclaration | null, wrapsControl = wrapsControlBelow): boolean {
  const t = tagOf(el);
  if (NATIVE.has(t)) return true;
  if (t === 'input') return inputType(el) !== 'hidden';
  if (t === 'a') return el.hasAttribute('href') || el.hasAttribute('tabindex') || el.hasAttribute('onclick');
  if ((t === 'video' || t === 'audio') && el.hasAttribute('controls')) return true;
  const role = explicitRole(el);
  if (role && WIDGET_ROLES.has(role)) return true;
  if (isEditable(el) && !isEditable(el.parentElement)) return true;
  if (el.hasAttribute('onclick')) return true;
  const ti = el.getAttribute('tabindex');
  if (ti !== null && Number(ti) >= 0 && t !== 'body' && t !== 'html' && role !== 'dialog' && role !== 'main' && role !== 'region') return true;
  if (style.cursor === 'pointer' && parentStyle?.cursor !== 'pointer' && t !== 'label' && t !== 'body' && t !== 'html') {
    // a pointer region that wraps real controls is layout, not a control of its own
    return !wrapsControl(el);
  }
  return false;
}

export function parentStyleOf(el: Element): CSSStyleDeclaration | null {
  const p = el.parentElement;
  return isElement(p) ? styleOf(p) : null;
}
