// The service worker's cold start of several builds side by side, as the bench's "Extension"
// section times it (worker stopped through CDP, woken by one `system.status` from an extension
// page, until the reply), with the bench's empty reference worker: all in one browser, the
// workers taking turns round by round, so that a loaded machine weighs on each alike. For
// comparing builds; the bench section gives the committed figure.
//
//   node scripts/worker-start-compare.mjs [--n 15] [--message settings.get] <build dir> [<build dir> ...]
//
// --message: wake the workers with another message than the greeting (Chrome's boot answers only
// the greeting itself; any other message loads the worker's main script first).
import { chromium } from 'playwright-core';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ARGS, CHROMIUM } from '../bench/extension-session.mjs';
import { roundTrip, stopWorker } from '../bench/extension.mjs';

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { n: { type: 'string', default: '15' }, message: { type: 'string', default: 'system.status' } } });
const N = Number(opts.n);
const builds = positionals.map((p) => resolve(p));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const dirs = [];
for (const b of builds) {
  const d = await mkdtemp(join(tmpdir(), 'sw-compare-ext-'));
  await cp(b, d, { recursive: true });
  // the panel's address, blank: the worker answers system.status to the panel only
  await writeFile(join(d, 'sidepanel.html'), '<!doctype html><title>compare</title>');
  // a name of its own, so that the workers are told apart by their extension's name
  const manifest = JSON.parse(await readFile(join(d, 'manifest.json'), 'utf8'));
  await writeFile(join(d, 'manifest.json'), JSON.stringify({ ...manifest, name: `build ${dirs.length}` }));
  dirs.push(d);
}
const ref = await mkdtemp(join(tmpdir(), 'sw-compare-ref-'));
await writeFile(join(ref, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'reference', version: '1.0', background: { service_worker: 'sw.js', type: 'module' } }));
await writeFile(join(ref, 'sw.js'), "chrome.runtime.onMessage.addListener((m, _s, reply) => { reply({ ok: true, result: { bootedAt: Date.now() } }); });\n");
await writeFile(join(ref, 'sidepanel.html'), '<!doctype html><title>reference</title>');
const all = [...dirs, ref];
const profile = await mkdtemp(join(tmpdir(), 'sw-compare-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [...ARGS, `--disable-extensions-except=${all.join(',')}`, `--load-extension=${all.join(',')}`],
});
try {
  const cdp = await context.newCDPSession(await context.newPage());
  // which extension id is which build: by the name each copy's manifest was given
  await cdp.send('ServiceWorker.enable');
  const ids = new Map();
  for (const end = Date.now() + 20_000; ids.size < all.length && Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const { targetInfos } = await cdp.send('Target.getTargets');
    for (const t of targetInfos.filter((x) => x.type === 'service_worker')) {
      const id = new URL(t.url).host;
      if ([...ids.values()].includes(id)) continue;
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/sidepanel.html`);
      const name = await page.evaluate(() => chrome.runtime.getManifest().name);
      ids.set(name === 'reference' ? ref : dirs[Number(name.split(' ')[1])], id);
      ids.set(`page:${id}`, page);
    }
  }
  await new Promise((r) => setTimeout(r, 1500));
  const stop = (id) => stopWorker(cdp, id);
  const cold = new Map(all.map((d) => [d, []]));
  for (let i = 0; i < N; i++) {
    for (const d of all) {
      const id = ids.get(d);
      const page = ids.get(`page:${id}`);
      await roundTrip(page);
      await stop(id);
      cold.get(d).push(await roundTrip(page, opts.message));
    }
  }
  const refMs = median(cold.get(ref));
  for (const [d, xs] of cold) {
    const label = d === ref ? 'reference (empty worker)' : builds[dirs.indexOf(d)];
    console.log(`${median(xs).toFixed(0).padStart(5)} ms  ${(median(xs) / refMs).toFixed(1).padStart(5)}x  ${label}   [${xs.map((x) => x.toFixed(0)).join(' ')}]`);
  }
} finally {
  await context.close();
  for (const d of [...all, profile]) await rm(d, { recursive: true, force: true });
}
