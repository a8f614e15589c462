import { clip, collapse, tagOf } from '../page-model/dom';

/**
 * Where an element sits, in words a redesign tends to keep: the landmark it is in and the text of
 * the row, list item or card around it. Computed the same way when recording and at replay, so
 * the two compare like with like.
 */

const LANDMARK_TAGS = new Set(['header', 'footer', 'nav', 'main', 'aside', 'form', 'dialog']);
const LANDMARK_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'main', 'complementary', 'form', 'dialog', 'region', 'search', 'toolbar', 'menu', 'menubar', 'tablist']);
const ROW_TAGS = new Set(['li', 'tr', 'article']);
const ROW_ROLES = new Set(['row', 'listitem', 'article', 'option', 'treeitem']);

/** The nearest landmark around el: its tag or role, and its label when it has one ("nav Main"). */
export function landmarkOf(el: Element): string {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const role = e.getAttribute('role') ?? '';
    if (LANDMARK_TAGS.has(tagOf(e)) || LANDMARK_ROLES.has(role)) {
      const label = e.getAttribute('aria-label') ?? '';
      return clip(collapse(`${role || tagOf(e)} ${label}`), 60);
    }
  }
  return '';
}

/**
 * The text of the row, list item or card el sits in, without el's own text: what tells one
 * record's "Edit" from another's, and a sender's name in one message from the same name in another.
 */
export function rowOf(el: Element): string {
  for (let e = el.parentElement; e && tagOf(e) !== 'body'; e = e.parentElement) {
    if (ROW_TAGS.has(tagOf(e)) || ROW_ROLES.has(e.getAttribute('role') ?? '')) {
      // a whole article or a long list item is a page section, not a record: no row
      const text = textAround(e, el);
      return text.length > 200 ? '' : text;
    }
  }
  return '';
}

/** The text of row outside el, word runs kept apart (textContent runs cells together). */
function textAround(row: Element, el: Element): string {
  const parts: string[] = [];
  const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && parts.length < 200; n = walker.nextNode()) {
    if (!el.contains(n)) parts.push(n.nodeValue ?? '');
  }
  return collapse(parts.join(' '));
}
