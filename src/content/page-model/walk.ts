import { clip, collapse, isElement, isText, styleOf, tagOf } from './dom';
import { distanceOf, gridOf, regionOf, type Box, type Region, type Viewport } from './geometry';
import { idFor } from './ids';
import { authoredName, fallbackName, graphicText } from './names';
import { CONTROL_SELECTOR, headingLevel, isInteractive, roleOf } from './roles';

/** One line-to-be of the page model: an element with an id, a run of text, or an opaque frame. */
export interface Item {
  kind: 'el' | 'text' | 'frame';
  el: Element;
  /** 0 for text */
  id: number;
  role: string;
  /** accessible name for elements, the text itself for text items */
  name: string;
  heading: number;
  region: Region;
  dist: number;
  grid: string;
  order: number;
  /** the element's own visible text, when its name came from elsewhere (a custom combobox shows its value) */
  text?: string;
  /** for frames: the origin that could not be entered */
  origin?: string;
}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'option', 'datalist', 'object', 'embed', 'canvas', 'map']);
// Leaves whose subtree never holds anything for the model (a select's options are shown on its line).
const LEAF = new Set(['select', 'textarea', 'input', 'video', 'audio', 'progress', 'meter']);
const TEXT_MAX = 400;

interface Collector {
  parts: string[];
}

interface Frame {
  dx: number;
  dy: number;
}

export interface WalkResult {
  items: Item[];
  shadowRoots: ShadowRoot[];
  docs: Document[];
}

/**
 * The single pass over the flat tree (shadow roots through their slots, same-origin frames
 * inline). Text is pulled up into the nearest interactive ancestor's name; the rest of the text
 * is flattened into one line per block.
 */
