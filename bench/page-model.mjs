// Page model and executor benchmark, called by bench/run.mjs (or alone: node bench/page-model.mjs).
// Page model: serializer time (median, measured from Node like the reference), tokens with the
// budget off, and coverage (every visible interactive element carries an id and its name, checked
// against the DOM independently of the serializer), beside Playwright's ariaSnapshot({mode:'ai'}).
// Executor: gold action sequences on a widget page through the service worker's action runner
// with trusted CDP input; success rate and median time per action, settling excluded.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firefoxSnapshots } from './firefox.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toolsPath = join(root, 'dist-tools/page-tools.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A realistic page of about n elements: navigation, product cards, forms, tables, hidden menus. */
export function generatePage(n) {
  const parts = ['<header><nav>'];
  for (let i = 0; i < 12; i++) parts.push(`<a href="/c${i}">Category ${i}</a>`);
  parts.push('</nav><div class="menu" style="display:none"><a href="/x">Hidden</a></div></header><main><h1>Catalogue</h1>');
  let count = 20;
  let i = 0;
  while (count < n) {
    if (i % 25 === 0) {
      parts.push(`<section><h2>Section ${i / 25}</h2><p>Browse our <b>selection</b> of items, updated <em>daily</em> with new arrivals and offers.</p>`);
      count += 5;
    }
    if (i % 40 === 7) {
      parts.push(`<form class="f"><div class="row"><label for="q${i}">Search</label><input id="q${i}" placeholder="Keywords"></div><div class="row"><label>Sort <select><option>Relevance</option><option>Price</option></select></label></div><label><input type=checkbox> In stock only</label><button>Apply</button></form>`);
      count += 11;
    }
    if (i % 60 === 30) {
      parts.push('<table><thead><tr><th>Size</th><th>Price</th><th>Stock</th></tr></thead><tbody>');
      for (let r = 0; r < 5; r++) parts.push(`<tr><td>${r + 36}</td><td>$${r * 3 + 20}</td><td>${r * 2}</td></tr>`);
      parts.push('</tbody></table>');
      count += 29;
    }
    parts.push(`<div class="card"><div class="img"><img src="data:," alt="Photo of item ${i}" width=40 height=40></div><div class="body"><h3><a href="/p${i}">Item ${i} classic edition</a></h3><p class="desc">A durable item with <span>free shipping</span>.</p><div class="price"><span class="cur">$</span><span>${(i * 7) % 300}</span></div><button class="add" aria-label="Add item ${i} to cart"><svg width=10 height=10><path d="M0 0h10v10z"/></svg></button><span class="badge" style="display:none">Sale</span></div></div>`);
    count += 16;
    if (i % 25 === 24) parts.push('</section>');
    i++;
  }
  parts.push('</main><footer><p>© Shop</p></footer>');
  return `<!doctype html><title>Generated ${n}</title><body>${parts.join('')}</body>`;
}

/** Coverage, checked in the page without the serializer's own naming code. */
function coverageInPage(text) {
  const sel = 'a[href],button,input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=option],[role=combobox],[role=menuitem],[role=switch],[contenteditable=true]';
  const all = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(sel)) all.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
      if (el.localName === 'iframe') {
        try {
          if (el.contentDocument) collect(el.contentDocument);
        } catch {}
      }
    }
  };
  collect(document);
  const visible = all.filter((el) => {
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width * r.height > 0) return true;
    return [...(el.labels ?? [])].some((l) => l.getBoundingClientRect().width > 0);
  });
  const lines = new Map();
  for (const line of text.split('\n')) {
    const m = / id=(\d+)/.exec(line);
    if (m) lines.set(window.CopilotPageTools.resolve(Number(m[1])), line);
  }
  const clean = (s) => (s ?? '').replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  const missing = [];
  for (const el of visible) {
    const line = lines.get(el);
    const name = clean(el.getAttribute('aria-label')) || clean([...(el.labels ?? [])].map((l) => { const c = l.cloneNode(true); c.querySelectorAll('select,textarea,input').forEach((x) => x.remove()); return c.textContent; }).join(' ')) || clean(el.innerText) || clean(el.getAttribute('placeholder')) || clean(el.getAttribute('title')) || clean(el.value) || clean(el.querySelector('img')?.alt);
    if (!line || (name && !line.includes(name.slice(0, 20)))) missing.push(el.outerHTML.slice(0, 80));
  }
  return { total: visible.length, covered: visible.length - missing.length, missing: missing.slice(0, 3) };
}

