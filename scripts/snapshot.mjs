// Prints the page model of a page as the agent sees it, with its size in tokens and the time it took.
//   npm run snapshot -- <url-or-html-file> [--budget N] [--task "words"] [--width W --height H]
import { chromium } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
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
  // The tools run in an isolated world of their own, as the extension's content script does: a
  // page's Content-Security-Policy governs its own scripts, not an isolated world's, and the page's
  // scripts cannot see or change the tools there. (A <script> tag was refused on every page whose
  // policy does not allow inline scripts.)
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'copilot-snapshot' });
  const call = `(() => { const t0 = performance.now(); const snap = CopilotPageTools.snapshot(${JSON.stringify({ budget, task })}); return { snap, ms: performance.now() - t0 }; })()`;
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: `${readFileSync(tools, 'utf8')}\n;${call}`, contextId: executionContextId, returnByValue: true });
  if (exceptionDetails) throw new Error(`the page model failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  const { snap, ms } = result.value;
  console.log(snap.text);
  console.log(`\n-- ${snap.url} | ${snap.tokens} tokens | ${snap.elementCount} elements with ids | ${snap.truncated ? 'truncated to budget ' + budget : 'complete'} | ${ms.toFixed(1)} ms`);
} finally {
  await browser.close();
}
