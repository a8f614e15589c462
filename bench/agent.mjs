// Agent benchmark, called by bench/run.mjs (or alone: node bench/agent.mjs): model calls per task
// and input tokens per call, staged plan-and-follow (the default) against one action per call (the
// iterative baseline), on one-screen arena tasks with the scripted model. The agent core runs in
// Node against the real arena page in headless Chromium: the service worker's executor over a
// Playwright page port with the content script's page tools injected, so pages, ids, actions and
// prompts are the real ones; only the model is scripted, and it reads each prompt's page to answer.
import { build } from 'vite';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const TASKS = [
  ['checkboxes', 3, 'tick 2 to 4 boxes, submit'],
  ['radio', 2, 'one radio, submit'],
  ['select-native', 2, 'one select, submit'],
  ['shadow-form', 2, '2 text fields + select in a shadow root, submit'],
  ['iframe-form', 2, 'text field + select + text area in an iframe, submit'],
  ['airline-book', 4, 'search screen only: radio, 2 autocompletes, calendar 2 months ahead, submit'],
];

/** Bundles the TypeScript agent core and the scripted model for Node, into .tmp/ (git ignores it). */
export async function bundle(root) {
  const outDir = join(root, '.tmp/bench-agent');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: { ssr: join(root, 'test/support/scripted-bench.ts'), outDir, emptyOutDir: true, target: 'node20', rollupOptions: { output: { format: 'es', entryFileNames: 'scripted-bench.mjs' } } },
  });
  return import(pathToFileURL(join(outDir, 'scripted-bench.mjs')).href);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** A page with the content script's page tools in every document, as the extension injects them, and its CDP session. */
export async function toolsPage(browser, root) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: readFileSync(join(root, 'dist-tools/page-tools.js'), 'utf8') + '\n;window.CopilotPageTools = CopilotPageTools;' });
  const page = await context.newPage();
  return { context, page, cdp: await context.newCDPSession(page) };
}

