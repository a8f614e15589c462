import { describe, expect, it } from 'vitest';
import { SECRET_TEXT_WORDS, secretKind } from '../../../src/core/secrets';
import { SecretVault, TEXT_SECRET_NAMES } from '../../../src/agent/safety/secrets';

// The chat's text check and the field check share one vocabulary (src/core/secrets.ts): these fail
// when a word is added to one side only.
const kinds = Object.keys(SECRET_TEXT_WORDS) as (keyof typeof SECRET_TEXT_WORDS)[];
/** Words a message counts with another kind than a field named by them would be. */
const READ_AS: Record<string, string> = { pin: 'pin', passcode: 'password' };

describe('the secret words of a message and of a field', () => {
  it('every word the text check knows names a secret field, of the same kind', () => {
    for (const kind of kinds) {
      for (const word of SECRET_TEXT_WORDS[kind]) expect(secretKind({ label: word }), `${kind}: ${word}`).toBe(READ_AS[word] ?? kind);
    }
  });

  it('every word of a kind found by its word hides the value written after it, under that kind', () => {
    // a value of the shape each kind has; a bank code has 6 to 9 digits
    const sample = (kind: string) => (kind === 'routing_number' ? '601613' : kind === 'card_expiry' ? '08/29' : '4829');
    for (const kind of kinds.filter((k) => k !== 'card_number')) {
      for (const word of SECRET_TEXT_WORDS[kind]) {
        const masked = new SecretVault().mask(`my ${word} is ${sample(kind)} thanks`);
        expect(masked, `${kind}: ${word}`).toBe(`my ${word} is «${TEXT_SECRET_NAMES[kind]}» thanks`);
      }
    }
  });

  it('a word written without its accents still finds the value', () => {
    expect(new SecretVault().mask('contrasena: Gato77')).toBe('contrasena: «password»');
    expect(new SecretVault().mask('numero de passeport: 12AB34567')).toBe('numero de passeport: «passport number»');
  });

  it('a bare answer to a question asking for any kind by any of its words is that kind', () => {
    for (const kind of kinds) {
      for (const word of SECRET_TEXT_WORDS[kind]) {
        expect(new SecretVault().maskAnswer(`What is your ${word}?`, 'x9y8z7'), `${kind}: ${word}`).toBe(`«${TEXT_SECRET_NAMES[kind]}»`);
      }
    }
  });

  it('every kind of the text check has a placeholder name', () => {
    expect(Object.keys(TEXT_SECRET_NAMES).sort()).toEqual([...kinds].sort());
  });
});
