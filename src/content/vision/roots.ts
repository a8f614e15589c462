import { anyShadowRoot, tagOf } from '../page-model/dom';

export type Root = Document | ShadowRoot;

/** What a screenshot can show that the content script can and cannot look into. */
export interface Reach {
  /** every document (the top one, same-origin frames at any depth) and shadow root, open or closed */
  roots: Root[];
  /** frames, embeds and objects whose document cannot be read: another origin's, or a sandbox's */
  opaque: Element[];
}

const FRAMES = new Set(['iframe', 'frame', 'object', 'embed']);
// attachShadow accepts only custom elements and these (DOM standard, "valid shadow host name")
const HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
// a page could nest roots without end; a real one has far fewer
const MAX_ROOTS = 5000;

/**
 * Every root of the page, found from the top document. The page model's walk (page-model/walk.ts)
 * enters only open shadow roots, and the walk a screenshot reuses may be older than the page, so
 * the screenshot's secret fields are searched here, in closed roots and late frames too.
 */
export function reach(top: Document): Reach {
  const roots: Root[] = [top];
  const opaque: Element[] = [];
  for (let i = 0; i < roots.length && roots.length < MAX_ROOTS; i++) {
    for (const el of Array.from(roots[i]!.querySelectorAll('*'))) {
      const inner = innerRoot(el);
      if (inner) roots.push(inner);
      else if (inner === undefined) opaque.push(el);
    }
  }
  return { roots, opaque };
}

/** The document or shadow root inside el; null when it has none; undefined when it shows a document that cannot be read. */
function innerRoot(el: Element): Root | null | undefined {
  const t = tagOf(el);
  if (FRAMES.has(t)) return frameDocument(el, t);
  return t.includes('-') || HOSTS.has(t) ? anyShadowRoot(el) : null;
}

function frameDocument(el: Element, t: string): Document | null | undefined {
  // an object or embed with nothing to load shows its fallback content, not a document
  if ((t === 'object' && !el.getAttribute('data')) || (t === 'embed' && !el.getAttribute('src'))) return null;
  try {
    const doc = t === 'embed' ? (el as HTMLEmbedElement).getSVGDocument() : (el as HTMLIFrameElement).contentDocument;
    // a cross-origin or sandboxed (no allow-same-origin) document is null here
    return doc ?? undefined;
  } catch {
    return undefined;
  }
}
