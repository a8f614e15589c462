// Extraction benchmark, called by bench/run.mjs (or alone: node bench/run.mjs extract): model calls
// and tokens for putting the arena's 3-page catalog into a table, with EXTRACT against reading the
// pages in chat turns (bench/extract-scripted.ts says how each is scripted).
import { build } from 'vite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function bundle(root) {
  const outDir = join(root, '.tmp/bench-extract');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: { ssr: join(root, 'bench/extract-scripted.ts'), outDir, emptyOutDir: true, target: 'node20', rollupOptions: { output: { format: 'es', entryFileNames: 'extract-scripted.mjs' } } },
  });
  return import(pathToFileURL(join(outDir, 'extract-scripted.mjs')).href);
}

export async function run({ browser, arenaUrl, root }) {
  const { createScenario } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { runExtractBench } = await bundle(root);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: readFileSync(join(root, 'dist-tools/page-tools.js'), 'utf8') + '\n;window.CopilotPageTools = CopilotPageTools;' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const runs = {};
  let expectedRows = 0;
  try {
    for (const mode of ['extract', 'chat']) {
      const sc = await createScenario(arenaUrl, 'extract-table', 4);
      expectedRows = (await (await fetch(new URL(`/t/extract-table/rows.json?scenario=${sc.id}`, arenaUrl))).json()).length;
      const { table, chatRows, ...r } = await runExtractBench({ page, cdp, startUrl: sc.startUrl, text: sc.text, mode });
      runs[mode] = r;
    }
  } finally {
    await context.close();
  }
  const e = runs.extract;
  const c = runs.chat;
  const row = (name, r) => `| ${name} | ${r.calls} | ${r.inputTokens.toLocaleString('en-US')} | ${r.outputTokens.toLocaleString('en-US')} | ${r.rows} of ${expectedRows} | ${r.verified ? 'yes, typed' : 'no, free text'} |`;
  const markdown = [
    'The arena catalog (`extract-table`, seed 4: 18 products over 3 pages) put into a table with name, price, rating and stock, by the agent core against the real page with the scripted model (bench/extract-scripted.ts). "Chat turns" is the agent without EXTRACT: the planner reads each page\'s rows into its answer and plans CLICK "Next"; its last answer writes the table. The real planner is not shown its earlier answers, so that row is a lower bound.',
    '',
    '| way | model calls | input tokens | output tokens | rows | checked against the page |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    row('EXTRACT (table card, CSV)', e),
    row('chat turns (CLICK Next, answer in text)', c),
    '',
    `EXTRACT: ${e.calls} calls and ${Math.round((e.inputTokens / c.inputTokens) * 100)}% of the input tokens of reading in chat turns (${c.calls} calls).`,
  ].join('\n');
  return { markdown, results: { expectedRows, extract: e, chat: c } };
}
