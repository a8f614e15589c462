import type { z } from 'zod';
import type { ClickAtAction } from '../../shared/action';
import { pointerSequence } from './events';
import { composedParent, deepElementFromPoint } from './geometry';
import { ActionError } from './errors';
import { existingId } from '../page-model/ids';

function hitAt(a: { x: number; y: number }): Element {
  const hit = deepElementFromPoint(a.x, a.y);
  if (!hit) throw new ActionError('hidden', `nothing is at ${Math.round(a.x)},${Math.round(a.y)}`);
  return hit;
}

/**
 * The element a click_at point names: the nearest element under it that the page model gave an id
 * (a point on the text inside a button is that button), else what is there (a canvas). The gate
 * judges it and the executor checks it again before acting.
 */
export function elementAt(a: { x: number; y: number }): Element {
  const hit = hitAt(a);
  for (let n: Node | null = hit; n; n = composedParent(n)) {
    if (n.nodeType === 1 && existingId(n as Element) !== undefined) return n as Element;
  }
  return hit;
}

/** DOM-level click at a viewport point (used only when trusted input is not available). */
export function clickAt(a: z.output<typeof ClickAtAction>): void {
  const hit = hitAt(a);
  const view = hit.ownerDocument.defaultView ?? window;
  pointerSequence(hit, a.x, a.y);
  // a canvas reads the point from the click event itself, so the event carries it
  hit.dispatchEvent(new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view, clientX: a.x, clientY: a.y, button: 0, detail: 1 }));
}
