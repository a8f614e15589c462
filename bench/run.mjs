// npm run bench: every benchmark section, in one headless Chromium run, into bench/report.md and
// bench/results.json. Each section module exports `run(ctx)` and returns { markdown, results };
// its figures are measured side by side with a reference in the same run, because absolute
// times on shared machines drift.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve, dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const SECTIONS = [
  ['extension', 'Extension: bundle sizes and service-worker start'],
  ['page-model', 'Page model and executor'],
  ['hostile-dom', 'Hostile DOM: stress corpus'],
  ['agent', 'Agent: model calls per task'],
  ['questions', 'Questions a person answers: words alone against requests held'],
  ['extract', 'Extraction: a 3-page table, EXTRACT against reading pages in chat turns'],
  ['vision', 'Screenshots: a request with a screenshot against the text-only request'],
  ['memory', 'Exemplar memory: retrieval'],
  ['replay', 'Workflow replay'],
  ['apps', 'Apps on this computer: a workflow called through the MCP server'],
  ['round-trips', 'Round trips: the worker\'s reaches into the page and the debugger, per agent action and per replay step'],
  ['firefox-replay', 'Workflow replay in Firefox'],
  ['recorder-interop', 'Recorder interop: Chrome DevTools Recorder files, ours and Chrome\'s runner'],
  ['relocation', 'Relocation: finding recorded elements again after redesigns'],
];

const { startArena } = await import(pathToFileURL(resolve(root, 'arena/server.mjs')).href);
const arena = await startArena({ port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const ctx = { browser, arenaUrl: arena.url, root };
const report = [
  '# Benchmark report',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.version()} headless. Reproduce with \`npm run bench\`.`,
  '',
];
const results = { date: new Date().toISOString(), chromium: browser.version(), sections: {} };
try {
  for (const [name, title] of SECTIONS) {
    const file = resolve(here, `${name}.mjs`);
    if (!existsSync(file) || (only.length && !only.includes(name))) continue;
    const started = Date.now();
    console.log(`bench: ${name}…`);
    const mod = await import(pathToFileURL(file).href);
    const out = await mod.run(ctx);
    results.sections[name] = out.results ?? out;
    report.push(`## ${title}`, '', out.markdown ?? '```json\n' + JSON.stringify(out, null, 2) + '\n```', '');
    console.log(`bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await browser.close();
  await arena.close();
}
// A run of some sections only writes beside the committed report, never over it: the report in
// bench/ is always one whole run, every figure measured side by side on the same day.
const out = only.length ? resolve(root, '.tmp') : here;
await mkdir(out, { recursive: true });
await writeFile(resolve(out, 'report.md'), report.join('\n'));
await writeFile(resolve(out, 'results.json'), JSON.stringify(results, null, 2) + '\n');
console.log(`bench: wrote ${relative(root, out) || '.'}/report.md and results.json`);
