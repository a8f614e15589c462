import { describe, expect, it } from 'vitest';
import { SECRET_NAME, isSecretField, secretKind, SECRET_AUTOCOMPLETE_TOKENS, fieldWords } from '../../../src/core/secrets';
import { secretVariable } from '../../../src/content/recorder/secret-variable';
import { sanitized } from '../../../src/background/recording/steps';
import { workflowFromChromeRecording } from '../../../src/workflows/chrome-recorder/import';
import type { DemoStep } from '../../../src/shared/demonstration';
import { SECRET_FIELDS, type SecretRow } from './secret-fields';

const show = (r: SecretRow) => JSON.stringify(r.facts);
const wordsOf = (r: SecretRow) => [r.facts.name, r.facts.id, r.facts.placeholder, r.facts.label, r.facts.ariaLabel].filter(Boolean).join(' ');
/** rows decided by words alone: what the callers that see no autocomplete or type can judge */
const byWords = SECRET_FIELDS.filter((r) => !r.facts.autocomplete && !r.facts.type);

describe('the one secrets module', () => {
  it.each(SECRET_FIELDS.map((r) => [show(r), r] as const))('%s', (_name, row) => {
    expect(secretKind(row.facts)).toBe(row.kind ?? undefined);
    expect(isSecretField(row.facts)).toBe(row.kind !== null);
  });

  it('the table covers every kind and keeps ordinary fields that look close', () => {
    const kinds = new Set(SECRET_FIELDS.map((r) => r.kind));
    for (const k of ['card_cvc', 'one_time_code', 'card_number', 'card_expiry', 'password', 'pin', 'ssn', 'api_key', 'seed_phrase', 'iban', 'routing_number', 'account_number', 'secret', 'security_answer', 'passport_number', 'national_id', 'tax_id', 'recovery_code']) {
      expect(kinds.has(k as SecretRow['kind'])).toBe(true);
    }
    expect(SECRET_FIELDS.filter((r) => r.kind === null).length).toBeGreaterThan(25);
    expect([...SECRET_AUTOCOMPLETE_TOKENS.keys()].sort()).toEqual(['cc-csc', 'cc-exp', 'cc-exp-month', 'cc-exp-year', 'cc-number', 'current-password', 'new-password', 'one-time-code']);
  });

  it('the name pattern reads raw names, ids and CSS paths as words', () => {
    for (const row of byWords) expect(SECRET_NAME.test(wordsOf(row)), show(row)).toBe(row.kind !== null);
    expect(fieldWords('socialSecurityNumber')).toBe('social security number');
    expect(fieldWords('APIKey')).toBe('api key');
    expect(SECRET_NAME.test('form > input#card-cvv')).toBe(true);
    expect(SECRET_NAME.test('form > input[type="password"]')).toBe(true);
    expect(SECRET_NAME.test('div.pinterest-share > input#opinion')).toBe(false);
  });
});

describe('every caller uses the same table', () => {
  it('the recorder names the variable by the kind', () => {
    for (const row of SECRET_FIELDS) {
      if (row.kind === null) continue;
      const v = secretVariable({ inputType: row.facts.type ?? 'text', autocomplete: row.facts.autocomplete ?? '', words: wordsOf(row) });
      expect(v, show(row)).toBe(row.kind);
    }
  });

  it('the service worker stores no value for a field its fingerprint shows secret, whatever the page said', () => {
    for (const row of byWords) {
      const step: DemoStep = {
        at: 1,
        url: 'https://shop.example/',
        title: 'Checkout',
        page: '',
        action: { kind: 'type', id: 4, value: '4111 1111 1111 1111', secret: false },
        target: { tag: 'input', role: 'textbox', name: row.facts.ariaLabel ?? '', css: 'input', xpath: '', frames: [], shadow: [], ...(row.facts.label ? { label: row.facts.label } : {}), ...(row.facts.name ? { nameAttr: row.facts.name } : {}), ...(row.facts.id ? { domId: row.facts.id } : {}), ...(row.facts.placeholder ? { placeholder: row.facts.placeholder } : {}) },
      };
      const out = sanitized(step);
      if (row.kind === null) expect(out, show(row)).toBe(step);
      else expect(out.action, show(row)).toEqual({ kind: 'type', id: 4, value: '', secret: true });
      if (row.kind !== null) expect(out.variable, show(row)).toBe(row.kind);
    }
  });

  it('the Chrome Recorder import keeps no typed value of a secret field', () => {
    for (const row of byWords) {
      const attr = row.facts.name ? `[name="${row.facts.name}"]` : row.facts.id ? `#${row.facts.id}` : `[placeholder="${row.facts.placeholder ?? ''}"]`;
      const selectors = row.facts.label ? [[`aria/${row.facts.label}`], [`input${attr}`]] : [[`input${attr}`]];
      const recording = {
        title: 't',
        steps: [
          { type: 'navigate', url: 'https://shop.example/' },
          { type: 'change', value: 'typed-by-person', selectors },
        ],
      };
      const out = workflowFromChromeRecording(recording, { id: 'w', now: 0 });
      expect(out.ok, show(row)).toBe(true);
      if (!out.ok) continue;
      const leaked = JSON.stringify(out.workflow).includes('typed-by-person');
      expect(leaked, show(row)).toBe(row.kind === null);
    }
  });
});
