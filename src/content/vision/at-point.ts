import type { ElementInfo } from '../../shared/page';
import { describe } from '../page-model/describe';
import { existingId, idFor } from '../page-model/ids';
import { elementAt } from '../executor/click-at';
import { ActionError, failure } from '../executor/errors';
import { armGuard, checkGuard, disarmGuard } from '../executor/guard';
import { arm as armChanges, isUnloading } from '../executor/settle';

export type AtReply = { ok: true; info: ElementInfo } | ReturnType<typeof failure>;

/**
 * The element at a viewport point, for `click_at`: the gate judges it, the timeline and reflection
 * name it, and the executor checks it has not changed before the trusted click lands. A point on
 * the text inside a button is that button (the nearest element the page model gave an id); a
 * point on a canvas is the canvas.
 */
export function atPoint(p: { x: number; y: number; arm?: boolean; guard?: string }): AtReply {
  try {
    if (p.x < 0 || p.y < 0 || p.x >= window.innerWidth || p.y >= window.innerHeight) {
      throw new ActionError('hidden', `the point ${Math.round(p.x)},${Math.round(p.y)} is outside the visible area (${window.innerWidth}x${window.innerHeight})`);
    }
    const el = elementAt(p);
    const id = existingId(el) ?? idFor(el);
    const d = describe(id);
    if (!d.ok) throw new ActionError(d.code, d.message);
    if (p.arm) {
      if (isUnloading()) throw new ActionError('navigated_away', 'the page started loading another document');
      disarmGuard();
      armChanges();
      // the click must land on what the gate judged; a page that slides something under the point is refused
      checkGuard(el, p.guard, id);
      armGuard(el, p.guard, id, false);
    }
    return { ok: true, info: d.info };
  } catch (e) {
    return failure(e);
  }
}
