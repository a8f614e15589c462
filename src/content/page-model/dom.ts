// Small DOM helpers that work across realms: elements of same-origin frames come from another
// window, so `instanceof HTMLElement` would be false for them; these check node types and tags.

export const isElement = (n: Node | null | undefined): n is Element => !!n && n.nodeType === 1;
export const isText = (n: Node): n is Text => n.nodeType === 3;

export const tagOf = (el: Element): string => el.localName;

export function styleOf(el: Element): CSSStyleDeclaration {
  return (el.ownerDocument.defaultView ?? window).getComputedStyle(el);
}

/**
 * `isContentEditable`, answered first from the computed style, which inherits editability: the
 * property itself climbs every ancestor on boxes such as `display: contents`, so asking it of each
 * element of a deep tree is quadratic. designMode makes every element editable whatever its style.
 */
export function isEditable(el: Element | null): boolean {
  if (!el) return false;
  if (el.ownerDocument.designMode !== 'on' && styleOf(el).getPropertyValue('-webkit-user-modify') === 'read-only') return false;
  return (el as HTMLElement).isContentEditable === true;
}

export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1).trimEnd() + '…';
}

/** Quotes an attribute value so the model reads it as one token run, not markup. */
export function quote(s: string): string {
  return '"' + s.replace(/"/g, "'") + '"';
}

export type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isInput(el: Element): el is HTMLInputElement {
  return tagOf(el) === 'input';
}

export function inputType(el: Element): string {
  return isInput(el) ? (el.getAttribute('type') ?? 'text').toLowerCase() : '';
}

/** The frame element that holds el's document, if that document is a same-origin child frame. */
export function frameElementOf(el: Element): Element | null {
  try {
    return el.ownerDocument.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}

/**
 * el's shadow root, open or closed. A page's closed root hides its fields from page scripts, not
 * from extensions: Chrome gives content scripts `chrome.dom.openOrClosedShadowRoot` (Chrome 88),
 * Firefox the `openOrClosedShadowRoot` property. Null when el hosts none.
 */
export function anyShadowRoot(el: Element): ShadowRoot | null {
  if (el.shadowRoot) return el.shadowRoot;
  const firefox = (el as { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot;
  if (firefox !== undefined) return firefox;
  try {
    return globalThis.chrome?.dom?.openOrClosedShadowRoot(el as HTMLElement) ?? null;
  } catch {
    // not an HTML element (the API refuses it), or no extension API here (tests of the page tools)
    return null;
  }
}

// A label's words are near its top: deeper nesting is only a page trying to overflow the stack.
const TEXT_DEPTH = 256;

/** The text a label-like element says, skipping nested form controls (a select's options would drown it). */
export function plainText(root: Node, max = 200): string {
  let out = '';
  const visit = (n: Node, depth: number): void => {
    if (out.length > max || depth > TEXT_DEPTH) return;
    if (isText(n)) {
      out += n.data;
      return;
    }
    const inner = (c: Node) => visit(c, depth + 1);
    if (!isElement(n)) {
      n.childNodes.forEach(inner);
      return;
    }
    const t = tagOf(n);
    if (t === 'script' || t === 'style' || t === 'select' || t === 'textarea' || t === 'input' || t === 'template') return;
    if (t === 'img') {
      out += ' ' + (n.getAttribute('alt') ?? '') + ' ';
      return;
    }
    if (n.getAttribute('aria-hidden') === 'true') return;
    out += ' ';
    if (n.shadowRoot) n.shadowRoot.childNodes.forEach(inner);
    else n.childNodes.forEach(inner);
    out += ' ';
  };
  visit(root, 0);
  return clip(collapse(out), max);
}

export function byIdInScope(el: Element, id: string): Element | null {
  const root = el.getRootNode() as Document | ShadowRoot;
  return typeof root.getElementById === 'function' ? root.getElementById(id) : el.ownerDocument.getElementById(id);
}

export function isDisabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled === true) return true;
  if (el.getAttribute('aria-disabled') === 'true') return true;
  // a disabled fieldset disables its controls, except those in its first legend
  const fs = el.closest('fieldset');
  if (fs && (fs as HTMLFieldSetElement).disabled && !fs.querySelector(':scope > legend')?.contains(el)) {
    return ['input', 'select', 'textarea', 'button'].includes(tagOf(el));
  }
  return false;
}