export function walk(root: Document, vp: Viewport): WalkResult {
  const items: Item[] = [];
  const shadowRoots: ShadowRoot[] = [];
  const docs: Document[] = [root];
  const collectors: Collector[] = [];
  let buf = '';
  let bufEl: Element | null = null;
  let bufFrame: Frame = { dx: 0, dy: 0 };
  let heading = 0;
  let consumed = 0;
  let order = 0;

  // One rect per element per walk: nothing moves while the walk reads, and measuring an inline box
  // costs time in proportion to what it holds. A span around thousands of links was measured again
  // for every run of text between them, which made the walk quadratic.
  const rects = new Map<Element, DOMRect>();
  const rectOf = (el: Element): DOMRect => {
    let r = rects.get(el);
    if (!r) {
      r = el.getBoundingClientRect();
      rects.set(el, r);
    }
    return r;
  };
  // Which elements hold a control, per tree (document or shadow root), found once per tree in one
  // pass; asking each pointer-cursor element's subtree instead is quadratic on nested ones.
  const controlHolders = new Map<Node, Set<Element>>();
  const wrapsControl = (el: Element): boolean => {
    const scope = el.getRootNode();
    let holders = controlHolders.get(scope);
    if (!holders) {
      holders = new Set();
      controlHolders.set(scope, holders);
      for (const c of Array.from((scope as ParentNode).querySelectorAll(CONTROL_SELECTOR))) {
        for (let p = c.parentElement; p && !holders.has(p); p = p.parentElement) holders.add(p);
      }
    }
    return holders.has(el);
  };

  const boxOf = (el: Element, f: Frame): Box => {
    const r = rectOf(el);
    return { x: r.left + f.dx, y: r.top + f.dy, w: r.width, h: r.height };
  };
  const place = (el: Element, f: Frame) => {
    const b = boxOf(el, f);
    return { region: regionOf(b, vp), dist: distanceOf(b, vp), grid: gridOf(b, vp) };
  };

  const flush = () => {
    const text = collapse(buf);
    if (text && bufEl && !/^[|\s]*$/.test(text)) {
      items.push({ kind: 'text', el: bufEl, id: 0, role: heading ? 'heading' : 'text', name: clip(text.replace(/^\| | \|$/g, ''), TEXT_MAX), heading, ...place(bufEl, bufFrame), order: order++ });
    }
    buf = '';
    bufEl = null;
    heading = 0;
  };

  const addText = (s: string, from: Element | null, f: Frame) => {
    const top = collectors[collectors.length - 1];
    if (top) {
      top.parts.push(s);
      return;
    }
    if (consumed > 0) return;
    if (!bufEl && s.trim() && from) {
      bufEl = from;
      bufFrame = f;
    }
    buf += s;
  };

  const childrenOf = (el: Element): ArrayLike<Node> => {
    // a closed details shows only its summary
    if (tagOf(el) === 'details' && !(el as HTMLDetailsElement).open) return Array.from(el.children).filter((c) => tagOf(c) === 'summary');
    if (el.shadowRoot) {
      shadowRoots.push(el.shadowRoot);
      return el.shadowRoot.childNodes;
    }
    if (tagOf(el) === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      return assigned.length ? assigned : el.childNodes;
    }
    return el.childNodes;
  };

  // The walk keeps its own stack instead of recursing: a page can nest thousands of levels (the
  // browser renders 10k nested `display: contents` boxes), which would overflow the call stack.
  // A task is a node to visit or what to do once an element's children are done.
  const stack: Array<{ node: Node; f: Frame; parentStyle: CSSStyleDeclaration | null } | (() => void)> = [];
  const visitChildren = (el: Element, f: Frame, style: CSSStyleDeclaration) => {
    const kids = childrenOf(el);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, f, parentStyle: style });
  };

  const visitFrame = (el: Element, f: Frame) => {
    let doc: Document | null = null;
    try {
      doc = (el as HTMLIFrameElement).contentDocument;
    } catch {
      doc = null;
    }
    const r = rectOf(el);
    if (r.width * r.height === 0) return;
    if (doc && doc.body) {
      flush();
      docs.push(doc);
      const s = styleOf(el);
      const inner: Frame = {
        dx: f.dx + r.left + el.clientLeft + parseFloat(s.paddingLeft),
        dy: f.dy + r.top + el.clientTop + parseFloat(s.paddingTop),
      };
      stack.push(flush);
      stack.push({ node: doc.body, f: inner, parentStyle: null });
      return;
    }
    flush();
    let origin = '';
    try {
      origin = new URL((el as HTMLIFrameElement).src, el.baseURI).origin;
    } catch {
      origin = 'unknown';
    }
    items.push({ kind: 'frame', el, id: idFor(el), role: 'iframe', name: clip(collapse(el.getAttribute('title') ?? ''), 80), heading: 0, ...place(el, f), order: order++, origin });
  };

  const visit = (node: Node, f: Frame, parentStyle: CSSStyleDeclaration | null): void => {
    if (isText(node)) {
      const p = node.parentElement;
      // visibility is inherited, so the parent's computed style decides for its text
      if (p && parentStyle && parentStyle.visibility !== 'visible') return;
      addText(node.data, p, f);
      return;
    }
    if (!isElement(node)) return;
    const el = node;
    const t = tagOf(el);
    if (SKIP.has(t)) return;
    if (t === 'svg') {
      const top = collectors[collectors.length - 1];
      if (top) top.parts.push(' ' + graphicText(el) + ' ');
      return;
    }
    const style = styleOf(el);
    const display = style.display;
    if (display === 'none') return;
    const hidden = style.visibility !== 'visible';
    if (t === 'iframe' || t === 'frame') {
      if (!hidden) visitFrame(el, f);
      return;
    }
    if (t === 'br') {
      addText(' ', el, f);
      return;
    }
    if (t === 'img') {
      const top = collectors[collectors.length - 1];
      if (top && !hidden) top.parts.push(' ' + (el.getAttribute('alt') ?? '') + ' ');
      return;
    }

    if (!hidden && isInteractive(el, style, parentStyle, wrapsControl) && hasBox(el, rectOf)) {
      flush();
      const item: Item = { kind: 'el', el, id: idFor(el), role: roleOf(el), name: '', heading: 0, ...place(el, f), order: order++ };
      items.push(item);
      const c: Collector = { parts: [] };
      collectors.push(c);
      stack.push(() => {
        collectors.pop();
        const own = clip(collapse(c.parts.join('')), 150);
        item.name = authoredName(el) || own || fallbackName(el);
        if (own && own !== item.name) item.text = own;
      });
      if (!LEAF.has(t)) visitChildren(el, f, style);
      return;
    }

    // clipped to nothing: an overflow-hidden box without area shows none of its content
    if (style.overflow !== 'visible' && t !== 'body' && t !== 'html') {
      const r = rectOf(el);
      if (r.width === 0 || r.height === 0) return;
    }
    const block = !display.startsWith('inline') && display !== 'contents' && display !== 'table-cell';
    if (display === 'table-cell') addText(' | ', el, f);
    else if (block) {
      flush();
      if (!collectors.length) heading = headingLevel(el);
    }
    const control = t === 'label' ? (el as HTMLLabelElement).control : null;
    // a label's words become its control's name; saying them again as text wastes tokens
    const consumes = !!control && control !== el && !collectors.length;
    if (consumes) consumed++;
    if (consumes || block) {
      stack.push(() => {
        if (consumes) consumed--;
        if (block) {
          if (collectors.length) addText(' ', el, f);
          else flush();
        }
      });
    }
    if (!LEAF.has(t)) visitChildren(el, f, style);
  };

  stack.push({ node: root.body ?? root.documentElement, f: { dx: 0, dy: 0 }, parentStyle: null });
  for (let task = stack.pop(); task; task = stack.pop()) {
    if (typeof task === 'function') task();
    else visit(task.node, task.f, task.parentStyle);
  }
  flush();
  return { items, shadowRoots, docs };
}

/**
 * Whether an interactive element can be seen or reached. A visually hidden native checkbox or
 * radio whose label shows counts: people click the label, and the executor does the same.
 */
function hasBox(el: Element, rectOf: (el: Element) => DOMRect): boolean {
  const r = rectOf(el);
  if (r.width > 0 && r.height > 0) return true;
  if (el.getClientRects().length > 1) return true;
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const l of Array.from(labels)) if (rectOf(l).width > 0) return true;
  // an inline wrapper around block content reports an empty box of its own
  for (const c of Array.from(el.children)) {
    const cr = rectOf(c);
    if (cr.width > 0 && cr.height > 0) return true;
  }
  return false;
}
