import type { z } from 'zod';
import type { CheckAction } from '../../shared/action';
import { inputType, tagOf } from '../page-model/dom';
import { ActionError } from './errors';
import { pointerSequence } from './events';
import { locate } from './target';

export function checkedState(el: Element): boolean | null {
  if (tagOf(el) === 'input' && ['checkbox', 'radio'].includes(inputType(el))) return (el as HTMLInputElement).checked;
  const aria = el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed') ?? el.getAttribute('aria-selected');
  if (aria === 'true' || aria === 'mixed') return true;
  if (aria === 'false') return false;
  return null;
}

/** Whether clicking is needed to reach the wanted state; throws when clicking cannot get there. */
export function needsClick(el: Element, id: number, wanted: boolean): boolean {
  const state = checkedState(el);
  if (state === null) throw new ActionError('unsupported', `element ${id} is not a checkbox, radio or switch; use click`);
  if (state === wanted) return false;
  if (!wanted && (inputType(el) === 'radio' || el.getAttribute('role') === 'radio')) {
    throw new ActionError('unsupported', `radio button ${id} is unchecked by choosing another option of its group`);
  }
  return true;
}

export async function check(a: z.output<typeof CheckAction>): Promise<void> {
  const t = await locate(a.id, 'check');
  if (!needsClick(t.el, a.id, a.checked)) return;
  pointerSequence(t.hitTarget, t.x, t.y);
  (t.hitTarget as HTMLElement).click();
  await new Promise((r) => setTimeout(r, 0));
  if (checkedState(t.el) !== a.checked) throw new ActionError('internal', `clicking element ${a.id} did not change its state; the page may need another control`);
}
