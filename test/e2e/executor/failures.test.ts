import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTools, launch, openPage, root, serve, type Site } from '../page-model/harness';
import { tabBrowserOver, type TabBrowser } from '../../../src/background/executor/tab-browser';
import { playwrightPort } from '../../support/playwright-port';

// A page that turns the checked element into something else at the last moment: a relabel after
// the check, and a "Pay" button slid under the pointer as it arrives, or as "Next" is pressed.
const SWAP = `<title>Swap</title><p id=log></p>
<button id=next style="position:absolute;left:20px;top:20px;width:120px;height:40px">Next</button>
<button id=pay style="position:absolute;left:20px;top:120px;width:120px;height:40px" onclick="document.getElementById('log').textContent='PAID'" onpointerdown="document.getElementById('log').textContent='PRESSED'">Pay $900</button>
<script>
  addEventListener('pointermove', () => { if (window.slide) document.getElementById('pay').style.top = '20px'; });
  addEventListener('mousedown', (e) => { if (window.coverOnPress && e.target.id === 'next') document.getElementById('pay').style.top = '20px'; });
</script>`;

const WIDGETS = readFileSync(join(root, 'test/fixtures/pages/widgets.html'), 'utf8');

let browser: Browser;
let site: Site;
let page: Page;
let cdp: CDPSession;
let b: TabBrowser;
let idOf: (domId: string) => Promise<number>;
beforeAll(async () => {
  await buildTools();
  [browser, site] = await Promise.all([launch(), serve({ '/widgets': WIDGETS, '/next': '<title>Next</title><h1>Next page</h1><button>Continue</button>' })]);
  site.routes.set('/swap', () => SWAP);
  site.routes.set('/slow', () => new Promise((r) => setTimeout(() => r('<h1>Slow page</h1>'), 400)));
  page = await openPage(browser);
  cdp = await page.context().newCDPSession(page);
  b = tabBrowserOver(playwrightPort(page, cdp));
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});
beforeEach(async () => {
  await page.goto(`${site.a}/widgets`, { waitUntil: 'load' });
  await b.snapshot({ budget: 0 });
  idOf = (domId) =>
    page.evaluate((d) => {
      const el = document.getElementById(d)!;
      return window.CopilotPageTools.find({ limit: 100 }).find((f) => window.CopilotPageTools.resolve(f.id) === el)!.id;
    }, domId);
});

test('a covered element names what covers it, and is not clicked', async () => {
  const r = await b.act({ kind: 'click', id: await idOf('covered'), button: 'left', modifiers: [] });
  expect(r).toEqual({ ok: false, code: 'covered', message: expect.stringContaining('covered by div#overlay.cookie-banner "Accept cookies"') });
  expect(await page.textContent('#log')).toBe('log:');
});

test('disabled, read-only, hidden, detached and unknown ids each fail with their own code', async () => {
  expect(await b.act({ kind: 'click', id: await idOf('disabled'), button: 'left', modifiers: [] })).toMatchObject({ ok: false, code: 'disabled' });
  expect(await b.act({ kind: 'type', id: await idOf('ro'), text: 'x', mode: 'replace' })).toMatchObject({ ok: false, code: 'not_editable' });
  expect(await b.act({ kind: 'type', id: await idOf('trusted'), text: 'x', mode: 'replace' })).toMatchObject({ ok: false, code: 'not_editable' });
  // a menu item seen while its menu was open, clicked after the menu closed
  await page.evaluate(() => (document.getElementById('menu')!.style.display = 'block'));
  const menu = await page.evaluate(() => window.CopilotPageTools.find({ text: 'Profile' })[0]!.id);
  await page.evaluate(() => (document.getElementById('menu')!.style.display = 'none'));
  expect(await b.act({ kind: 'click', id: menu, button: 'left', modifiers: [] })).toMatchObject({ ok: false, code: 'hidden' });
  const dbl = await idOf('dbl');
  await page.evaluate(() => document.getElementById('dbl')!.remove());
  expect(await b.act({ kind: 'click', id: dbl, button: 'left', modifiers: [] })).toMatchObject({ ok: false, code: 'detached' });
  expect(await b.act({ kind: 'hover', id: 9999 })).toMatchObject({ ok: false, code: 'unknown_id' });
  expect(await b.describe(9999)).toBeNull();
});

test('a click that follows a link reports the navigation, and the next snapshot is of the new page', async () => {
  const r = await b.act({ kind: 'click', id: await idOf('next'), button: 'left', modifiers: [] });
  expect(r).toMatchObject({ ok: true, change: { kind: 'navigation', url: `${site.a}/next` } });
  const s = await b.snapshot({ budget: 0 });
  expect(s.text).toBe('# Next page\n<button id=1>Continue</button>');
  const back = await b.act({ kind: 'back' });
  expect(back).toMatchObject({ ok: true, change: { kind: 'navigation', url: `${site.a}/widgets` } });
  const nav = await b.act({ kind: 'navigate', url: `${site.b}/next` });
  expect(nav).toMatchObject({ ok: true, change: { kind: 'navigation', url: `${site.b}/next` } });
  expect(await b.act({ kind: 'navigate', url: 'javascript:alert(1)' })).toMatchObject({ ok: false, code: 'blocked' });
});

