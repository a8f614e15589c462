import { collapse, tagOf } from '../page-model/dom';
import { contextOf } from '../fingerprint/context';

/**
 * Facts about many candidates at once, each computed in one pass over the page: scoring every
 * candidate with the per-element helpers (contextOf walks the whole document, an XPath counts all
 * siblings) would be quadratic on a page of 10k controls.
 */

/** XPath steps as xpathOf writes them, with each parent's children counted once. */
export function pathFinder(): (el: Element) => string {
  const steps = new Map<Element, string>();
  const countChildren = (parent: Element) => {
    const seen = new Map<string, number>();
    for (const c of Array.from(parent.children)) {
      const n = (seen.get(c.localName) ?? 0) + 1;
      seen.set(c.localName, n);
      const tag = c.namespaceURI === 'http://www.w3.org/1999/xhtml' ? c.localName : `*[name()="${c.localName}"]`;
      steps.set(c, `${tag}[${n}]`);
    }
  };
  const stepOf = (el: Element): string => {
    if (!el.parentElement) return `${el.localName}[1]`;
    if (!steps.has(el)) countChildren(el.parentElement);
    return steps.get(el)!;
  };
  const paths = new Map<Element, string>();
  const pathOf = (el: Element): string => {
    if (el.getRootNode() !== el.ownerDocument) return '';
    let p = paths.get(el);
    if (p === undefined) {
      p = `${el.parentElement ? pathOf(el.parentElement) : ''}/${stepOf(el)}`;
      paths.set(el, p);
    }
    return p;
  };
  return pathOf;
}

/** How alike two XPaths are when not equal: shared leading and trailing steps, at most 0.7 (never proof). */
export function pathSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  return (0.7 * (head + tail)) / Math.max(x.length, y.length);
}

const isHeading = (el: Element) => /^h[1-6]$/.test(tagOf(el)) || el.getAttribute('role') === 'heading';

/** The heading or legend each wanted element sits under, as contextOf computes it, in one walk per document. */
export function headingsOf(wanted: Element[]): (el: Element) => string {
  const want = new Set(wanted);
  const found = new Map<Element, string>();
  const docs = new Set(wanted.map((el) => el.ownerDocument));
  for (const doc of docs) {
    const walker = doc.createTreeWalker(doc.body ?? doc.documentElement, NodeFilter.SHOW_ELEMENT);
    let last = '';
    for (let n = walker.nextNode() as Element | null; n; n = walker.nextNode() as Element | null) {
      if (want.has(n)) found.set(n, last);
      if (isHeading(n)) last = collapse(n.textContent ?? '');
    }
  }
  return (el) => {
    const legend = el.closest('fieldset')?.querySelector(':scope > legend');
    if (legend) return collapse(legend.textContent ?? '');
    // elements the walk did not reach (inside shadow roots) are asked one by one
    return found.get(el) ?? contextOf(el);
  };
}
