import { inputType, tagOf } from './dom';
import { isSecretField } from '../../core/secrets';

/**
 * Fields whose value must never reach a prompt, a log or a recording: text fields (input,
 * textarea, contenteditable) that the shared vocabulary (src/core/secrets.ts) calls secret by
 * their type, autocomplete token, name, id, placeholder, aria-label or accessible name. Other
 * elements hold no typed value, so a "Token count" heading is never hidden.
 */
export function isSecret(el: Element, name = ''): boolean {
  const t = tagOf(el);
  if (t !== 'input' && t !== 'textarea' && !(el as HTMLElement).isContentEditable) return false;
  return isSecretField({
    type: inputType(el),
    autocomplete: el.getAttribute('autocomplete') ?? '',
    name: el.getAttribute('name') ?? '',
    id: el.id,
    placeholder: el.getAttribute('placeholder') ?? '',
    ariaLabel: el.getAttribute('aria-label') ?? '',
    label: name,
  });
}
