import { inputType, tagOf } from './dom';
import { SECRET_NAME } from '../../shared/secret-names';

const SECRET_AUTOCOMPLETE = /\b(current-password|new-password|cc-number|cc-csc|cc-exp(-month|-year)?|one-time-code)\b/i;

/**
 * Fields whose value must never reach a prompt, a log or a recording. Errs on the side of
 * secrecy: a field merely named like a card number or one-time code counts.
 */
export function isSecret(el: Element, name = ''): boolean {
  const t = tagOf(el);
  if (t !== 'input' && t !== 'textarea' && !(el as HTMLElement).isContentEditable) return false;
  if (inputType(el) === 'password') return true;
  const ac = el.getAttribute('autocomplete') ?? '';
  if (SECRET_AUTOCOMPLETE.test(ac)) return true;
  const hay = [el.getAttribute('name'), el.id, el.getAttribute('placeholder'), el.getAttribute('aria-label'), name].join(' ');
  return SECRET_NAME.test(hay);
}
