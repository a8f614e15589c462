// Prints the page model of a page as the agent sees it, with its size in tokens and the time it took.
//   npm run snapshot -- <url-or-html-file> [--budget N] [--task "words"] [--width W --height H]
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tools = resolve(root, 'dist-tools/page-tools.js');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const target = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!target) {
  console.error('usage: npm run snapshot -- <url-or-html-file> [--budget N] [--task "..."]');
  process.exit(2);
}
if (!existsSync(tools)) {
  console.error('dist-tools/page-tools.js is missing: run `node scripts/build.mjs` first');
  process.exit(2);
}
const url = /^[a-z]+:\/\//i.test(target) ? target : pathToFileURL(resolve(target)).href;
const budget = Number(flag('--budget', '4000'));
const task = flag('--task', undefined);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: Number(flag('--width', '1280')), height: Number(flag('--height', '800')) } });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await page.addScriptTag({ path: tools });
  const { snap, ms } = await page.evaluate(
    (o) => {
      const t0 = performance.now();
      const snap = window.CopilotPageTools.snapshot(o);
      return { snap, ms: performance.now() - t0 };
    },
    { budget, task },
  );
  console.log(snap.text);
  console.log(`\n-- ${snap.url} | ${snap.tokens} tokens | ${snap.elementCount} elements with ids | ${snap.truncated ? 'truncated to budget ' + budget : 'complete'} | ${ms.toFixed(1)} ms`);
} finally {
  await browser.close();
}
