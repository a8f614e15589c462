import { expect, test } from 'vitest';
import { load, snap, useToolsPage } from './harness';

const { page } = useToolsPage();

const LIST = `<ul id=list><li><button id=b1>One</button></li><li><button id=b2>Two</button></li><li><button id=b3>Three</button></li></ul><p id=status>Ready</p>`;

test('ids survive mutations around their elements; new elements and new text are marked', async () => {
  await load(page, LIST);
  const first = await snap(page);
  expect(first.text).toBe('<button id=1>One</button>\n<button id=2>Two</button>\n<button id=3>Three</button>\nReady');
  await page.evaluate(() => {
    const list = document.getElementById('list')!;
    list.insertAdjacentHTML('afterbegin', '<li><button id=b0>Zero</button></li>');
    document.getElementById('b2')!.closest('li')!.remove();
    document.getElementById('status')!.textContent = 'Saved';
    document.getElementById('b3')!.textContent = 'Three!';
  });
  const second = await snap(page);
  expect(second.text).toBe('<button id=4 new>Zero</button>\n<button id=1>One</button>\n<button id=3>Three!</button>\n(new) Saved');
  // a third snapshot with no change marks nothing
  expect((await snap(page)).text).toBe('<button id=4>Zero</button>\n<button id=1>One</button>\n<button id=3>Three!</button>\nSaved');
  const ids = await page.evaluate(() => [1, 3, 4].map((id) => window.CopilotPageTools.resolve(id)?.id));
  expect(ids).toEqual(['b1', 'b3', 'b0']);
});

test('a removed element reports detached; an id never issued reports unknown', async () => {
  await load(page, LIST);
  await snap(page);
  await page.evaluate(() => document.getElementById('b2')!.remove());
  const r = await page.evaluate(async () => [await window.CopilotPageTools.act({ kind: 'click', id: 2, button: 'left', modifiers: [] }), await window.CopilotPageTools.act({ kind: 'click', id: 99, button: 'left', modifiers: [] })]);
  expect(r[0]).toMatchObject({ ok: false, code: 'detached' });
  expect(r[1]).toMatchObject({ ok: false, code: 'unknown_id' });
});

test('an element that disappears and comes back keeps its id and is marked new again', async () => {
  await load(page, `<button id=t onclick="document.getElementById('m').hidden = !document.getElementById('m').hidden">Menu</button><div id=m hidden><a href="#a">Account</a></div>`);
  expect((await snap(page)).text).toBe('<button id=1>Menu</button>');
  await page.click('#t');
  expect((await snap(page)).text).toBe('<button id=1>Menu</button>\n<a id=2 new>Account</a>');
  await page.click('#t');
  expect((await snap(page)).text).toBe('<button id=1>Menu</button>');
  await page.click('#t');
  expect((await snap(page)).text).toBe('<button id=1>Menu</button>\n<a id=2 new>Account</a>');
});
