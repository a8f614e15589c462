import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTools, launch, openPage, root, serve, type Site } from '../page-model/harness';
import { tabBrowserOver, type TabBrowser } from '../../../src/background/executor/tab-browser';
import type { BrowserAction } from '../../../src/shared/action';
import { playwrightPort } from '../../support/playwright-port';

const WIDGETS = readFileSync(join(root, 'test/fixtures/pages/widgets.html'), 'utf8');

let browser: Browser;
let site: Site;
let page: Page;
let cdp: CDPSession;
beforeAll(async () => {
  await buildTools();
  [browser, site] = await Promise.all([launch(), serve({ '/widgets': WIDGETS, '/next': '<title>Next</title><h1>Next page</h1>' })]);
  site.routes.set('/slow', () => new Promise((r) => setTimeout(() => r('<h1>Slow page</h1>'), 400)));
  page = await openPage(browser);
  cdp = await page.context().newCDPSession(page);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens the widget page and returns the id the page model gave to the element with this DOM id. */
async function open(): Promise<(domId: string) => Promise<number>> {
  await page.goto(`${site.a}/widgets`, { waitUntil: 'load' });
  const snap = await page.evaluate(() => window.CopilotPageTools.snapshot({ budget: 0 }));
  expect(snap.elementCount).toBeGreaterThan(10);
  return (domId) =>
    page.evaluate((d) => {
      const el = document.getElementById(d)!;
      const found = window.CopilotPageTools.find({ limit: 100 }).find((f) => window.CopilotPageTools.resolve(f.id) === el);
      if (!found) throw new Error('no id for #' + d);
      return found.id;
    }, domId);
}

const text = (sel: string) => page.locator(sel).textContent();

for (const mode of ['trusted', 'dom'] as const) {
  describe(`${mode} input`, () => {
    let b: TabBrowser;
    let idOf: (domId: string) => Promise<number>;
    beforeEach(async () => {
      b = tabBrowserOver(playwrightPort(page, mode === 'trusted' ? cdp : null));
      idOf = await open();
    });
    const act = async (a: BrowserAction) => {
      const r = await b.act(a);
      if (!r.ok) throw new Error(`${a.kind} failed: ${r.code} ${r.message}`);
      return r;
    };

    test('type into a controlled input, replace and append, then clear', async () => {
      const id = await idOf('controlled');
      await act({ kind: 'type', id, text: 'Boston', mode: 'replace' });
      expect(await text('#echo')).toBe('state:Boston');
      await act({ kind: 'type', id, text: ' MA', mode: 'append' });
      expect(await text('#echo')).toBe('state:Boston MA');
      const plain = await idOf('plain');
      await act({ kind: 'type', id: plain, text: 'new', mode: 'replace' });
      expect(await page.inputValue('#plain')).toBe('new');
      await act({ kind: 'clear', id: plain });
      expect(await page.inputValue('#plain')).toBe('');
      await act({ kind: 'type', id: await idOf('notes'), text: 'line one', mode: 'replace' });
      expect(await page.inputValue('#notes')).toBe('line one');
      await act({ kind: 'type', id: await idOf('date'), text: '2025-03-12', mode: 'replace' });
      expect(await page.inputValue('#date')).toBe('2025-03-12');
    });

    test('click, double click, hover', async () => {
      const r = await act({ kind: 'click', id: await idOf('trusted'), button: 'left', modifiers: [] });
      expect(r.change.kind).toBe('dom');
      expect(await text('#log')).toBe(mode === 'trusted' ? 'log: trusted-click' : 'log: synthetic-click');
      await act({ kind: 'double_click', id: await idOf('dbl') });
      expect(await text('#log')).toContain('dblclick');
      const h = await act({ kind: 'hover', id: await idOf('hover-me') });
      expect(h.change.kind).toBe('dom');
      expect(await page.isVisible('#menu')).toBe(true);
    });

    test('select: native single and multi, custom dropdown, option not found lists the options', async () => {
      await act({ kind: 'select', id: await idOf('cls'), values: ['Business'] });
      expect(await page.inputValue('#cls')).toBe('b');
      await act({ kind: 'select', id: await idOf('extras'), values: ['Meal', 'lounge'] });
      expect(await text('#log')).toContain('extras=Meal+Lounge');
      await act({ kind: 'select', id: await idOf('combo'), values: ['Denver'] });
      expect(await text('#combo')).toBe('Denver');
      const bad = await b.act({ kind: 'select', id: await idOf('cls'), values: ['Premium'] });
      expect(bad).toEqual({ ok: false, code: 'option_not_found', message: expect.stringContaining('options are: "Economy", "Business", "First"') });
    });

    test('a date input and a native select below the fold, aimed at first: scrolled to and set, with no trusted input used', async () => {
      await page.evaluate(() => {
        const spacer = Object.assign(document.createElement('div'), { style: 'height: 3000px' });
        document.body.append(spacer, document.getElementById('date')!.closest('label')!, document.getElementById('cls')!.closest('label')!);
      });
      const inView = (sel: string) => page.locator(sel).evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight);
      // the debugger is not asked for: a control that gets its value set needs no trusted input
      const port = playwrightPort(page, mode === 'trusted' ? cdp : null);
      let debuggerAsked = 0;
      const noInput = tabBrowserOver({ ...port, input: () => (debuggerAsked++, port.input()) });
      const cases: [BrowserAction, string, string][] = [
        [{ kind: 'type', id: await idOf('date'), text: '2026-12-24', mode: 'replace' }, '#date', '2026-12-24'],
        [{ kind: 'select', id: await idOf('cls'), values: ['First'] }, '#cls', 'f'],
      ];
      for (const [action, sel, want] of cases) {
        await page.evaluate(() => scrollTo(0, 0));
        expect(await inView(sel)).toBe(false);
        const aimed = await noInput.aim(action);
        const r = await noInput.act(action, aimed?.info?.facts, aimed ?? undefined);
        expect(r.ok, JSON.stringify(r)).toBe(true);
        expect(await page.inputValue(sel)).toBe(want);
        expect(await inView(sel)).toBe(true);
      }
      // with trusted input: asked once per aim, never by the act (DOM-level input asks each time and gets none)
      expect(debuggerAsked).toBe(mode === 'trusted' ? 2 : 4);
    });

    test('check and uncheck; a radio is not unchecked by clicking', async () => {
      const agree = await idOf('agree');
      await act({ kind: 'check', id: agree, checked: true });
      expect(await page.isChecked('#agree')).toBe(true);
      const again = await act({ kind: 'check', id: agree, checked: true });
      expect(again.change.kind).toBe('none');
      await act({ kind: 'check', id: agree, checked: false });
      expect(await page.isChecked('#agree')).toBe(false);
      await act({ kind: 'check', id: await idOf('r2'), checked: true });
      expect(await page.isChecked('#r2')).toBe(true);
      expect(await b.act({ kind: 'check', id: await idOf('r2'), checked: false })).toMatchObject({ ok: false, code: 'unsupported' });
    });

    test('press: Enter submits, Tab moves focus, arrows repeat, Control+A then Backspace', async () => {
      const plain = await idOf('plain');
      await act({ kind: 'press', id: plain, keys: 'Enter', repeat: 1 });
      expect(await text('#submitted')).toBe('submitted old');
      await act({ kind: 'press', keys: 'Tab', repeat: 1 });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('notes');
      const keys = await idOf('keys');
      await act({ kind: 'press', id: keys, keys: 'ArrowDown', repeat: 3 });
      await act({ kind: 'press', id: keys, keys: 'Escape', repeat: 1 });
      const mark = mode === 'trusted' ? '' : '?';
      expect(await text('#keylog')).toBe(`ArrowDown${mark} ArrowDown${mark} ArrowDown${mark} Escape${mark} `);
      await act({ kind: 'press', id: plain, keys: 'Control+A', repeat: 1 });
      await act({ kind: 'press', keys: 'Backspace', repeat: 1 });
      expect(await page.inputValue('#plain')).toBe('');
    });

    test('scroll the page, an element, and an element into view; wait for text', async () => {
      const down = await act({ kind: 'scroll', direction: 'down', amount: 300 });
      expect(down.change.summary).toBe('scrolled the page down by 300px');
      expect(await page.evaluate(() => scrollY)).toBe(300);
      // an element inside a scrollable box scrolls that box
      const inside = await page.evaluate(() => window.CopilotPageTools.find({ text: 'scroll inside' })[0]!.id);
      await act({ kind: 'scroll', id: inside, direction: 'down', amount: 50 });
      expect(await page.evaluate(() => document.getElementById('scroller')!.scrollTop)).toBe(50);
      const bottom = await page.evaluate(() => window.CopilotPageTools.find({ text: 'Bottom of the page' })[0]!.id);
      await act({ kind: 'scroll', id: bottom, direction: 'into_view' });
      expect(await page.evaluate(() => { const r = document.getElementById('bottom')!.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
      await act({ kind: 'click', id: await idOf('later'), button: 'left', modifiers: [] });
      const w = await act({ kind: 'wait', text: 'Loaded results', gone: false, timeoutMs: 3000 });
      expect(w.change.summary).toMatch(/text "Loaded results" is there/);
      expect(await b.act({ kind: 'wait', text: 'Never shown', gone: false, timeoutMs: 300 })).toMatchObject({ ok: false, code: 'timeout' });
    });
  });
}
