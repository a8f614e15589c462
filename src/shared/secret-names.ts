/**
 * Words that mark a field as holding a secret (password, card number, CVC, one-time code, PIN,
 * SSN, token), in its name, label, id or autocomplete. One list, used by the page model (which
 * never shows such a value), the recorder and the Chrome Recorder import (which never store one).
 */
export const SECRET_NAME = /(passw|passcode|pwd|\bpin\b|card.?num|cc.?num|credit.?card|\bcvc|\bcvv|\bcsc\b|security.?code|\botp\b|one.?time|verification.?code|\bssn\b|secret|token)/i;
