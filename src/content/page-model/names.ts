import { byIdInScope, clip, collapse, inputType, plainText, tagOf } from './dom';

const LABELABLE = new Set(['input', 'select', 'textarea', 'meter', 'progress', 'output']);

/**
 * The name an author gave the element explicitly (aria-labelledby, aria-label, <label>, alt,
 * a button input's value). Content-derived names are collected by the walker in the same pass.
 */
export function authoredName(el: Element): string {
  const lb = el.getAttribute('aria-labelledby');
  if (lb) {
    const text = lb
      .split(/\s+/)
      .map((ref) => byIdInScope(el, ref))
      .filter((x): x is Element => !!x)
      .map((x) => plainText(x))
      .join(' ');
    if (collapse(text)) return clip(collapse(text), 150);
  }
  const aria = el.getAttribute('aria-label');
  if (aria && collapse(aria)) return clip(collapse(aria), 150);
  const t = tagOf(el);
  if (LABELABLE.has(t)) {
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) {
      const text = Array.from(labels, (l) => plainText(l)).join(' ');
      if (collapse(text)) return clip(collapse(text), 150);
    }
  }
  if (t === 'input') {
    const ty = inputType(el);
    if (ty === 'submit' || ty === 'button' || ty === 'reset') {
      const v = (el as HTMLInputElement).value;
      return v || (ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '');
    }
    if (ty === 'image') return el.getAttribute('alt') ?? '';
  }
  if (t === 'img' || t === 'area') return el.getAttribute('alt') ?? '';
  return '';
}

/** Text an element offers when it has no name: title, then for a field its placeholder. */
export function fallbackName(el: Element): string {
  const title = el.getAttribute('title');
  if (title && collapse(title)) return clip(collapse(title), 150);
  return '';
}

/** What an svg or img inside a button says (icon buttons are named this way). */
export function graphicText(el: Element): string {
  const t = tagOf(el);
  if (t === 'img') return el.getAttribute('alt') ?? '';
  const aria = el.getAttribute('aria-label');
  if (aria) return aria;
  const title = el.querySelector('title');
  return title?.textContent ?? '';
}
