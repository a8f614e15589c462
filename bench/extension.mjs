// Bench section: what the extension costs the browser. Bundle sizes; the service worker's cold
// start (stopped through CDP, then woken by a message from the side panel until its reply),
// measured side by side with a minimal reference extension whose worker only answers the same
// message, loaded into the same browser in the same run; what the extension adds to a page load
// where it does not work (it injects its content script only where it works, so nothing is
// expected), against the same pages in the bench's browser without the extension; and what a
// first snapshot costs in a page with no content script yet (injected then), against one that has it.
import { chromium } from 'playwright-core';
import { mkdtemp, rm, writeFile, stat, readdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { startPageServer } from './recorder-support.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ROUNDS = 9;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

async function sizeOf(path) {
  const s = await stat(path).catch(() => null);
  if (!s) return 0;
  if (!s.isDirectory()) return s.size;
  let total = 0;
  for (const name of await readdir(path)) total += await sizeOf(join(path, name));
  return total;
}

/** A reference extension: a module service worker that answers the panel's message, nothing else. */
async function writeReference(dir) {
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({ manifest_version: 3, name: 'reference', version: '1.0', background: { service_worker: 'sw.js', type: 'module' } }),
  );
  await writeFile(join(dir, 'sw.js'), "chrome.runtime.onMessage.addListener((m, _s, reply) => { reply({ ok: true, result: { bootedAt: Date.now() } }); });\n");
  await writeFile(join(dir, 'sidepanel.html'), '<!doctype html><title>reference</title>');
}

/** Stops the extension's service worker through CDP and waits until it says it stopped (scripts/worker-start-compare.mjs too). */
export async function stopWorker(cdp, extensionId) {
  const stopped = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker did not stop')), 10_000);
    const onUpdate = (e) => {

      if (e.versions.some((v) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.runningStatus === 'stopped')) {
        clearTimeout(timer);
        cdp.off('ServiceWorker.workerVersionUpdated', onUpdate);
        resolve();
      }
    };
    cdp.on('ServiceWorker.workerVersionUpdated', onUpdate);
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
}

/** ms from sending a message (`system.status`, the panel's greeting, unless named) to its reply, measured inside the extension page. */
export const roundTrip = (page, name = 'system.status') =>
  page.evaluate(async (n) => {
    const t0 = performance.now();
    await chrome.runtime.sendMessage({ channel: 'copilot', name: n, params: {} });
    return performance.now() - t0;
  }, name);

const LOADS = 15;
const LOAD_PAGES = ['checkbox.html', 'form.html', 'main.html'];

/**
 * For each page, the median over LOADS loads of: milliseconds from navigation start to the end of
 * the load event, and the script time the renderer spent on the load (CDP Performance metric
 * ScriptDuration, all worlds: the page's scripts and a content script), read 300 ms after load.
 */
async function loadTimes(page, cdp, origin) {
  const out = {};
  const scriptMs = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration').value * 1000;
  for (const path of LOAD_PAGES) {
    const load = [];
    const script = [];
    for (let i = 0; i < LOADS; i++) {
      await page.goto(`${origin}/${path}?n=${i}`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      // counted from the document's start: the metric begins again with each navigation
      script.push(await scriptMs());
      load.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
    }
    out[path] = { load: median(load), script: median(script) };
  }
  return out;
}

const SNAPSHOTS = 15;

/**
 * The first page.snapshot of a freshly loaded page, timed in the service worker, median of
 * SNAPSHOTS per page: `warm`, its content script injected once the page loaded (as the panel
 * showing the tab does) and given 300 ms; `cold`, none yet, so the snapshot waits for the
 * injection the worker's lazy path makes (scripting.executeScript of content.js). Both load the
 * tokenizer on that first snapshot, as every first snapshot of a page does.
 */
async function firstSnapshots(page, worker, origin) {
  await page.goto(`${origin}/empty.html?snapshot-tab`);
  const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id, page.url());
  const timed = (inject) =>
    worker.evaluate(
      async ([id, first]) => {
        const t0 = performance.now();
        if (first) await chrome.scripting.executeScript({ target: { tabId: id }, files: ['content.js'] });
        const injected = performance.now();
        const r = await chrome.tabs.sendMessage(id, { channel: 'copilot', name: 'page.snapshot', params: {} }, { frameId: 0 });
        if (!r?.ok) throw new Error(`snapshot: ${JSON.stringify(r)}`);
        return { total: performance.now() - t0, inject: injected - t0 };
      },
      [tabId, inject],
    );
  const out = {};
  for (const path of LOAD_PAGES) {
    const warm = [];
    const cold = [];
    const inject = [];
    for (let i = 0; i < SNAPSHOTS; i++) {
      await page.goto(`${origin}/${path}?warm=${i}`, { waitUntil: 'load' });
      await worker.evaluate((id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['content.js'] }), tabId);
      await page.waitForTimeout(300);
      warm.push((await timed(false)).total);
      await page.goto(`${origin}/${path}?cold=${i}`, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const c = await timed(true);
      cold.push(c.total);
      inject.push(c.inject);
    }
    out[path] = { warm: median(warm), cold: median(cold), inject: median(inject) };
  }
  return out;
}

