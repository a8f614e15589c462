// The variable a secret field's value becomes, so that replay knows what to ask the person for.
// Pure (no DOM): the caller passes the field's attributes and accessible name.
import { secretKind } from '../../core/secrets';

export interface SecretHints {
  inputType: string;
  autocomplete: string;
  /** name, id, placeholder, aria-label and accessible name, joined */
  words: string;
}

/** The kind of secret (src/core/secrets.ts) names the variable; a field known secret for another reason is "secret". */
export function secretVariable(h: SecretHints): string {
  return secretKind({ type: h.inputType, autocomplete: h.autocomplete, label: h.words }) ?? 'secret';
}