export async function run({ browser, arenaUrl, root }) {
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { runScriptedTask } = await bundle(root);
  const { context, page, cdp } = await toolsPage(browser, root);
  const results = [];
  const measure = async (task, seed, mode, wholeScreen) => {
    const sc = await createScenario(arenaUrl, task, seed);
    const r = await runScriptedTask({ page, cdp, taskName: task, text: sc.text, startUrl: sc.startUrl, oneActionPerCall: mode === 'iterative', wholeScreen });
    const s = await score(arenaUrl, sc.id);
    // The airline task goes on after the search: its first sub-goal (the right search) is what this screen does.
    const ok = r.success && (task === 'airline-book' ? s.progress >= 0.25 : s.success === 1);
    return { ...r, arenaOk: ok, meanInputTokens: Math.round(mean(r.inputTokensPerCall)), medianInputTokens: median(r.inputTokensPerCall) };
  };
  try {
    for (const [task, seed, shape] of TASKS) {
      const row = { task, seed, shape, perField: {}, wholeScreen: null };
      for (const mode of ['staged', 'iterative']) row.perField[mode] = await measure(task, seed, mode, false);
      // One ACT call for the whole screen needs no look between actions; the airline widgets do.
      if (task !== 'airline-book') {
        row.wholeScreen = {};
        for (const mode of ['staged', 'iterative']) row.wholeScreen[mode] = await measure(task, seed, mode, true);
      }
      results.push(row);
    }
  } finally {
    await context.close();
  }
  const pct = (a, b) => `${Math.round((1 - a / b) * 100)}%`;
  const cell = (m) => (m ? `${m.staged.calls} / ${m.iterative.calls} (${pct(m.staged.calls, m.iterative.calls)})` : 'n/a');
  const policyCell = (m) => (m ? `${m.staged.policyCalls} / ${m.iterative.policyCalls} (${pct(m.staged.policyCalls, m.iterative.policyCalls)})` : 'n/a');
  const tokens = (m) => (m ? `${m.staged.meanInputTokens} / ${m.iterative.meanInputTokens}` : 'n/a');
  const checks = (r) => [r.perField, r.wholeScreen].filter(Boolean).flatMap((m) => [m.staged.arenaOk, m.iterative.arenaOk]);
  const sum = (key, mode, field) => results.filter((r) => r[key]).reduce((a, r) => a + r[key][mode][field], 0);
  const summary = {};
  for (const key of ['perField', 'wholeScreen']) {
    summary[key] = { staged: sum(key, 'staged', 'calls'), iterative: sum(key, 'iterative', 'calls'), stagedPolicy: sum(key, 'staged', 'policyCalls'), iterativePolicy: sum(key, 'iterative', 'policyCalls') };
  }
  const markdown = [
    '| task (seed) | what the screen needs | plan per field: calls staged / iterative (fewer) | its policy calls | one ACT for the screen: calls staged / iterative (fewer) | its policy calls | input tokens per call, mean, per field: staged / iterative | same, one ACT | arena check |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.task} (${r.seed}) | ${r.shape} | ${cell(r.perField)} | ${policyCell(r.perField)} | ${cell(r.wholeScreen)} | ${policyCell(r.wholeScreen)} | ${tokens(r.perField)} | ${tokens(r.wholeScreen)} | ${checks(r).every(Boolean) ? 'all ok' : 'FAIL'} |`,
    ),
    '',
    `Totals, plan per field: ${summary.perField.staged} calls staged against ${summary.perField.iterative} one action per call (${pct(summary.perField.staged, summary.perField.iterative)} fewer), policy calls ${summary.perField.stagedPolicy} against ${summary.perField.iterativePolicy} (${pct(summary.perField.stagedPolicy, summary.perField.iterativePolicy)} fewer). One ACT for the screen (the five form tasks): ${summary.wholeScreen.staged} against ${summary.wholeScreen.iterative} (${pct(summary.wholeScreen.staged, summary.wholeScreen.iterative)} fewer), policy calls ${summary.wholeScreen.stagedPolicy} against ${summary.wholeScreen.iterativePolicy} (${pct(summary.wholeScreen.stagedPolicy, summary.wholeScreen.iterativePolicy)} fewer).`,
    '',
    "Method: the agent core (`src/agent`) runs in Node against the real arena pages in headless Chromium, through the service worker's executor (`tabBrowserOver`) over a Playwright page port, with `dist-tools/page-tools.js` injected into every document as the content script would be; not through the extension (no side panel, no SDK, no HTTP: the model is called in process). The model is scripted (`test/support/scripted-web-model.ts`): it reads the page model in each prompt to find element ids and follows the batch rule the prompt states, every action the screen allows (staged, the default) or exactly one (`oneActionPerCall: true`, the iterative baseline, where the agent also runs only the first action of an answer). Each task runs with two plan shapes, the same in both modes: one web policy call per field or group (HeaP), and one ACT call naming every field and the submit. Both modes pay the same two planner calls (the plan, then the empty plan that ends the task); the policy-call columns leave them out. Input tokens are o200k tokens of the system prompt and the messages of each call (tool schemas not counted). One trial per run; a run counts as ok when the agent ends it as done and the arena's own score agrees (for `airline-book` only the search screen is run, so the check is its first sub-goal, the right search).",
  ].join('\n');
  return { markdown, results: { tasks: results, summary } };
}

// Alone: node bench/agent.mjs (builds nothing else; needs dist-tools/page-tools.js).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { chromium } = await import('playwright-core');
  const { startArena } = await import(pathToFileURL(join(root, 'arena/server.mjs')).href);
  const arena = await startArena({ port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const out = await run({ browser, arenaUrl: arena.url, root });
    console.log(out.markdown);
  } finally {
    await browser.close();
    await arena.close();
  }
}
