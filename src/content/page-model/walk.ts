import { clip, collapse, isElement, isText, styleOf, tagOf } from './dom';
import type { Viewport } from './geometry';
import { idFor } from './ids';
import { Measure, type Frame } from './measure';
import { authoredName, fallbackName, graphicText } from './names';
import { headingLevel, isInteractive, roleOf } from './roles';
import { TextRuns } from './text-runs';
import type { Item } from './item';

export type { Item } from './item';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'option', 'datalist', 'object', 'embed', 'canvas', 'map']);
// Leaves whose subtree never holds anything for the model (a select's options are shown on its line).
const LEAF = new Set(['select', 'textarea', 'input', 'video', 'audio', 'progress', 'meter']);

export interface WalkResult {
  items: Item[];
  shadowRoots: ShadowRoot[];
  docs: Document[];
}

/** A node to visit, or what to do once an element's children are done. */
type Task = { node: Node; f: Frame; parentStyle: CSSStyleDeclaration | null } | (() => void);

/**
 * The single pass over the flat tree (shadow roots through their slots, same-origin frames
 * inline). Text is pulled up into the nearest interactive ancestor's name; the rest of the text
 * is flattened into one line per block.
 */
export function walk(root: Document, vp: Viewport): WalkResult {
  return new Walker(root, vp).run();
}

class Walker {
  private items: Item[] = [];
  private shadowRoots: ShadowRoot[] = [];
  private docs: Document[];
  private order = 0;
  private measure: Measure;
  private text: TextRuns;
  // The walk keeps its own stack instead of recursing: a page can nest thousands of levels (the
  // browser renders 10k nested `display: contents` boxes), which would overflow the call stack.
  private stack: Task[] = [];

  constructor(
    private root: Document,
    vp: Viewport,
  ) {
    this.docs = [root];
    this.measure = new Measure(vp);
    this.text = new TextRuns(this.measure, (item) => this.push(item));
  }

  run(): WalkResult {
    this.stack.push({ node: this.root.body ?? this.root.documentElement, f: { dx: 0, dy: 0 }, parentStyle: null });
    for (let task = this.stack.pop(); task; task = this.stack.pop()) {
      if (typeof task === 'function') task();
      else this.visit(task.node, task.f, task.parentStyle);
    }
    this.text.flush();
    return { items: this.items, shadowRoots: this.shadowRoots, docs: this.docs };
  }

  /** Numbers the item in document order (set on the object as given: a walk makes one per element, no copy). */
  private push(item: Omit<Item, 'order'>): Item {
    const full = item as Item;
    full.order = this.order++;
    this.items.push(full);
    return full;
  }

  private visit(node: Node, f: Frame, parentStyle: CSSStyleDeclaration | null): void {
    if (isText(node)) {
      // visibility is inherited, so the parent's computed style decides for its text
      if (node.parentElement && parentStyle && parentStyle.visibility !== 'visible') return;
      this.text.add(node.data, node.parentElement, f);
      return;
    }
    if (!isElement(node)) return;
    const el = node;
    const t = tagOf(el);
    if (SKIP.has(t)) return;
    if (t === 'svg') {
      this.text.collector()?.parts.push(' ' + graphicText(el) + ' ');
      return;
    }
    const style = styleOf(el);
    if (style.display === 'none') return;
    const hidden = style.visibility !== 'visible';
    if (t === 'iframe' || t === 'frame') {
      if (!hidden) this.visitFrame(el, f);
      return;
    }
    if (t === 'br') return this.text.add(' ', el, f);
    if (t === 'img') {
      if (!hidden) this.text.collector()?.parts.push(' ' + (el.getAttribute('alt') ?? '') + ' ');
      return;
    }
    if (!hidden && isInteractive(el, style, parentStyle, this.measure.wrapsControl) && this.measure.hasBox(el)) return this.visitInteractive(el, t, f, style);
    // clipped to nothing: an overflow-hidden box without area shows none of its content
    if (style.overflow !== 'visible' && t !== 'body' && t !== 'html') {
      const r = this.measure.rectOf(el);
      if (r.width === 0 || r.height === 0) return;
    }
    this.visitContainer(el, t, f, style);
  }