export async function run({ root, browser }) {
  const dist = join(root, 'dist', 'chrome');
  // A copy of the built extension whose side panel is a blank page: the real one would hold a port
  // open and reconnect it the moment the worker stops, which wakes the worker before the
  // measurement. At the panel's address, since the worker answers system.status to the panel only
  // (from a page anywhere else the measurement would time a refusal).
  const ourDir = await mkdtemp(join(tmpdir(), 'bench-our-ext-'));
  await cp(dist, ourDir, { recursive: true });
  await writeFile(join(ourDir, 'sidepanel.html'), '<!doctype html><title>bench</title>');
  const refDir = await mkdtemp(join(tmpdir(), 'bench-ref-ext-'));
  const profile = await mkdtemp(join(tmpdir(), 'bench-ext-profile-'));
  await writeReference(refDir);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...ARGS, `--disable-extensions-except=${ourDir},${refDir}`, `--load-extension=${ourDir},${refDir}`],
  });
  try {
    // Both workers start at launch; tell them apart by their script.
    const deadline = Date.now() + 15_000;
    let ours, ref;
    while ((!ours || !ref) && Date.now() < deadline) {
      for (const w of context.serviceWorkers()) {
        if (w.url().endsWith('/background.js')) ours = new URL(w.url()).host;
        if (w.url().endsWith('/sw.js')) ref = new URL(w.url()).host;
      }
      if (!ours || !ref) await context.waitForEvent('serviceworker', { timeout: 5_000 }).catch(() => {});
    }
    if (!ours || !ref) throw new Error('the extensions did not start');
    const ourPage = await context.newPage();
    await ourPage.goto(`chrome-extension://${ours}/sidepanel.html`);
    const refPage = await context.newPage();
    await refPage.goto(`chrome-extension://${ref}/sidepanel.html`);
    const cdp = await context.newCDPSession(await context.newPage());
    await cdp.send('ServiceWorker.enable');
    const rows = [];
    for (const [label, id, page] of [['co-pilot', ours, ourPage], ['reference (empty worker)', ref, refPage]]) {
      const cold = [];
      const other = [];
      const warm = [];
      for (let i = 0; i < ROUNDS; i++) {
        // The warm trip also makes sure the worker runs, so that stopping it is observable; it
        // waits a moment after the last reply: Chrome's worker loads its main script right after
        // the greeting's reply, and a message in those milliseconds waits for it (not "warm").
        await new Promise((r) => setTimeout(r, 300));
        warm.push(await roundTrip(page));
        await stopWorker(cdp, id);
        cold.push(await roundTrip(page));
        // woken by another message than the greeting: the whole worker loads before the reply
        await stopWorker(cdp, id);
        other.push(await roundTrip(page, 'settings.get'));
      }
      rows.push({ label, coldMs: median(cold), otherMs: median(other), warmMs: median(warm) });
    }
    // page loads where the co-pilot does not work: no content script goes there
    const pages = await startPageServer([join(root, 'third_party/puppeteer-replay/resources')]);
    const plain = await browser.newPage();
    let loads;
    let snapshots;
    try {
      const withUs = await context.newPage();
      const [cdpUs, cdpPlain] = [await context.newCDPSession(withUs), await plain.context().newCDPSession(plain)];
      await cdpUs.send('Performance.enable');
      await cdpPlain.send('Performance.enable');
      await loadTimes(withUs, cdpUs, pages.origin); // warm both: caches, the first compile
      await loadTimes(plain, cdpPlain, pages.origin);
      const [a, b] = [await loadTimes(withUs, cdpUs, pages.origin), await loadTimes(plain, cdpPlain, pages.origin)];
      loads = LOAD_PAGES.map((p) => ({ page: p, with: a[p], without: b[p] }));
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${ours}/`));
      const shots = await firstSnapshots(await context.newPage(), worker, pages.origin);
      snapshots = LOAD_PAGES.map((p) => ({ page: p, ...shots[p] }));
    } finally {
      await plain.close();
      await pages.close();
    }
    const sizes = {
      'background.js (service worker)': await sizeOf(join(dist, 'background.js')),
      ...(existsSync(join(dist, 'worker-main.js')) ? { 'worker-main.js (the rest of the worker, loaded by background.js after the first reply)': await sizeOf(join(dist, 'worker-main.js')) } : {}),
      ...(existsSync(join(dist, 'providers.js')) ? { 'providers.js (the provider SDKs, loaded by the worker at its first model call)': await sizeOf(join(dist, 'providers.js')) } : {}),
      'content.js (injected where the co-pilot works)': await sizeOf(join(dist, 'content.js')),
      'tokenizer.js (loaded on first snapshot)': await sizeOf(join(dist, 'tokenizer.js')),
      'dist/chrome/ in all': await sizeOf(dist),
    };
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    const markdown = [
      `Service worker cold start: stopped through CDP, then woken by one \`system.status\` message (the panel's greeting) from a blank page at the side panel's address (the worker answers it to the panel only); median of ${ROUNDS}, milliseconds until the reply. Beside it, the worker woken by another message (\`settings.get\`), which in Chrome loads the worker's main script before the reply (the greeting is answered by a 5 KB boot), and a message to a running worker (300 ms after its last reply).`,
      '',
      '| worker | cold ms (greeting) | cold ms (another message) | warm ms |',
      '| --- | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.label} | ${r.coldMs.toFixed(0)} | ${r.otherMs.toFixed(0)} | ${r.warmMs.toFixed(1)} |`),
      '',
      '| file | size |',
      '| --- | ---: |',
      ...Object.entries(sizes).map(([k, v]) => `| ${k} | ${kb(v)} |`),
      '',
      `Page loads where the co-pilot does not work, with the extension installed and without it (the bench's own browser, same machine, same run), median of ${LOADS} loads of each small page of the Recorder runner's suite after one warm-up round each: milliseconds from navigation start to the end of the load event, and the renderer's script time for the load (CDP \`Performance.getMetrics\` ScriptDuration, all worlds, read 300 ms after load). The content script goes only into tabs the co-pilot reads, acts in, records or replays, so the script time added here should be about 0.`,
      '',
      '| page | load ms with | load ms without | script ms with | script ms without | script ms added |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...loads.map((l) => `| ${l.page} | ${l.with.load.toFixed(1)} | ${l.without.load.toFixed(1)} | ${l.with.script.toFixed(1)} | ${l.without.script.toFixed(1)} | ${(l.with.script - l.without.script).toFixed(1)} |`),
      '',
      `First snapshot of a freshly loaded page (\`page.snapshot\` sent by the service worker), median of ${SNAPSHOTS} per page, warm and cold loads taking turns: in a page whose content script was injected once it loaded (as when the side panel shows the tab), and in one with none yet, where the snapshot first waits for the injection (goal: at most 50 ms more). Every first snapshot of a document loads the 2.4 MB tokenizer, which takes 200 ms to over a second here and moves both columns by tens of milliseconds from load to load; the injection's own time (\`scripting.executeScript\` of content.js until it resolves) is the last column.`,
      '',
      '| page | warm ms | not yet injected ms | added ms | injection alone ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...snapshots.map((r) => `| ${r.page} | ${r.warm.toFixed(1)} | ${r.cold.toFixed(1)} | ${(r.cold - r.warm).toFixed(1)} | ${r.inject.toFixed(1)} |`),
    ].join('\n');
    return { markdown, results: { rows, sizes, loads, snapshots } };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(refDir, { recursive: true, force: true });
    await rm(ourDir, { recursive: true, force: true });
  }
}
