import type { ElementInfo } from '../../shared/page';
import { describeElement } from '../page-model/describe';
import { checkedState, needsClick } from './check';
import { editKind, placeCaret, type EditKind } from './editable';
import { ActionError, failure, resolveOrThrow } from './errors';
import { idFor } from '../page-model/ids';
import { isNativeSelect } from './select';
import { matchOptions } from './options';
import { arm, isUnloading } from './settle';
import { locate, type Purpose } from './target';
import { armGuard, checkGuard, disarmGuard } from './guard';
import { outlineActing } from '../overlay/overlay';

// The content side of trusted input: the service worker asks where to click, sends real input
// through the debugger, then asks the page to settle. These helpers answer the page's part.

export type Failed = ReturnType<typeof failure>;

function guardUnload(): void {
  if (isUnloading()) throw new ActionError('navigated_away', 'the page started loading another document in the middle of the action');
}

export interface TargetParams {
  id: number;
  purpose: Purpose;
  /** for check: the wanted state, so an element already in it is not clicked */
  checked?: boolean;
  /** the facts the safety gate judged (see ./guard.ts) */
  guard?: string;
  /** send the element's facts with the point, for the gate to judge; the input that follows is guarded by them */
  describe?: boolean;
}

/** native: a control the page's own input does not drive: a native select's popup is drawn outside the page; a date, color or range input opens a picker and takes a value */
export type TargetReply = { ok: true; x: number; y: number; skip: boolean; native: 'select' | 'value' | null; info?: ElementInfo } | Failed;

/**
 * How long a guard armed with facts not yet judged waits for its input: the executor reuses the
 * point for 1 s, and the agent ends the guard at once when the gate does not let the action through.
 */
const UNJUDGED_GUARD_MS = 1_500;

/**
 * Arms the guard for the input about to come: with the facts the gate judged, or, asked to
 * describe the element, with the facts read now, which end by themselves if no input comes.
 * Returns those facts when it read them.
 */
function guardInput(el: Element, p: TargetParams, editing: boolean): ElementInfo | undefined {
  const info = p.describe ? describeElement(el, p.id) : undefined;
  if (info) armGuard(el, p.guard ?? info.facts, p.id, editing, p.guard === undefined ? UNJUDGED_GUARD_MS : undefined);
  else armGuard(el, p.guard, p.id, editing);
  return info;
}

/** Arms the change recorder, then scrolls the element into view and hit-tests it. */
export async function target(p: TargetParams): Promise<TargetReply> {
  try {
    disarmGuard();
    guardUnload();
    arm();
    const el = resolveOrThrow(p.id);
    checkGuard(el, p.guard, p.id);
    const edit = p.purpose === 'edit' ? editKind(el, p.id) : null;
    // a date, color or range input gets its value set, and a native select its option, not a
    // click: no point to aim at, and no frame to wait for the element to hold still (the page's
    // own action locates it as it sets the value)
    const native = edit === 'value' ? 'value' : p.purpose === 'choose' && isNativeSelect(el) ? 'select' : null;
    if (native) {
      const info = guardInput(el, p, native === 'value');
      outlineActing(el);
      return { ok: true, x: 0, y: 0, skip: false, native, ...(info ? { info } : {}) };
    }
    const t = await locate(p.id, p.purpose);
    // checked again after scrolling and waiting for the element to hold still, then kept armed
    // until the input has landed
    checkGuard(el, p.guard, p.id);
    // described now, after the scroll: the facts the gate will judge are the ones the input is guarded by
    const info = guardInput(el, p, p.purpose === 'edit');
    if (p.purpose === 'focus') (el as HTMLElement).focus({ preventScroll: true });
    outlineActing(t.hitTarget);
    const skip = p.purpose === 'check' ? !needsClick(el, p.id, p.checked ?? true) : false;
    return { ok: true, x: t.x, y: t.y, skip, native: isNativeSelect(el) ? 'select' : null, ...(info ? { info } : {}) };
  } catch (e) {
    return failure(e);
  }
}

export type EditReply = { ok: true; kind: EditKind } | Failed;

/** After the trusted click on a field: make sure it has focus and select what typing replaces. */
export function prepareEdit(p: { id: number; mode: 'replace' | 'append' }): EditReply {
  try {
    guardUnload();
    const el = resolveOrThrow(p.id);
    const kind = editKind(el, p.id);
    placeCaret(el, p.mode);
    return { ok: true, kind };
  } catch (e) {
    return failure(e);
  }
}

export type OptionsReply = { ok: true; ids: number[] } | Failed;

/** After a custom dropdown was opened: the ids of the options to click. */
export function optionIds(p: { id: number; values: string[] }): OptionsReply {
  try {
    guardUnload();
    const el = resolveOrThrow(p.id);
    return { ok: true, ids: matchOptions(el, p.values).map(idFor) };
  } catch (e) {
    return failure(e);
  }
}

export function stateOf(p: { id: number }): { ok: true; checked: boolean | null } | Failed {
  try {
    return { ok: true, checked: checkedState(resolveOrThrow(p.id)) };
  } catch (e) {
    return failure(e);
  }
}
