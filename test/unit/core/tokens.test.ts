import { describe, expect, it } from 'vitest';
import { countTokens as countBpe } from 'gpt-tokenizer/encoding/o200k_base';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokensOf } from '../../../src/core/tokens';

const ROOT = join(import.meta.dirname, '../../..');
// the docs quote special tokens such as <|endoftext|>: they are ordinary text here
const countTokens = (text: string) => countBpe(text, { disallowedSpecial: new Set() });
const corpus: [string, string][] = [
  ...readdirSync(join(ROOT, 'prompts')).map((f): [string, string] => [`prompts/${f}`, readFileSync(join(ROOT, 'prompts', f), 'utf8')]),
  ...['page-model.md', 'agent.md', 'executor.md'].map((f): [string, string] => [`docs/${f}`, readFileSync(join(ROOT, 'docs', f), 'utf8')]),
  [
    'page model',
    [
      '<h1>Find flights</h1>',
      '<input id=7 label="From" value="Boston" required>',
      '<input id=8 label="To" placeholder="City or airport">',
      '<select id=9 label="Passengers"><option selected>1</option><option>2</option></select>',
      '<button id=12>Search flights</button>',
      '<a id=13 href="/booking/find?ref=QX7RTA">Find a booking</a>',
      '<input id=14 type=checkbox label="Return trip" checked>',
    ].join('\n'),
  ],
];

describe('token estimate used by the service worker', () => {
  it('stays within 15% of o200k on each prompt, doc and page model of the project', () => {
    for (const [name, text] of corpus) {
      const real = countTokens(text);
      const est = tokensOf(text);
      expect(Math.abs(est - real) / real, `${name}: estimate ${est}, o200k ${real}`).toBeLessThan(0.15);
    }
  });

  it('is within 5% over the whole corpus', () => {
    const all = corpus.map(([, t]) => t).join('\n');
    const real = countTokens(all);
    expect(Math.abs(tokensOf(all) - real) / real).toBeLessThan(0.05);
  });

  it('counts digits, non-Latin text and empty strings sensibly', () => {
    expect(tokensOf('')).toBe(0);
    expect(tokensOf('4111 1111 1111 1111')).toBeGreaterThanOrEqual(countTokens('4111 1111 1111 1111') - 2);
    expect(tokensOf('東京から大阪まで')).toBeGreaterThanOrEqual(countTokens('東京から大阪まで'));
  });
});
