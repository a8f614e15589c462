import type { z } from 'zod';
import type { SelectAction } from '../../shared/action';
import { collapse, isDisabled, tagOf } from '../page-model/dom';
import { ActionError, resolveOrThrow } from './errors';
import { fire, pointerSequence } from './events';
import { bestIndex, listOptions, matchOptions } from './options';
import { waitQuiet } from './settle';
import { locate } from './target';

/** Picks options of a native select by label or value; the selection events are what a person's pick fires. */
export function selectNative(el: HTMLSelectElement, id: number, values: string[]): void {
  if (isDisabled(el)) throw new ActionError('disabled', `element ${id} is disabled`);
  const opts = Array.from(el.options);
  const labels = opts.map((o) => collapse(o.label || o.text));
  const picked = values.map((v) => {
    const i = bestIndex(labels, v, opts.map((o) => o.value));
    if (i < 0) throw new ActionError('option_not_found', `element ${id} has no option "${v}"; options are: ${listOptions(labels)}`);
    if (opts[i]!.disabled) throw new ActionError('disabled', `option "${labels[i]}" of element ${id} is disabled`);
    return opts[i]!;
  });
  if (!el.multiple && picked.length > 1) throw new ActionError('unsupported', `element ${id} takes one option, got ${picked.length}`);
  if (el.multiple) for (const o of opts) o.selected = picked.includes(o);
  else {
    // through the prototype's setter, so frameworks that wrap `value` still see the change
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
    if (setter) setter.call(el, picked[0]!.value);
    else el.value = picked[0]!.value;
  }
  fire(el, 'input');
  fire(el, 'change');
}

export function isNativeSelect(el: Element): el is HTMLSelectElement {
  return tagOf(el) === 'select';
}

/** Custom dropdowns are operated as a person does: open by clicking, then click each option. */
export async function select(a: z.output<typeof SelectAction>): Promise<void> {
  const el = resolveOrThrow(a.id);
  if (isNativeSelect(el)) {
    await locate(a.id, 'pointer', { still: false });
    selectNative(el, a.id, a.values);
    return;
  }
  const t = await locate(a.id, 'pointer');
  pointerSequence(t.hitTarget, t.x, t.y);
  (t.hitTarget as HTMLElement).click();
  await waitQuiet(80, 1500);
  for (const option of matchOptions(el, a.values)) {
    const r = option.getBoundingClientRect();
    pointerSequence(option, r.left + r.width / 2, r.top + r.height / 2);
    (option as HTMLElement).click();
  }
}
