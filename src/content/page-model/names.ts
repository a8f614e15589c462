import { byIdInScope, clip, collapse, inputType, plainText, tagOf } from './dom';

const LABELABLE = new Set(['input', 'select', 'textarea', 'meter', 'progress', 'output']);
// Every name is capped: a page can put a megabyte in any attribute, and the token counter's time
// grows with the square of an unbroken run of characters.
const NAME_MAX = 150;

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
    if (collapse(text)) return clip(collapse(text), NAME_MAX);
  }
  const aria = el.getAttribute('aria-label');
  if (aria && collapse(aria)) return clip(collapse(aria), NAME_MAX);
  const t = tagOf(el);
  if (LABELABLE.has(t)) {
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) {
      const text = Array.from(labels, (l) => plainText(l)).join(' ');
      if (collapse(text)) return clip(collapse(text), NAME_MAX);
    }
  }
  if (t === 'input') {
    const ty = inputType(el);
    if (ty === 'submit' || ty === 'button' || ty === 'reset') {
      const v = (el as HTMLInputElement).value;
      return clip(v, NAME_MAX) || (ty === 'submit' ? 'Submit' : ty === 'reset' ? 'Reset' : '');
    }
    if (ty === 'image') return clip(el.getAttribute('alt') ?? '', NAME_MAX);
  }
  if (t === 'img' || t === 'area') return clip(el.getAttribute('alt') ?? '', NAME_MAX);
  return '';
}

/** Text an element offers when it has no name: title, then for a field its placeholder. */
export function fallbackName(el: Element): string {
  const title = el.getAttribute('title');
  if (title && collapse(title)) return clip(collapse(title), NAME_MAX);
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
