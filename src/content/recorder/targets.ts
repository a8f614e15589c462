import { inputType, isElement, tagOf } from '../page-model/dom';
import type { Item } from '../page-model/walk';
import type { PageView } from './page-view';

// Input types whose value is not typed: they are clicked, checked or picked instead.
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']);

/** The element an event really happened on, inside open shadow roots too (the target seen at the window is the host). */
export function eventElement(e: Event): Element | undefined {
  for (const n of e.composedPath()) if (isElement(n as Node)) return n as Element;
  return undefined;
}

/** The parent of el in the flat tree: its parent element, or the host of the shadow root it sits in. */
function flatParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode() as ShadowRoot;
  return root.nodeType === 11 && root.host ? root.host : null;
}

/** The page-model element el belongs to: itself, or the nearest control it sits in (a span inside a button). */
export function itemFor(el: Element, view: PageView): Item | undefined {
  for (let e: Element | null = el; e; e = flatParent(e)) {
    const it = view.byEl.get(e);
    if (it) return it;
  }
  return undefined;
}

/** The field whose value the person types: a text-like input, a textarea or a contenteditable root. */
export function typedField(el: Element): Element | undefined {
  const t = tagOf(el);
  if (t === 'input') return NOT_TYPED.has(inputType(el)) ? undefined : el;
  if (t === 'textarea') return el;
  if ((el as HTMLElement).isContentEditable) {
    let root = el;
    for (let p = root.parentElement; p && (p as HTMLElement).isContentEditable; p = p.parentElement) root = p;
    return root;
  }
  return undefined;
}

// Input types a page's own `document.execCommand('insertText')` can type into.
const SCRIPT_EDITABLE = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/**
 * A field a page script can type into with `execCommand`, whose input and change events the browser
 * marks trusted although no person typed (no `beforeinput` comes with them): a text input, a
 * textarea, a contenteditable. A date, color or range input is not one.
 */
export function scriptEditable(field: Element): boolean {
  // the property, not the attribute: an unknown type is a text input
  return tagOf(field) !== 'input' || SCRIPT_EDITABLE.has((field as HTMLInputElement).type);
}

/** The browser's autofill filled the field (the one way a text field changes with no edit of the person's). */
export function autofilled(field: Element): boolean {
  for (const pseudo of [':autofill', ':-webkit-autofill']) {
    try {
      if (field.matches(pseudo)) return true;
    } catch {
      // a browser that does not know this pseudo-class
    }
  }
  return false;
}

export const isCheckable = (el: Element): boolean => tagOf(el) === 'input' && ['checkbox', 'radio'].includes(inputType(el));
export const isSelect = (el: Element): boolean => tagOf(el) === 'select';

/**
 * Clicks that are not steps of their own: into a field (the typed value is the step), on a
 * checkbox, radio or native select (their change is the step), or on a label for one of those.
 */
export function clickIsImplied(el: Element): boolean {
  if (typedField(el) || isCheckable(el) || isSelect(el) || isFileField(el) || tagOf(el) === 'option') return true;
  const label = tagOf(el) === 'label' ? el : el.closest('label');
  const control = label ? (label as HTMLLabelElement).control : null;
  return !!control && (!!typedField(control) || isCheckable(control) || isSelect(control) || isFileField(control));
}

/** A file field: the click that opens its chooser is no step; the file chosen is (listeners.ts onChange). */
export const isFileField = (el: Element): el is HTMLInputElement => tagOf(el) === 'input' && inputType(el) === 'file';

/** A field's value as typed (capped); never called for a secret field. */
export function typedValue(field: Element): string {
  const t = tagOf(field);
  const v = t === 'input' || t === 'textarea' ? (field as HTMLInputElement).value : ((field as HTMLElement).innerText ?? '');
  return v.length > 5000 ? v.slice(0, 5000) : v;
}

/** Whether a field holds anything, read without keeping the value (for secret fields). */
export function hasValue(field: Element): boolean {
  const t = tagOf(field);
  return t === 'input' || t === 'textarea' ? (field as HTMLInputElement).value.length > 0 : !!field.textContent?.length;
}

/**
 * A 32-bit FNV-1a hash of a secret field's value, held only in the page while the field has focus,
 * to tell "typed something new" from "left as it was" without keeping the secret itself.
 */
export function secretDigest(field: Element): string {
  const v = typedValue(field);
  let h = 0x811c9dc5;
  for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), 0x01000193);
  return `#${v.length}:${(h >>> 0).toString(36)}`;
}

export function selectedLabels(el: HTMLSelectElement): string[] {
  return Array.from(el.selectedOptions, (o) => (o.label || o.text).replace(/\s+/g, ' ').trim() || o.value);
}
