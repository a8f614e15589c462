// Where a page load's main-thread time goes with the extension in the browser: a CPU profile of the
// page's renderer over N plain loads of one page of the Recorder runner suite (no replay), printed
// as self time per script and, for content.js, what its top-level run calls (zod's schema building
// shows there). For the content script's cost on every page a person opens.
//
//   node scripts/page-load-profile.mjs [page] [--n 10] [--ext dist/chrome]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startExtension } from '../bench/extension-session.mjs';
import { startCountingModel, startPageServer } from '../bench/recorder-support.mjs';

const root = resolve(import.meta.dirname, '..');
const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { n: { type: 'string', default: '10' }, ext: { type: 'string', default: join(root, 'dist/chrome') } } });
const N = Number(opts.n);
const pageName = positionals[0] ?? 'checkbox.html';
const [pages, model] = await Promise.all([startPageServer([join(root, 'third_party/puppeteer-replay/resources')]), startCountingModel()]);
const x = await startExtension(root, model.baseUrl, resolve(opts.ext));
try {
  const cdp = await x.context.newCDPSession(x.page);
  const byScript = new Map();
  const underTop = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  for (let i = 0; i < N; i++) {
    await x.page.goto(`${pages.origin}/empty.html?${i}`);
    await x.page.bringToFront();
    await x.page.waitForTimeout(300);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    await x.page.goto(`${pages.origin}/${pageName}?${i}`);
    await x.page.waitForTimeout(400);
    const { profile } = await cdp.send('Profiler.stop');
    const node = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
    const frame = (n) => `${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    profile.samples.forEach((id, k) => {
      const us = profile.timeDeltas[k] ?? 0;
      const n = node.get(id);
      add(byScript, n.callFrame.url.split('/').pop().split('?')[0] || n.callFrame.functionName, us);
      // the chain of content.js frames, outermost last: the top-level run is the outermost one
      const chain = [];
      for (let p = id; p; p = parent.get(p)) if (node.get(p).callFrame.url.endsWith('/content.js')) chain.push(frame(node.get(p)));
      // the script's own anonymous wrappers are the top level: what they call is named
      const outward = chain.reverse();
      let top = 0;
      while (top < outward.length && outward[top].startsWith('(anonymous)')) top++;
      if (chain.length) add(underTop, outward[top] ?? '(top level itself)', us);
    });
  }
  const per = (us) => (us / N / 1000).toFixed(2).padStart(7);
  console.log(`${pageName}: ${N} loads, main-thread ms per load by script`);
  for (const [k, us] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(per(us), k);
  console.log('content.js, by what its top-level run calls (minified names: read them in dist/chrome/content.js)');
  for (const [k, us] of [...underTop].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(per(us), k);
} finally {
  await Promise.all([x.close(), pages.close(), model.close()]);
}