async function measurePage(browser, label, open, runs) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await open(page);
    await page.addScriptTag({ path: toolsPath });
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    const ours = [];
    const ref = [];
    let snap;
    let aria = '';
    // alternate the two so that drift on a shared machine hits both alike
    for (let r = 0; r < runs; r++) {
      let t = performance.now();
      snap = await page.evaluate(() => window.CopilotPageTools.snapshot({ budget: 0 }));
      ours.push(performance.now() - t);
      t = performance.now();
      aria = await page.ariaSnapshot({ mode: 'ai', timeout: 120_000 });
      ref.push(performance.now() - t);
    }
    const cov = await page.evaluate(coverageInPage, snap.text);
    return {
      page: label,
      elements,
      ours: { ms: Math.round(median(ours)), tokens: snap.tokens, coverage: cov.total ? cov.covered / cov.total : 1, interactive: cov.total, missing: cov.missing },
      reference: { ms: Math.round(median(ref)), tokens: countTokens(aria, { disallowedSpecial: new Set() }) },
    };
  } finally {
    await page.context().close().catch(() => {});
    await page.close().catch(() => {});
  }
}

const ARENA_TASKS = ['search-results', 'table-read', 'select-custom', 'shadow-form', 'iframe-form', 'checkboxes', 'login'];

async function openArena(page, arenaUrl, task) {
  const res = await fetch(new URL(`/api/scenario?task=${task}&seed=1`, arenaUrl));
  if (!res.ok) throw new Error(`arena has no task ${task}`);
  const { startUrl } = await res.json();
  await page.goto(new URL(startUrl, arenaUrl).href, { waitUntil: 'load' });
}

/** Builds the service worker's action runner as a Node module, so the bench drives the same code. */
async function loadRunner() {
  const { build } = await import('vite');
  const out = await mkdtemp(join(tmpdir(), 'bench-runner-'));
  await build({
    root, configFile: false, logLevel: 'error',
    build: { outDir: out, emptyOutDir: false, target: 'node20', lib: { entry: join(root, 'src/background/executor/runner.ts'), formats: ['es'], fileName: () => 'runner.mjs' }, rolldownOptions: { external: [/^node:/] } },
  });
  const mod = await import(pathToFileURL(join(out, 'runner.mjs')).href);
  await rm(out, { recursive: true, force: true });
  return mod;
}

function playwrightPort(page, cdp) {
  return {
    call: async (name, params) => {
      try {
        return await page.evaluate(([n, p]) => window.CopilotPageTools.handle(n, p), [name, params]);
      } catch (e) {
        if (/destroyed|navigation|closed|detached/i.test(String(e))) {
          const err = new Error(String(e));
          err.name = 'PageGone';
          throw err;
        }
        throw e;
      }
    },
    input: async () => (method, params) => cdp.send(method, params),
    navigate: (url) => page.goto(url, { waitUntil: 'commit' }),
    back: () => page.goBack({ waitUntil: 'commit' }),
    waitForDocument: async () => page.url(),
    url: async () => page.url(),
  };
}

