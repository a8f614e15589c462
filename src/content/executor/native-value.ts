import { tagOf } from '../page-model/dom';
import { ActionError } from './errors';
import { fire } from './events';

/**
 * Sets a field's value the way frameworks notice. React and Vue keep their own copy of the value
 * and patch the element's value setter; calling the prototype's setter and then firing input
 * makes their change handlers see a real edit.
 */
export function setNativeValue(el: Element, value: string): void {
  const proto = Object.getPrototypeOf(el) as object;
  const desc = Object.getOwnPropertyDescriptor(proto, 'value') ?? findDescriptor(proto, 'value');
  if (!desc?.set) throw new ActionError('not_editable', `${tagOf(el)} has no value to set`);
  desc.set.call(el, value);
  fire(el, 'input', value);
  fire(el, 'change');
}

function findDescriptor(o: object | null, key: string): PropertyDescriptor | undefined {
  for (let p = o; p; p = Object.getPrototypeOf(p) as object | null) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d;
  }
  return undefined;
}
