import { inputType, tagOf } from './dom';
import { isSecretField } from '../../core/secrets';

/**
 * Fields whose value must never reach a prompt, a log or a recording: text fields (input,
 * textarea, contenteditable) that the shared vocabulary (src/core/secrets.ts) calls secret by
 * their type, autocomplete token, name, id, placeholder, aria-label or accessible name. Other
 * elements hold no typed value, so a "Token count" heading is never hidden.
 */
export function isSecret(el: Element, name = ''): boolean {
  // once secret, always: a page's "Show" button turns a password field into a plain text field
  // after the password was typed, and its value must not reach the next prompt
  if (onceSecret.has(el)) return true;
  const t = tagOf(el);
  if (t !== 'input' && t !== 'textarea' && !(el as HTMLElement).isContentEditable) return false;
  const secret = isSecretField({
    type: inputType(el),
    autocomplete: el.getAttribute('autocomplete') ?? '',
    name: el.getAttribute('name') ?? '',
    id: el.id,
    placeholder: el.getAttribute('placeholder') ?? '',
    ariaLabel: el.getAttribute('aria-label') ?? '',
    label: name,
  });
  if (secret) onceSecret.add(el);
  return secret;
}

/** The fields of this document that were ever judged secret. */
const onceSecret = new WeakSet<Element>();