test('a page that navigates away in the middle of typing reports navigated_away, and the caller can carry on', async () => {
  const r = await b.act({ kind: 'type', id: await idOf('leaver'), text: 'hello', mode: 'replace' });
  expect(r).toMatchObject({ ok: false, code: 'navigated_away' });
  const s = await b.snapshot({ budget: 0 });
  expect(s.url).toBe(`${site.a}/slow`);
  expect(s.text).toBe('# Slow page');
});

test('describe gives the safety gate structured facts', async () => {
  const info = await b.describe(await idOf('submit'));
  expect(info).toMatchObject({ id: expect.any(Number), tag: 'button', role: 'button', name: 'Send', label: '', text: 'Send', secret: false, formAction: `${site.a}/widgets`, formMethod: 'get' });
  expect(info?.line).toMatch(/^<button id=\d+>Send<\/button>$/);
  expect(info?.facts).toEqual(expect.any(String));
  const link = await b.describe(await idOf('next'));
  expect(link).toMatchObject({ tag: 'a', role: 'link', name: 'Next page', href: `${site.a}/next` });
});

test("a button's form posts where its form says, unless its own formaction says otherwise", async () => {
  // a button's formAction property is the page's own address when it has no formaction attribute:
  // read as the target, a Go button of a form to /do/transfer was judged as loading the page it is on
  await page.goto(`${site.a}/next`, { waitUntil: 'load' });
  await page.setContent(`<form method="get" action="/do/transfer"><select name="op"><option>Balance</option></select><button id="go">Go</button><button id="own" formaction="/do/pay" formmethod="post">Pay later</button></form>`);
  await b.snapshot({ budget: 0 });
  expect(await b.describe(await idOf('go'))).toMatchObject({ formAction: `${site.a}/do/transfer`, formMethod: 'get' });
  expect(await b.describe(await idOf('own'))).toMatchObject({ formAction: `${site.a}/do/pay`, formMethod: 'post' });
});

test('an element relabelled after the gate judged it is not acted on', async () => {
  await page.goto(`${site.a}/swap`, { waitUntil: 'load' });
  await b.snapshot({ budget: 0 });
  const id = (await b.find({ text: 'Next' }))[0]!.id;
  const judged = (await b.describe(id))!;
  expect(judged).toMatchObject({ text: 'Next' });
  await page.evaluate(() => (document.getElementById('next')!.textContent = 'Pay $900'));
  const r = await b.act({ kind: 'click', id, button: 'left', modifiers: [] }, judged.facts);
  expect(r).toMatchObject({ ok: false, code: 'changed' });
  expect(r.ok ? '' : r.message).toMatch(/now reads "Pay \$900"/);
  // the fresh facts are what the gate sees next time
  expect(await b.describe(id)).toMatchObject({ text: 'Pay $900' });
});

test('a button slid under the pointer between the check and the click is neither pressed nor clicked', async () => {
  await page.goto(`${site.a}/swap`, { waitUntil: 'load' });
  await page.evaluate(() => ((window as unknown as { slide: boolean }).slide = true));
  await b.snapshot({ budget: 0 });
  const id = (await b.find({ text: 'Next' }))[0]!.id;
  const judged = (await b.describe(id))!;
  const r = await b.act({ kind: 'click', id, button: 'left', modifiers: [] }, judged.facts);
  // nothing was pressed: reported as covered, which a caller may aim again (a replay does)
  expect(r).toMatchObject({ ok: false, code: 'covered' });
  expect(r.ok ? '' : r.message).toMatch(/landed on <button> "Pay \$900"/);
  expect(await page.locator('#log').textContent()).toBe('');
});

test('a layer the page puts under the pointer as the press arrives is its answer to a delivered press: the action is done, and the layer gets no click', async () => {
  await page.goto(`${site.a}/swap`, { waitUntil: 'load' });
  await page.evaluate(() => ((window as unknown as { coverOnPress: boolean }).coverOnPress = true));
  await b.snapshot({ budget: 0 });
  const id = (await b.find({ text: 'Next' }))[0]!.id;
  const judged = (await b.describe(id))!;
  const r = await b.act({ kind: 'click', id, button: 'left', modifiers: [] }, judged.facts);
  // "Next" took the press; the release and the click landed on "Pay $900", which the gate never saw
  expect(r).toMatchObject({ ok: true });
  expect(await page.evaluate(() => document.getElementById('pay')!.style.top)).toBe('20px');
  expect(await page.locator('#log').textContent()).toBe('');
});
