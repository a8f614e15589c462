import { distanceOf, gridOf, regionOf, type Box, type Region, type Viewport } from './geometry';
import { CONTROL_SELECTOR } from './roles';

/** Where a frame's content sits in the top document's viewport. */
export interface Frame {
  dx: number;
  dy: number;
}

export interface Placement {
  region: Region;
  dist: number;
  grid: string;
}

/**
 * Layout reads for one walk, each made once. Nothing moves while the walk reads, and measuring an
 * inline box costs time in proportion to what it holds: a span around thousands of links was
 * measured again for every run of text between them, which made the walk quadratic.
 */
export class Measure {
  private rects = new Map<Element, DOMRect>();
  /** which elements hold a control, per tree (document or shadow root), found once per tree */
  private controlHolders = new Map<Node, Set<Element>>();

  constructor(private vp: Viewport) {}

  rectOf = (el: Element): DOMRect => {
    let r = this.rects.get(el);
    if (!r) {
      r = el.getBoundingClientRect();
      this.rects.set(el, r);
    }
    return r;
  };

  /** In one pass per tree; asking each pointer-cursor element's subtree instead is quadratic on nested ones. */
  wrapsControl = (el: Element): boolean => {
    const scope = el.getRootNode();
    let holders = this.controlHolders.get(scope);
    if (!holders) {
      holders = new Set();
      this.controlHolders.set(scope, holders);
      for (const c of Array.from((scope as ParentNode).querySelectorAll(CONTROL_SELECTOR))) {
        for (let p = c.parentElement; p && !holders.has(p); p = p.parentElement) holders.add(p);
      }
    }
    return holders.has(el);
  };

  place(el: Element, f: Frame): Placement {
    const r = this.rectOf(el);
    const b: Box = { x: r.left + f.dx, y: r.top + f.dy, w: r.width, h: r.height };
    return { region: regionOf(b, this.vp), dist: distanceOf(b, this.vp), grid: gridOf(b, this.vp) };
  }

  /**
   * Whether an interactive element can be seen or reached. A visually hidden native checkbox or
   * radio whose label shows counts: people click the label, and the executor does the same.
   */
  hasBox(el: Element): boolean {
    const r = this.rectOf(el);
    if (r.width > 0 && r.height > 0) return true;
    if (el.getClientRects().length > 1) return true;
    const labels = (el as HTMLInputElement).labels;
    if (labels) for (const l of Array.from(labels)) if (this.rectOf(l).width > 0) return true;
    // an inline wrapper around block content reports an empty box of its own
    for (const c of Array.from(el.children)) {
      const cr = this.rectOf(c);
      if (cr.width > 0 && cr.height > 0) return true;
    }
    return false;
  }
}
