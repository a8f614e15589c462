// Bench section: what the extension costs the browser. Bundle sizes; the service worker's cold
// start (stopped through CDP, then woken by a message from the side panel until its reply),
// measured side by side with a minimal reference extension whose worker only answers the same
// message, loaded into the same browser in the same run; and what the content script adds to each
// page load, against the same pages in the bench's browser without the extension.
import { chromium } from 'playwright-core';
import { mkdtemp, rm, writeFile, stat, readdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  await writeFile(join(dir, 'page.html'), '<!doctype html><title>reference</title>');
}

async function stopWorker(cdp, extensionId) {
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

/** ms from sending `system.status` to its reply, measured inside the extension page. */
const roundTrip = (page) =>
  page.evaluate(async () => {
    const t0 = performance.now();
    await chrome.runtime.sendMessage({ channel: 'copilot', name: 'system.status', params: {} });
    return performance.now() - t0;
  });

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

export async function run({ root, browser }) {
  const dist = join(root, 'dist', 'chrome');
  // A copy of the built extension with one blank page: the side panel would hold a port open and
  // reconnect it the moment the worker stops, which wakes the worker before the measurement.
  const ourDir = await mkdtemp(join(tmpdir(), 'bench-our-ext-'));
  await cp(dist, ourDir, { recursive: true });
  await writeFile(join(ourDir, 'page.html'), '<!doctype html><title>bench</title>');
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
    await ourPage.goto(`chrome-extension://${ours}/page.html`);
    const refPage = await context.newPage();
    await refPage.goto(`chrome-extension://${ref}/page.html`);
    const cdp = await context.newCDPSession(await context.newPage());
    await cdp.send('ServiceWorker.enable');
    const rows = [];
    for (const [label, id, page] of [['co-pilot', ours, ourPage], ['reference (empty worker)', ref, refPage]]) {
      const cold = [];
      const warm = [];
      for (let i = 0; i < ROUNDS; i++) {
        // The warm trip also makes sure the worker runs, so that stopping it is observable.
        warm.push(await roundTrip(page));
        await stopWorker(cdp, id);
        cold.push(await roundTrip(page));
      }
      rows.push({ label, coldMs: median(cold), warmMs: median(warm) });
    }
    // page loads: the content script runs in every page a person opens (document_idle, before the load event ends)
    const pages = await startPageServer([join(root, 'third_party/puppeteer-replay/resources')]);
    const plain = await browser.newPage();
    let loads;
    try {
      const withUs = await context.newPage();
      const [cdpUs, cdpPlain] = [await context.newCDPSession(withUs), await plain.context().newCDPSession(plain)];
      await cdpUs.send('Performance.enable');
      await cdpPlain.send('Performance.enable');
      await loadTimes(withUs, cdpUs, pages.origin); // warm both: caches, the first compile
      await loadTimes(plain, cdpPlain, pages.origin);
      const [a, b] = [await loadTimes(withUs, cdpUs, pages.origin), await loadTimes(plain, cdpPlain, pages.origin)];
      loads = LOAD_PAGES.map((p) => ({ page: p, with: a[p], without: b[p] }));
    } finally {
      await plain.close();
      await pages.close();
    }
    const sizes = {
      'background.js (service worker)': await sizeOf(join(dist, 'background.js')),
      'content.js (every page)': await sizeOf(join(dist, 'content.js')),
      'tokenizer.js (loaded on first snapshot)': await sizeOf(join(dist, 'tokenizer.js')),
      'dist/chrome/ in all': await sizeOf(dist),
    };
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    const markdown = [
      `Service worker cold start: stopped through CDP, then woken by one \`system.status\` message from an extension page; median of ${ROUNDS}, milliseconds until the reply.`,
      '',
      '| worker | cold ms | warm ms |',
      '| --- | ---: | ---: |',
      ...rows.map((r) => `| ${r.label} | ${r.coldMs.toFixed(0)} | ${r.warmMs.toFixed(1)} |`),
      '',
      '| file | size |',
      '| --- | ---: |',
      ...Object.entries(sizes).map(([k, v]) => `| ${k} | ${kb(v)} |`),
      '',
      `Page loads with the extension (its content script runs in every page) and without it (the bench's own browser, same machine, same run), median of ${LOADS} loads of each small page of the Recorder runner's suite after one warm-up round each: milliseconds from navigation start to the end of the load event, and the renderer's script time for the load (CDP \`Performance.getMetrics\` ScriptDuration, all worlds, read 300 ms after load). The difference in script time is what the content script costs each page.`,
      '',
      '| page | load ms with | load ms without | script ms with | script ms without | script ms added |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...loads.map((l) => `| ${l.page} | ${l.with.load.toFixed(1)} | ${l.without.load.toFixed(1)} | ${l.with.script.toFixed(1)} | ${l.without.script.toFixed(1)} | ${(l.with.script - l.without.script).toFixed(1)} |`),
    ].join('\n');
    return { markdown, results: { rows, sizes, loads } };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(refDir, { recursive: true, force: true });
    await rm(ourDir, { recursive: true, force: true });
  }
}
