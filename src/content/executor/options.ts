import { byIdInScope, collapse, isElement } from '../page-model/dom';
import { ActionError } from './errors';

const OPTION_SELECTOR = '[role=option],[role=menuitem],[role=menuitemradio],[role=menuitemcheckbox],[role=treeitem],[role=gridcell],li,[data-value]';

function shown(el: Element): boolean {
  if (!(el as HTMLElement).checkVisibility?.({ visibilityProperty: true })) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

export function optionText(el: Element): string {
  return collapse(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? '');
}

/** The popup a custom dropdown controls, if it says so; else the whole document. */
function popupRoots(combo: Element): ParentNode[] {
  const roots: ParentNode[] = [];
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const ref of (combo.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
      const el = byIdInScope(combo, ref);
      if (isElement(el)) roots.push(el);
    }
  }
  roots.push(combo);
  const root = combo.getRootNode() as ParentNode;
  if (root !== combo.ownerDocument) roots.push(root);
  roots.push(combo.ownerDocument);
  return roots;
}

/**
 * The visible options that match the wanted values, best match first (exact, then
 * case-insensitive, then a unique prefix or substring), or option_not_found listing what exists.
 */
export function matchOptions(combo: Element, values: string[]): Element[] {
  let candidates: Element[] = [];
  for (const root of popupRoots(combo)) {
    candidates = Array.from(root.querySelectorAll(OPTION_SELECTOR)).filter((o) => o !== combo && shown(o) && optionText(o));
    if (candidates.length) break;
  }
  const texts = candidates.map(optionText);
  return values.map((v) => {
    const i = bestIndex(texts, v, candidates.map((c) => c.getAttribute('data-value') ?? ''));
    if (i < 0) throw new ActionError('option_not_found', `no option "${v}"; options are: ${listOptions(texts)}`);
    return candidates[i]!;
  });
}

export function bestIndex(texts: string[], wanted: string, values: string[] = []): number {
  const w = collapse(wanted);
  const lw = w.toLowerCase();
  const tests: ((t: string, i: number) => boolean)[] = [
    (t) => t === w,
    (_t, i) => values[i] === wanted,
    (t) => t.toLowerCase() === lw,
    (t) => t.toLowerCase().startsWith(lw),
    (t) => t.toLowerCase().includes(lw),
  ];
  for (const [k, test] of tests.entries()) {
    const hits = texts.map((t, i) => (test(t, i) ? i : -1)).filter((i) => i >= 0);
    // loose matches must be unique, or "Main" would pick "Main St" over "Maine" by luck
    if (hits.length === 1 || (hits.length > 1 && k < 3)) return hits[0]!;
  }
  return -1;
}

export function listOptions(texts: string[]): string {
  if (!texts.length) return '(none visible: the list may need opening or typing to filter)';
  const shownTexts = texts.slice(0, 30).map((t) => `"${t.slice(0, 40)}"`).join(', ');
  return texts.length > 30 ? `${shownTexts} and ${texts.length - 30} more` : shownTexts;
}
