import { collapse, tagOf } from '../page-model/dom';

/**
 * The heading or fieldset legend an element sits under, to tell apart repeated controls (every FAQ
 * section's "Open" button). The nearest legend wins; else the last heading before it in the document.
 */
export function contextOf(el: Element): string {
  const legend = el.closest('fieldset')?.querySelector(':scope > legend');
  if (legend) return collapse(legend.textContent ?? '');
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(doc.body ?? doc.documentElement, NodeFilter.SHOW_ELEMENT);
  let last = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n === el) break;
    if (/^h[1-6]$/.test(tagOf(n as Element)) || (n as Element).getAttribute('role') === 'heading') last = collapse(n.textContent ?? '');
  }
  return last;
}
