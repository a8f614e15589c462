import { expect, test } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { load, snap, useToolsPage } from './harness';

const { page } = useToolsPage();

const words = ['Home', 'About', 'Pricing', 'Blog', 'Careers', 'Press', 'Support', 'Status', 'Legal', 'Privacy'];
const LONG = `<h1>Store</h1><form><label>Search <input id=q></label><button>Go</button></form>
  ${Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} about products and prices, with enough words to cost tokens.</p>`).join('')}
  <section><h2>Refund policy</h2><button id=refund>Request a refund</button></section>
  ${Array.from({ length: 120 }, (_, i) => `<a href="/p${i}">${words[i % 10]} ${i}</a><br>`).join('')}`;

test('over budget: the viewport first, whole lines only, a summary of the rest, exact token count', async () => {
  await load(page, LONG);
  const full = await snap(page, { budget: 0 });
  expect(full.truncated).toBe(false);
  const s = await snap(page, { budget: 300 });
  expect(s.truncated).toBe(true);
  expect(s.tokens).toBeLessThanOrEqual(300);
  expect(s.tokens).toBe(countTokens(s.text));
  const fullLines = new Set(full.text.split('\n'));
  for (const line of s.text.split('\n')) {
    // every line is either a whole line of the full model or a marker/summary
    expect(fullLines.has(line) || /^\(\d+ more .*\)$|^-- .* --$/.test(line)).toBe(true);
  }
  expect(s.text.startsWith('# Store\n<input id=1 label="Search">\n<button id=2>Go</button>\nParagraph 0')).toBe(true);
  expect(s.text).toMatch(/\n\(\d+ more texts here to below: Paragraph \d+ about…, /);
  expect(s.text).toMatch(/\n\(121 more below: 120 links, 1 button: Request a refund, Home 0, About 1, Pricing 2, Blog 3, Careers 4, …\)$/);
  expect(s.text).not.toContain('<button id=3>');
});

test('task-relevant elements are kept even far below the viewport', async () => {
  await load(page, LONG);
  const s = await snap(page, { budget: 300, task: 'ask for a refund of my order' });
  expect(s.tokens).toBeLessThanOrEqual(300);
  expect(s.text).toContain('<button id=3>Request a refund</button>');
  expect(s.text).toContain('## Refund policy');
});

test('hideIds leaves the disabled set out; find searches beyond the budget', async () => {
  await load(page, LONG);
  const s = await snap(page, { budget: 200, hideIds: [2] });
  expect(s.text).not.toContain('<button id=2>');
  const found = await page.evaluate(() => window.CopilotPageTools.find({ text: 'careers 1' }));
  expect(found.map((f) => f.line)).toEqual(['<a id=18>Careers 14</a>', '<a id=108>Careers 104</a>', '<a id=118>Careers 114</a>']);
  expect(found.every((f) => !f.inViewport)).toBe(true);
  const byRole = await page.evaluate(() => window.CopilotPageTools.find({ role: 'button', text: 'refund' }));
  expect(byRole).toEqual([{ id: 3, line: '<button id=3>Request a refund</button>', inViewport: false }]);
  const text = await page.evaluate(() => window.CopilotPageTools.find({ text: 'Paragraph 150' }));
  expect(text).toHaveLength(1);
  const back = await page.evaluate((id) => window.CopilotPageTools.resolve(id)?.textContent, text[0]!.id);
  expect(back).toContain('Paragraph 150 about');
});
