import type { Rect } from '../../shared/vision';
import { frameOffset } from '../executor/geometry';

/** An element's box in top-viewport CSS pixels (same-origin frames add their offset). */
export function viewportRect(el: Element): Rect {
  const r = el.getBoundingClientRect();
  const { dx, dy } = frameOffset(el);
  return { x: r.left + dx, y: r.top + dy, w: r.width, h: r.height };
}

/** The part of a box inside the viewport, or null when none of it is. */
export function onScreen(b: Rect, width: number, height: number): Rect | null {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  const w = Math.min(width, b.x + b.w) - x;
  const h = Math.min(height, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) } : null;
}

