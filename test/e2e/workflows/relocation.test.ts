// Replay's resolver on pairs of small pages, before and after a redesign, in one Chromium: the
// target is fingerprinted on the old page with the recorder's own code and resolved on the new
// one with the resolver the content script runs. Each failure kind found on real redesigns has a
// pair: the three that acted on the wrong element must now refuse (or find the right one), and
// the kinds that refused what a person finds at once must now be found.
import type { Browser, Page } from 'playwright-core';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, root } from '../page-model/harness';

let browser: Browser;
let page: Page;
let tools: string;

async function buildRelocateTools(): Promise<string> {
  const { build } = await import('vite');
  const out = await mkdtemp(join(tmpdir(), 'relocate-tools-'));
  try {
    await build({
      root, configFile: false, logLevel: 'error',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { outDir: out, emptyOutDir: true, target: 'chrome116', lib: { entry: join(root, 'src/content/replay/relocate-tools.ts'), formats: ['iife'], name: 'RelocateTools', fileName: () => 'tools.js' } },
    });
    return await readFile(join(out, 'tools.js'), 'utf8');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  [browser, tools] = await Promise.all([launch(), buildRelocateTools()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});

interface Outcome {
  /** the data-truth attribute of the element acted on, '' for another element, null for a refusal */
  picked: string | null;
  message: string;
}

const doc = (body: string) => `<!doctype html><html><head><style>body{margin:0;font:15px sans-serif;width:1200px}</style></head><body>${body}</body></html>`;

/** Fingerprints [data-target] on the old page and resolves it on the new one; the right element there carries data-truth. */
async function relocate(oldBody: string, newBody: string): Promise<Outcome> {
  await page.setContent(doc(oldBody));
  await page.addScriptTag({ content: tools });
  const fp = await page.evaluate(() => {
    const el = document.querySelector('[data-target]')!;
    el.removeAttribute('data-target');
    return (window as unknown as { RelocateTools: { fingerprint(el: Element): unknown } }).RelocateTools.fingerprint(el);
  });
  await page.setContent(doc(newBody));
  await page.addScriptTag({ content: tools });
  return page.evaluate((recorded) => {
    const t = (window as unknown as { RelocateTools: { resolve(fp: unknown): { ok: boolean; id?: number; message?: string }; element(id: number): Element | null } }).RelocateTools;
    const r = t.resolve(recorded);
    if (!r.ok) return { picked: null, message: r.message ?? '' };
    return { picked: t.element(r.id!)?.getAttribute('data-truth') ?? '', message: '' };
  }, fp);
}

const landing = (cta: string, extraLower = '') => `
  <header><a href="/" class="logo">Acme</a><nav><a href="/pricing">Pricing</a> <a href="/login">Sign in</a></nav></header>
  <main><section class="hero"><h1>Plan and ship</h1>${cta}<a href="/demo">Book a demo</a></section>
  <section><h2>Features</h2><p>Sync, audit trail, single sign-on.</p></section>${extraLower}</main>`;

describe('relocating a recorded element after a redesign', () => {
  it('refuses a renamed link when its old name now belongs to another link lower down, naming both', async () => {
    const before = landing('<a href="/signup?trial=30" class="btn" data-target>Try free for 30 days</a>');
    const after = landing('<a href="/signup?trial=30" class="btn" data-truth="renamed">Start your free trial</a>', '<section><h2>Still unsure?</h2><a href="/signup?trial=30">Try free for 30 days</a></section>');
    const r = await relocate(before, after);
    expect(r.picked).toBeNull();
    expect(r.message).toContain('Start your free trial');
    expect(r.message).toContain('Try free for 30 days');
  });

  it('finds a logo link that gained a tagline, never the link with the old name further down', async () => {
    const before = landing('<a href="/signup">Get started</a>').replace('class="logo"', 'class="logo" data-target');
    const after = landing('<a href="/signup">Get started</a>', '<footer><p><a href="/">Acme</a></p></footer>').replace('>Acme</a><nav', ' data-truth="logo"><span>Acme</span> <small>Work, in step</small></a><nav');
    const r = await relocate(before, after);
    // it sits where the logo was and still carries "Acme"; the footer's "Acme" is elsewhere
    expect(r.picked).toBe('logo');
  });

  it('finds a clicked list item among list items, never a same-named link elsewhere', async () => {
    const list = (mark: string) => `<h1>Inbox</h1><ul><li>Lunch on Friday?</li><li ${mark}>Quarterly report draft</li><li>Invoice 4821</li></ul>`;
    const r = await relocate(list('data-target'), `<aside><a href="/search?q=report">Quarterly report draft</a></aside>${list('data-truth="item"')}`);
    expect(r.picked).toBe('item');
    // the same item with its words in two runs of text (a bold word first): this one used to click the link
    const bold = (mark: string) => `<h1>Inbox</h1><ul><li>Lunch on Friday?</li><li ${mark}><b>Quarterly</b> report draft</li></ul>`;
    const r2 = await relocate(bold('data-target'), `<aside><a href="/search?q=report">Quarterly report draft</a></aside>${bold('data-truth="item"')}`);
    expect(r2.picked).toBe('item');
  });

  it('finds clicks recorded on a heading, a span and a table cell after class churn and new wrappers', async () => {
    const card = (h: string, s: string) => `<div class="plan-a1"><h3 ${h}>Team</h3><span class="price" ${s}>$20</span><button>Choose plan</button></div>`;
    const r1 = await relocate(`<h2>Pricing</h2>${card('data-target', '')}${card('', '').replace(/Team/, 'Starter')}`, `<h2>Pricing</h2><div class="x9"><div class="y2">${card('data-truth="h"', '')}</div></div>${card('', '').replace(/Team/, 'Starter')}`);
    expect(r1.picked).toBe('h');
    const r2 = await relocate(`<h2>Pricing</h2>${card('', 'data-target')}`, `<h2>Pricing</h2><div class="q">${card('', 'data-truth="s"')}</div>`);
    expect(r2.picked).toBe('s');
    const table = (mark: string) => `<table><tr><th>Name</th><th>Owner</th></tr><tr><td>Apollo</td><td ${mark}>Ana Silva</td></tr><tr><td>Borealis</td><td>Ben Carter</td></tr></table>`;
    const r3 = await relocate(table('data-target'), `<div class="wrap">${table('data-truth="cell"')}</div>`);
    expect(r3.picked).toBe('cell');
  });

  it('finds a relabelled control by its id where it was, and a relabelled link by its address where it was', async () => {
    const form = (label: string, mark: string) => `<form><h2>Profile</h2><label for="n">Name</label><input id="n"><button id="save-profile" ${mark}>${label}</button> <button>Cancel</button></form>`;
    expect((await relocate(form('Save changes', 'data-target'), form('Update profile', 'data-truth="save"'))).picked).toBe('save');
    const r = await relocate(landing('<a href="/signup?trial=30" data-target>Try free for 30 days</a>'), landing('<a href="/signup?trial=30" data-truth="cta">Start your free trial</a>'));
    expect(r.picked).toBe('cta');
  });

  it('tells apart same-named buttons by the row they sit in after the rows are reordered', async () => {
    const row = (name: string, mark = '') => `<tr><td><a href="/p/${name}">${name}</a></td><td>Active</td><td><button ${mark}>Edit</button></td></tr>`;
    const r = await relocate(`<h1>Projects</h1><table>${row('Apollo')}${row('Borealis', 'data-target')}${row('Cascade')}</table>`, `<h1>Projects</h1><table>${row('Cascade')}${row('Apollo')}${row('Borealis', 'data-truth="edit"')}</table>`);
    expect(r.picked).toBe('edit');
  });

  it('tells apart same-named links by the block around them (no list item, no heading), and never takes the one that only sits where the recorded one was', async () => {
    const office = (city: string, line: string, mark = '') => `<div class="office"><p>${city}</p><p>${line}</p><a href="/contact" ${mark}>Contact us</a></div>`;
    const before = `<h1>Offices</h1><div class="list">${office('Leeds', 'Open 9 to 5')}${office('York', 'Open 8 to 4', 'data-target')}</div>`;
    const r = await relocate(before, `<h1>Offices</h1><div class="list offices">${office('Leeds', 'Open 9 to 5')}${office('York', 'Open 8 to 6', 'data-truth="york"')}</div>`);
    expect(r.picked).toBe('york');
    const swapped = await relocate(before, `<h1>Offices</h1><div class="list">${office('York', 'Open 8 to 4', 'data-truth="york"')}${office('Leeds', 'Open 9 to 5')}</div>`);
    expect(swapped.picked === 'york' || swapped.picked === null).toBe(true);
  });

  it('finds a menu link whose page moved to another folder, by its words and its place', async () => {
    // the sidebar's pages regrouped into folders: "general.html" is now "../forms/general.html", same words, same place
    const menu = (prefix: string, mark: string) => `<aside><nav><ul><li><a href="${prefix}index.html">Dashboard</a></li><li><a href="${prefix}general.html" ${mark}>General Elements</a></li><li><a href="${prefix}advanced.html">Advanced Elements</a></li></ul></nav></aside><main><h1>Forms</h1></main>`;
    expect((await relocate(menu('', 'data-target'), menu('../forms/', 'data-truth="general"'))).picked).toBe('general');
  });

  it('refuses when the recorded link is gone and another with its words leads elsewhere, or its row is gone', async () => {
    const r1 = await relocate(landing('<a href="/tour" data-target>Take the tour</a>'), landing('', '<p><a href="/tour-2019">Take the tour</a></p>'));
    expect(r1.picked).toBeNull();
    // the same words under a page of the same file name in another folder, elsewhere on the page: another link
    const r3 = await relocate(landing('<a href="/tour" data-target>Take the tour</a>'), landing('', '<footer><p><a href="/archive/tour">Take the tour</a></p></footer>'));
    expect(r3.picked).toBeNull();
    // a control removed and another built the same way in its slot: another control, whatever its place says
    const actions = (last: string, mark = '') => `<h1>Files</h1><div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" ${mark}><i class="fa fa-${last.toLowerCase()}"></i> ${last}</button></div>`;
    expect((await relocate(actions('Trash', 'data-target'), actions('Archive'))).picked).toBeNull();
    const channel = (label: string, mark = '') => `<div class="channel"><h2>Cooking</h2><button class="sub-btn" ${mark}>${label}</button></div>`;
    expect((await relocate(channel('Unsubscribe', 'data-target'), channel('Subscribe'))).picked).toBeNull();
    // a toolbar's icon button gone: the one beside it, built alike, now in its slot, is not it
    const toolbar = (icons: string[], mark = '') => `<div class="toolbar">${icons.map((i) => `<button class="tb-btn" ${i === 'italic' ? mark : ''}><i class="fa fa-${i}"></i></button>`).join('')}</div><p contenteditable>Text</p>`;
    expect((await relocate(toolbar(['bold', 'italic', 'underline'], 'data-target'), toolbar(['bold', 'underline']))).picked).toBeNull();
    // the product gone from the grid: the next one's "Add to cart" in its slot is not it
    const grid = (names: string[], mark = '') => `<h1>Mugs</h1><div class="grid">${names.map((n) => `<div class="card"><h3>${n}</h3><span>$12</span><button class="add-to-cart" ${n === 'Red mug' ? mark : ''}>Add to cart</button></div>`).join('')}</div>`;
    expect((await relocate(grid(['Red mug', 'Blue mug', 'Green mug'], 'data-target'), grid(['Blue mug', 'Green mug']))).picked).toBeNull();
    const row = (name: string, from: string, mark = '') => `<li><span ${mark}>${from}</span> <span>${name}</span></li>`;
    const r2 = await relocate(`<h1>Inbox</h1><ul>${row('Invoice', 'Ivan Petrov')}${row('Reset', 'Ivan Petrov', 'data-target')}</ul>`, `<h1>Inbox</h1><ul>${row('Invoice', 'Ivan Petrov')}</ul>`);
    expect(r2.picked).toBeNull();
  });
  it('refuses a candidate whose context names another thing: a dialog about another thing, another amount, another account in the slot', async () => {
    const dialog = (title: string, mark = '') => `<main><h1>Workspace</h1></main><div role="dialog" aria-modal="true"><h2>${title}</h2><p>This cannot be undone.</p><div><button>Cancel</button><button class="danger" ${mark}>Delete</button></div></div>`;
    expect((await relocate(dialog('Delete project Apollo?', 'data-target'), dialog('Delete invoice 2041?'))).picked).toBeNull();
    expect((await relocate(dialog('Delete project Apollo?', 'data-target'), dialog('Delete the project Apollo', 'data-truth="same"'))).picked).toBe('same');
    const pay = (label: string, mark = '') => `<form><h2>Checkout</h2><button type="submit" id="pay" ${mark}>${label}</button></form>`;
    const changed = await relocate(pay('Pay $10', 'data-target'), pay('Pay $100'));
    expect(changed.picked).toBeNull();
    expect(changed.message).toContain('amount');
    expect((await relocate(pay('Pay $10', 'data-target'), pay('Pay $10.00', 'data-truth="pay"'))).picked).toBe('pay');
    const account = (name: string, num: string, bal: string, mark = '') => `<section><div class="account"><h3>${name}</h3><span>${num}</span><span>${bal}</span><button ${mark}>Transfer</button></div></section>`;
    expect((await relocate(account('Everyday Checking', '1234', '$5,210.00', 'data-target'), account('Holiday Savings', '5678', '$820.00'))).picked).toBeNull();
    expect((await relocate(account('Everyday Checking', '1234', '$5,210.00', 'data-target'), account('Everyday Checking', '1234', '$4,980.15', 'data-truth="same"'))).picked).toBe('same');
  });
});
