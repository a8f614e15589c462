import { inputType, tagOf } from '../page-model/dom';
import { lookup } from '../page-model/ids';
import { isSecret } from '../page-model/secrets';

export interface FieldFacts {
  value?: string;
  checked: boolean | null;
  filled: boolean;
}

/** A field's value and checked state after a step; a secret's value never leaves the page. */
export function fieldState(id: number): FieldFacts | null {
  const found = lookup(id);
  if (!found.ok) return null;
  const el = found.el;
  const t = tagOf(el);
  const ty = inputType(el);
  let checked: boolean | null = null;
  if (t === 'input' && (ty === 'checkbox' || ty === 'radio')) checked = (el as HTMLInputElement).checked;
  else if (el.hasAttribute('aria-checked')) checked = el.getAttribute('aria-checked') === 'true';
  else if (el.hasAttribute('aria-pressed')) checked = el.getAttribute('aria-pressed') === 'true';
  let value: string | undefined;
  if (t === 'input' || t === 'textarea' || t === 'select') value = (el as HTMLInputElement).value;
  else if ((el as HTMLElement).isContentEditable) value = (el as HTMLElement).innerText;
  const filled = !!value;
  if (isSecret(el)) return { checked, filled };
  return value === undefined ? { checked, filled } : { value, checked, filled };
}
