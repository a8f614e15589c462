import type { Fingerprint } from '../../shared/fingerprint';
import { isElement, tagOf } from '../page-model/dom';

/** Follows a fingerprint's frame path from the top document; undefined when a frame is gone or cross-origin. */
export function documentOf(frames: string[]): Document | undefined {
  let doc: Document = document;
  for (const path of frames) {
    const nth = /^nth-frame\((\d+)\)$/.exec(path);
    const frame = nth ? Array.from(doc.querySelectorAll('iframe, frame'))[Number(nth[1])] : safeQuery(doc, path)[0];
    if (!frame || !['iframe', 'frame'].includes(tagOf(frame))) return undefined;
    try {
      const inner = (frame as HTMLIFrameElement).contentDocument;
      if (!inner) return undefined;
      doc = inner;
    } catch {
      return undefined;
    }
  }
  return doc;
}

/** The shadow root a fingerprint's shadow path leads to inside `doc`. */
export function shadowRootOf(doc: Document, shadow: string[]): Document | ShadowRoot | undefined {
  let root: Document | ShadowRoot = doc;
  for (const host of shadow) {
    const el: Element | undefined = safeQuery(root, host)[0];
    if (!el?.shadowRoot) return undefined;
    root = el.shadowRoot;
  }
  return root;
}

export function safeQuery(root: ParentNode, css: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(css));
  } catch {
    return [];
  }
}

/**
 * Where CSS-like lookups search: the fingerprint's own root when its path still leads there;
 * otherwise every document and open shadow root of the page (CSS that "pierces", as the Chrome
 * Recorder's pierce/ selectors do).
 */
export function searchRoots(fp: Fingerprint, all: (Document | ShadowRoot)[]): (Document | ShadowRoot)[] {
  const doc = documentOf(fp.frames);
  const own = doc && shadowRootOf(doc, fp.shadow);
  return own && (fp.frames.length || fp.shadow.length) ? [own] : all;
}

export function xpathIn(doc: Document, xpath: string): Element[] {
  try {
    const r = doc.evaluate(xpath, doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const out: Element[] = [];
    for (let i = 0; i < r.snapshotLength; i++) {
      const n = r.snapshotItem(i);
      if (isElement(n)) out.push(n);
    }
    return out;
  } catch {
    return [];
  }
}
