import { isDisabled, styleOf, tagOf } from '../page-model/dom';
import { existingId } from '../page-model/ids';
import { lineOf } from '../page-model/format';
import { roleOf } from '../page-model/roles';
import { ActionError, resolveOrThrow } from './errors';
import { composedContains, deepElementFromPoint, describeElement, frameOffset } from './geometry';

export interface TargetPoint {
  el: Element;
  /** what receives the pointer: the element itself, or the label of a visually hidden control */
  hitTarget: Element;
  x: number;
  y: number;
}

/** choose: a select action's element, aimed at as for a pointer (see prepare.ts `target`) */
export type Purpose = 'pointer' | 'choose' | 'hover' | 'edit' | 'check' | 'focus';

function visibleBox(el: Element): DOMRect | null {
  if (!(el as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: false })) return null;
  const rects = Array.from(el.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
  return rects[0] ?? null;
}

/** A visually hidden checkbox or radio is operated through its label, as people do. */
function pointerStandIn(el: Element): Element | null {
  const labels = (el as HTMLInputElement).labels;
  if (!labels) return null;
  for (const l of Array.from(labels)) if (visibleBox(l)) return l;
  return null;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * Where to put the pointer to act on element `id`: scrolls it into view, waits until it stops
 * moving, and hit-tests the point so a covering element (a cookie banner, a modal backdrop) is
 * reported instead of silently clicked. `still: false` for a control that gets its value set
 * (a date, color or range input, a native select): no pointer goes to the point, so there is no
 * frame to wait for it to hold still; it is still scrolled to, checked and hit-tested, as a
 * person would have to reach it.
 */
export async function locate(id: number, purpose: Purpose, opts: { still?: boolean } = {}): Promise<TargetPoint> {
  const el = resolveOrThrow(id);
  let hitTarget = el;
  if (!visibleBox(el)) {
    const standIn = pointerStandIn(el);
    if (!standIn) {
      const why = styleOf(el).display === 'none' || !(el as HTMLElement).checkVisibility?.() ? 'is hidden' : 'has no size on screen';
      throw new ActionError('hidden', `element ${id} ${why}; it may appear after another action (open its menu or section first)`);
    }
    hitTarget = standIn;
  }
  if (purpose !== 'hover' && purpose !== 'focus' && isDisabled(el)) throw new ActionError('disabled', `element ${id} is disabled: ${lineOf({ kind: 'el', el, id, role: roleOf(el), name: '', heading: 0, region: 'in', dist: 0, grid: '', order: 0 })}`);

  let box = visibleBox(hitTarget)!;
  const view = hitTarget.ownerDocument.defaultView ?? window;
  const inView = box.top >= 0 && box.left >= 0 && box.bottom <= view.innerHeight && box.right <= view.innerWidth;
  const { dx, dy } = frameOffset(hitTarget);
  const topInView = box.top + dy >= 0 && box.bottom + dy <= window.innerHeight && box.left + dx >= 0 && box.right + dx <= window.innerWidth;
  const scrolled = !inView || !topInView || clippedByScroller(hitTarget, box);
  if (scrolled) hitTarget.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  // wait for the element to hold still (transitions, sticky headers settling after a scroll): one
  // frame without moving for an element that was already in view, two after a scroll
  const frames = opts.still === false ? 0 : 6;
  for (let i = 0; i < frames; i++) {
    await nextFrame();
    const b = visibleBox(hitTarget);
    if (!b) throw new ActionError('hidden', `element ${id} disappeared while scrolling to it`);
    const still = Math.abs(b.top - box.top) < 1 && Math.abs(b.left - box.left) < 1;
    box = b;
    if (still && (i > 0 || !scrolled)) break;
  }
  // not waited for: where the scroll put it, read now (reading forces the layout)
  if (!frames && scrolled) box = visibleBox(hitTarget) ?? box;
  if (!el.isConnected) throw new ActionError('detached', `element ${id} was removed while scrolling to it`);
  const off = frameOffset(hitTarget);
  const x = Math.round(box.left + off.dx + Math.min(box.width / 2, Math.max(1, box.width - 1)));
  const y = Math.round(box.top + off.dy + Math.min(box.height / 2, Math.max(1, box.height - 1)));
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
    throw new ActionError('hidden', `element ${id} cannot be brought into the viewport`);
  }
  const hit = deepElementFromPoint(x, y);
  if (!accepts(el, hitTarget, hit)) {
    const coverId = hit ? existingId(hit) : undefined;
    const what = hit ? describeElement(hit) + (coverId ? ` (id ${coverId})` : '') : 'nothing';
    throw new ActionError('covered', `element ${id} is covered by ${what}; close or dismiss that first`);
  }
  return { el, hitTarget, x, y };
}

/** Inside the window but scrolled out of sight in a scroll box (the 16th option of a long menu). */
function clippedByScroller(el: Element, box: DOMRect): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!/auto|scroll|hidden/.test(s.overflowX + s.overflowY)) continue;
    const r = p.getBoundingClientRect();
    if (box.top < r.top || box.bottom > r.bottom || box.left < r.left || box.right > r.right) return true;
  }
  return false;
}

function accepts(el: Element, hitTarget: Element, hit: Element | null): boolean {
  if (!hit) return false;
  if (composedContains(el, hit) || composedContains(hitTarget, hit)) return true;
  // a click on a control's label reaches the control
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const l of Array.from(labels)) if (composedContains(l, hit)) return true;
  // a label wrapping the hit point whose control is el
  const label = hit.closest('label');
  if (label && (label as HTMLLabelElement).control === el) return true;
  return tagOf(hit) === 'label' && (hit as HTMLLabelElement).control === el;
}