  /** An element with an id: its text, gathered while its children are visited, becomes its name. */
  private visitInteractive(el: Element, t: string, f: Frame, style: CSSStyleDeclaration): void {
    this.text.flush();
    const item = this.push({ kind: 'el', el, id: idFor(el), role: roleOf(el), name: '', heading: 0, ...this.measure.place(el, f) });
    const c = { parts: [] as string[] };
    this.text.collectors.push(c);
    this.stack.push(() => {
      this.text.collectors.pop();
      const own = clip(collapse(c.parts.join('')), 150);
      item.name = authoredName(el) || own || fallbackName(el);
      if (own && own !== item.name) item.text = own;
    });
    if (!LEAF.has(t)) this.visitChildren(el, f, style);
  }

  /** Anything else: a block ends the line of text before and after it; a label gives its words to its control. */
  private visitContainer(el: Element, t: string, f: Frame, style: CSSStyleDeclaration): void {
    const display = style.display;
    const inCollector = this.text.collectors.length > 0;
    const block = !display.startsWith('inline') && display !== 'contents' && display !== 'table-cell';
    if (display === 'table-cell') this.text.add(' | ', el, f);
    else if (block) {
      this.text.flush();
      if (!inCollector) this.text.heading = headingLevel(el);
    }
    const control = t === 'label' ? (el as HTMLLabelElement).control : null;
    // a label's words become its control's name; saying them again as text wastes tokens
    const consumes = !!control && control !== el && !inCollector;
    if (consumes) this.text.consumed++;
    if (consumes || block) {
      this.stack.push(() => {
        if (consumes) this.text.consumed--;
        if (block) {
          if (this.text.collectors.length) this.text.add(' ', el, f);
          else this.text.flush();
        }
      });
    }
    if (!LEAF.has(t)) this.visitChildren(el, f, style);
  }

  private visitChildren(el: Element, f: Frame, style: CSSStyleDeclaration): void {
    const kids = this.childrenOf(el);
    for (let i = kids.length - 1; i >= 0; i--) this.stack.push({ node: kids[i]!, f, parentStyle: style });
  }

  private childrenOf(el: Element): ArrayLike<Node> {
    // a closed details shows only its summary
    if (tagOf(el) === 'details' && !(el as HTMLDetailsElement).open) return Array.from(el.children).filter((c) => tagOf(c) === 'summary');
    if (el.shadowRoot) {
      this.shadowRoots.push(el.shadowRoot);
      return el.shadowRoot.childNodes;
    }
    if (tagOf(el) === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      return assigned.length ? assigned : el.childNodes;
    }
    return el.childNodes;
  }

  /** A same-origin frame is walked inline, in its place; another origin's is one line saying so. */
  private visitFrame(el: Element, f: Frame): void {
    const r = this.measure.rectOf(el);
    if (r.width * r.height === 0) return;
    let doc: Document | null = null;
    try {
      doc = (el as HTMLIFrameElement).contentDocument;
    } catch {
      doc = null;
    }
    this.text.flush();
    if (doc && doc.body) {
      this.docs.push(doc);
      const s = styleOf(el);
      const inner: Frame = { dx: f.dx + r.left + el.clientLeft + parseFloat(s.paddingLeft), dy: f.dy + r.top + el.clientTop + parseFloat(s.paddingTop) };
      this.stack.push(this.text.flush);
      this.stack.push({ node: doc.body, f: inner, parentStyle: null });
      return;
    }
    let origin = '';
    try {
      origin = new URL((el as HTMLIFrameElement).src, el.baseURI).origin;
    } catch {
      origin = 'unknown';
    }
    this.push({ kind: 'frame', el, id: idFor(el), role: 'iframe', name: clip(collapse(el.getAttribute('title') ?? ''), 80), heading: 0, ...this.measure.place(el, f), origin });
  }
}
