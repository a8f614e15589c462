// The Firefox column of the page-model benchmark: the same page tools (dist-tools/page-tools.js,
// the content script's page model) on the same pages in headless Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi. Skipped, with a note, where Firefox is not installed.
import { existsSync } from 'node:fs';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `pages`: [{ label, url?, html? }]. Returns Map label → { ms, tokens } (median snapshot time measured
 * from Node, one round trip, budget off), or { skipped } when Firefox is missing.
 */
export async function firefoxSnapshots(pages, toolsPath, runs = 5) {
  if (!existsSync(FIREFOX)) return { skipped: `Firefox was not found at ${FIREFOX} (npm run setup installs firefox-esr)` };
  const { launch } = await import('puppeteer-core');
  const browser = await launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  const rows = new Map();
  try {
    const version = await browser.version();
    for (const p of pages) {
      const page = await browser.newPage();
      try {
        await page.setViewport({ width: 1280, height: 800 });
        if (p.url) await page.goto(p.url, { waitUntil: 'load' });
        else await page.setContent(p.html, { waitUntil: 'load', timeout: 120_000 });
        await page.addScriptTag({ path: toolsPath });
        const times = [];
        let snap;
        for (let r = 0; r < runs; r++) {
          const t = performance.now();
          snap = await page.evaluate(() => window.CopilotPageTools.snapshot({ budget: 0 }));
          times.push(performance.now() - t);
        }
        rows.set(p.label, { ms: Math.round(median(times)), tokens: snap.tokens });
      } catch (e) {
        rows.set(p.label, { error: e instanceof Error ? e.message.split('\n')[0] : String(e) });
      } finally {
        await page.close().catch(() => {});
      }
    }
    return { version, rows };
  } finally {
    await browser.close().catch(() => {});
  }
}