async function executorRows(browser) {
  const { runAction } = await loadRunner();
  const html = readFileSync(join(root, 'test/fixtures/pages/widgets.html'), 'utf8');
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  await context.addInitScript({ content: readFileSync(toolsPath, 'utf8') + '\n;window.CopilotPageTools = CopilotPageTools;' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const port = playwrightPort(page, cdp);
  const idOf = (domId) => page.evaluate((d) => { window.CopilotPageTools.snapshot({ budget: 0 }); const el = document.getElementById(d); return window.CopilotPageTools.find({ limit: 100 }).find((f) => window.CopilotPageTools.resolve(f.id) === el).id; }, domId);
  // each step: an action and the check that it did what a person would have done
  const gold = [
    ['type controlled', async () => ({ kind: 'type', id: await idOf('controlled'), text: 'Boston', mode: 'replace' }), () => page.textContent('#echo').then((t) => t === 'state:Boston')],
    ['type date', async () => ({ kind: 'type', id: await idOf('date'), text: '2025-03-12', mode: 'replace' }), () => page.inputValue('#date').then((v) => v === '2025-03-12')],
    ['select native', async () => ({ kind: 'select', id: await idOf('cls'), values: ['First'] }), () => page.inputValue('#cls').then((v) => v === 'f')],
    ['select multi', async () => ({ kind: 'select', id: await idOf('extras'), values: ['Wifi', 'Meal'] }), () => page.evaluate(() => [...document.getElementById('extras').selectedOptions].length === 2)],
    ['select custom', async () => ({ kind: 'select', id: await idOf('combo'), values: ['Dallas'] }), () => page.textContent('#combo').then((t) => t === 'Dallas')],
    ['check', async () => ({ kind: 'check', id: await idOf('agree'), checked: true }), () => page.isChecked('#agree')],
    ['radio', async () => ({ kind: 'check', id: await idOf('r2'), checked: true }), () => page.isChecked('#r2')],
    ['trusted click', async () => ({ kind: 'click', id: await idOf('trusted'), button: 'left', modifiers: [] }), () => page.textContent('#log').then((t) => t.includes('trusted-click'))],
    ['double click', async () => ({ kind: 'double_click', id: await idOf('dbl') }), () => page.textContent('#log').then((t) => t.includes('dblclick'))],
    ['hover', async () => ({ kind: 'hover', id: await idOf('hover-me') }), () => page.isVisible('#menu')],
    ['press Enter', async () => ({ kind: 'press', id: await idOf('plain'), keys: 'Enter', repeat: 1 }), () => page.textContent('#submitted').then((t) => t.startsWith('submitted'))],
    ['press arrows', async () => ({ kind: 'press', id: await idOf('keys'), keys: 'ArrowDown', repeat: 3 }), () => page.textContent('#keylog').then((t) => t.split('ArrowDown').length === 4)],
    ['scroll', async () => ({ kind: 'scroll', direction: 'down', amount: 400 }), () => page.evaluate(() => scrollY >= 400)],
    ['wait', async () => { await page.click('#later'); return { kind: 'wait', text: 'Loaded results', gone: false, timeoutMs: 3000 }; }, () => page.isVisible('text=Loaded results')],
  ];
  const rows = [];
  try {
    for (let round = 0; round < 3; round++) {
      await page.goto(url, { waitUntil: 'load' });
      for (const [name, make, verify] of gold) {
        const action = await make();
        const r = await runAction(port, action);
        const ok = r.ok && (await verify());
        rows.push({ name, ok, ms: r.ok ? r.elapsedMs : null, error: r.ok ? undefined : `${r.code}: ${r.message}` });
      }
    }
  } finally {
    await context.close();
    await new Promise((r) => server.close(r));
  }
  const byAction = gold.map(([name]) => {
    const mine = rows.filter((r) => r.name === name);
    return { action: name, success: mine.filter((r) => r.ok).length / mine.length, medianMs: Math.round(median(mine.filter((r) => r.ms !== null).map((r) => r.ms)) ?? 0), error: mine.find((r) => r.error)?.error };
  });
  return { successRate: rows.filter((r) => r.ok).length / rows.length, medianMs: Math.round(median(rows.filter((r) => r.ms !== null).map((r) => r.ms))), byAction };
}

export async function run({ browser, arenaUrl }) {
  if (!existsSync(toolsPath)) throw new Error('dist-tools/page-tools.js is missing: run node scripts/build.mjs');
  const rows = [];
  if (arenaUrl) {
    const listed = await fetch(new URL('/api/tasks', arenaUrl)).then((r) => r.json()).catch(() => []);
    const names = (Array.isArray(listed) ? listed : listed.tasks ?? []).map((t) => t.name ?? t);
    const chosen = ARENA_TASKS.filter((t) => names.includes(t));
    for (const extra of names) if (chosen.length < 8 && !chosen.includes(extra)) chosen.push(extra);
    for (const task of chosen) {
      try {
        rows.push({ ...(await measurePage(browser, `arena ${task}`, (p) => openArena(p, arenaUrl, task), 5)), open: { task } });
      } catch (e) {
        console.error(`bench: skipped arena ${task}: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
      }
    }
  }
  for (const n of [1_000, 10_000, 50_000]) {
    const html = generatePage(n);
    rows.push({ ...(await measurePage(browser, `generated ${n / 1000}k`, (p) => p.setContent(html, { waitUntil: 'load' }), n >= 50_000 ? 3 : 5)), open: { html } });
  }
  const firefox = await firefoxColumn(rows, arenaUrl);
  for (const r of rows) delete r.open;
  const executor = await executorRows(browser);
  const fmt = (x) => (x >= 10 ? Math.round(x) : x.toFixed(1));
  const markdown = [
    '| page | DOM elements | ours ms | ours tokens | coverage | ariaSnapshot ms | ariaSnapshot tokens | tokens ratio | time ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.page} | ${r.elements} | ${fmt(r.ours.ms)} | ${r.ours.tokens} | ${(r.ours.coverage * 100).toFixed(1)}% of ${r.ours.interactive} | ${fmt(r.reference.ms)} | ${r.reference.tokens} | ${(r.ours.tokens / r.reference.tokens).toFixed(2)} | ${(r.ours.ms / Math.max(1, r.reference.ms)).toFixed(2)} |`),
    '',
    ...firefoxTable(rows, firefox),
    'Times are medians measured from Node for both (one protocol round trip each), budget off. Coverage: visible interactive elements (found by selector, independently of the serializer) whose line carries an id and their name.',
    '',
    `Executor (trusted CDP input through the service worker's runner, ${executor.byAction.length} gold actions × 3 rounds on the widget page): success ${(executor.successRate * 100).toFixed(0)}%, median ${executor.medianMs} ms per action excluding settling.`,
    '',
    '| action | success | median ms |',
    '| --- | ---: | ---: |',
    ...executor.byAction.map((a) => `| ${a.action} | ${(a.success * 100).toFixed(0)}% | ${a.medianMs}${a.error ? ` (${a.error.slice(0, 80)})` : ''} |`),
  ].join('\n');
  return { markdown, results: { rows, executor, firefox: firefox.skipped ? firefox : { version: firefox.version, rows: Object.fromEntries(firefox.rows) } } };
}

/** The same page tools on the same pages in Firefox ESR, in the same run. */
async function firefoxColumn(rows, arenaUrl) {
  const pages = [];
  for (const r of rows) {
    if (r.open.html) pages.push({ label: r.page, html: r.open.html });
    else {
      const res = await fetch(new URL(`/api/scenario?task=${r.open.task}&seed=1`, arenaUrl));
      pages.push({ label: r.page, url: new URL((await res.json()).startUrl, arenaUrl).href });
    }
  }
  return firefoxSnapshots(pages, toolsPath);
}

function firefoxTable(rows, firefox) {
  if (firefox.skipped) return [`Firefox: not measured (${firefox.skipped}).`, ''];
  const line = (r) => {
    const f = firefox.rows.get(r.page);
    if (!f || f.error) return `| ${r.page} | ${r.ours.ms} | ${r.ours.tokens} | – | – | ${f?.error ?? 'not run'} |`;
    return `| ${r.page} | ${r.ours.ms} | ${r.ours.tokens} | ${f.ms} | ${f.tokens} | ${(f.ms / Math.max(1, r.ours.ms)).toFixed(2)} |`;
  };
  return [
    `The same page model in Firefox (${firefox.version}, headless, puppeteer-core over WebDriver BiDi), same pages, same run:`,
    '',
    '| page | Chromium ms | Chromium tokens | Firefox ms | Firefox tokens | Firefox/Chromium time |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(line),
    '',
  ];
}

// alone: node bench/page-model.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { chromium } = await import('playwright-core');
  const { startArena } = existsSync(join(root, 'arena/server.mjs')) ? await import(pathToFileURL(join(root, 'arena/server.mjs')).href) : {};
  const arena = startArena ? await startArena({ port: 0 }) : null;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const out = await run({ browser, arenaUrl: arena?.url });
    console.log(out.markdown);
    for (const r of out.results.rows) if (r.ours.missing.length) console.log(r.page, 'missing:', r.ours.missing);
  } finally {
    await browser.close();
    await arena?.close();
  }
}
