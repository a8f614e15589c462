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
function textAround(row: Element, el: Element, max = Infinity): string {
  const parts: string[] = [];
  let length = 0;
  const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && parts.length < 200 && length <= max; n = walker.nextNode()) {
    if (el.contains(n)) continue;
    const v = n.nodeValue ?? '';
    parts.push(v);
    length += v.length;
  }
  return collapse(parts.join(' '));
}

/** How far up the block around an element is looked for, and how much of its text is kept. */
export const NEAR_LEVELS = 8;
export const NEAR_MAX = 240;
/** Most elements of a tag whose text is compared when looking for twins. */
const TWIN_SCAN = 2000;

/**
 * The text of the nearest block around el that tells it from its twins: the elements of its tag
 * that carry the same words (a "Back" link, a "© Crown copyright" in each of several footers). It
 * is the first ancestor whose text outside el differs from the text at the same height around
 * every twin, and has some text. With no twin, the first ancestor with any text around el. A
 * block of more than NEAR_MAX characters says too little to keep ("" then). Recorded once, when
 * the element is fingerprinted; compared at replay with nearTexts.
 */
export function nearOf(el: Element): string {
  const own = collapse(el.textContent ?? '') || el.getAttribute('aria-label') || '';
  const root = el.getRootNode() as Document | ShadowRoot;
  // once per recorded action; a page of thousands of elements of this tag (a click on a div) looks for no twin
  const same = own ? root.querySelectorAll(el.localName) : [];
  const twins = same.length <= TWIN_SCAN ? [...same].filter((t) => t !== el && (collapse(t.textContent ?? '') || t.getAttribute('aria-label') || '') === own).slice(0, 20) : [];
  const theirs = twins.map((t) => t.parentElement);
  let mine = el.parentElement;
  for (let level = 0; mine && level < NEAR_LEVELS && tagOf(mine) !== 'body'; level++) {
    const text = textAround(mine, el, NEAR_MAX);
    if (text.length > NEAR_MAX) return '';
    const around = theirs.map((t, i) => (t && twins[i] ? textAround(t, twins[i], NEAR_MAX) : null));
    if (text && around.every((a) => a !== text)) return text;
    mine = mine.parentElement;
    theirs.forEach((t, i) => (theirs[i] = t?.parentElement ?? null));
  }
  return '';
}

/** The texts around el at each height up to NEAR_LEVELS, for comparing with a recorded nearOf. */
export function nearTexts(el: Element): string[] {
  const out: string[] = [];
  let e = el.parentElement;
  for (let level = 0; e && level < NEAR_LEVELS && tagOf(e) !== 'body'; level++, e = e.parentElement) {
    const text = textAround(e, el, NEAR_MAX * 2);
    if (text.length > NEAR_MAX * 2) break;
    if (text && text !== out[out.length - 1]) out.push(text);
  }
  return out;
}
