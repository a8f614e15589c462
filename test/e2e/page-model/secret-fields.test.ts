import { describe, expect, test } from 'vitest';
import { load, snap, useToolsPage } from './harness';
import { SECRET_FIELDS } from '../../unit/core/secret-fields';

const { page } = useToolsPage();

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

describe('the page model hides the value of every secret field of the shared table', () => {
  test('secret rows show value=(filled), ordinary rows show their value', async () => {
    const fields = SECRET_FIELDS.map((row, i) => {
      const f = row.facts;
      const attrs = [
        `type="${esc(f.type ?? 'text')}"`,
        `value="VALUE${i}X"`,
        f.autocomplete ? `autocomplete="${esc(f.autocomplete)}"` : '',
        f.name ? `name="${esc(f.name)}"` : '',
        `id="${esc(f.id ?? `field-${i}`)}"`,
        f.placeholder ? `placeholder="${esc(f.placeholder)}"` : '',
        f.ariaLabel ? `aria-label="${esc(f.ariaLabel)}"` : '',
      ].filter(Boolean);
      const input = `<input ${attrs.join(' ')}>`;
      return `<div>${f.label ? `<label>${esc(f.label)} ${input}</label>` : input}</div>`;
    });
    await load(page, `<title>Form</title><form>${fields.join('\n')}</form>`);
    const text = (await snap(page, { budget: 0 })).text;
    SECRET_FIELDS.forEach((row, i) => {
      const shown = text.includes(`VALUE${i}X`);
      expect(shown, JSON.stringify(row.facts)).toBe(row.kind === null);
    });
    expect(text.match(/value=\(filled\)/g)?.length).toBe(SECRET_FIELDS.filter((r) => r.kind !== null).length);
  });
});

test("a password field the page turns into a text field (a Show button) keeps its value hidden", async () => {
  // unlabelled on purpose: once it is type=text nothing else says it is secret
  await load(page, `<title>Sign in</title><form><input type="password" id="f1"><button type="button" onclick="document.getElementById('f1').type='text'">Show</button></form>`);
  expect((await snap(page, { budget: 0 })).text).toContain('value=(empty)');
  await page.fill('#f1', 'hunter2-secret');
  await page.click('button');
  expect(await page.getAttribute('#f1', 'type')).toBe('text');
  const text = (await snap(page, { budget: 0 })).text;
  expect(text).not.toContain('hunter2-secret');
  expect(text).toContain('value=(filled)');
});
