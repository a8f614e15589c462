import { frameElementOf, isElement, styleOf, tagOf } from '../page-model/dom';

/** Offset of el's frame within the top viewport, adding up every same-origin frame on the way. */
export function frameOffset(el: Element): { dx: number; dy: number } {
  let dx = 0;
  let dy = 0;
  let frame = frameElementOf(el);
  while (frame) {
    const r = frame.getBoundingClientRect();
    const s = styleOf(frame);
    dx += r.left + frame.clientLeft + parseFloat(s.paddingLeft);
    dy += r.top + frame.clientTop + parseFloat(s.paddingTop);
    frame = frameElementOf(frame);
  }
  return { dx, dy };
}

/** Walks up the composed tree: through shadow hosts and out of same-origin frames. */
export function composedParent(n: Node): Node | null {
  if (n.parentNode && n.parentNode.nodeType !== 11) return n.parentNode;
  const root = n.getRootNode();
  if ((root as ShadowRoot).host) return (root as ShadowRoot).host;
  if (root.nodeType === 9) return frameElementOf((root as Document).documentElement ?? (n as Element));
  return null;
}

export function composedContains(outer: Element, inner: Node | null): boolean {
  for (let n: Node | null = inner; n; n = composedParent(n)) if (n === outer) return true;
  return false;
}

/** The element really under a top-viewport point, looking into shadow roots and same-origin frames. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let doc: Document = document;
  let ox = 0;
  let oy = 0;
  let hit: Element | null = doc.elementFromPoint(x, y);
  for (let guard = 0; hit && guard < 32; guard++) {
    if (hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x - ox, y - oy);
      if (inner && inner !== hit) {
        hit = inner;
        continue;
      }
    }
    if (tagOf(hit) === 'iframe' || tagOf(hit) === 'frame') {
      let inner: Document | null = null;
      try {
        inner = (hit as HTMLIFrameElement).contentDocument;
      } catch {
        inner = null;
      }
      if (inner) {
        const r = hit.getBoundingClientRect();
        const s = styleOf(hit);
        ox += r.left + hit.clientLeft + parseFloat(s.paddingLeft);
        oy += r.top + hit.clientTop + parseFloat(s.paddingTop);
        doc = inner;
        const next = doc.elementFromPoint(x - ox, y - oy);
        if (next) {
          hit = next;
          continue;
        }
      }
    }
    break;
  }
  return hit;
}

/** A short description of an element for error messages: `div.modal-backdrop "Accept cookies"`. */
export function describeElement(el: Element): string {
  const id = el.id ? '#' + el.id : '';
  const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `${tagOf(el)}${id}${cls}${text ? ` "${text}"` : ''}`;
}

export const isEl = isElement;
