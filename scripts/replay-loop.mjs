// Replays one Recorder flow of bench/recorder-flows many times in one tab, through the real
// messages (`workflows.import` once, then `replay.start` after each fresh navigation), and prints
// the time from the start message to the stored end: steadier than the bench's one pass per flow
// when comparing two builds of the extension, which differ by a few milliseconds.
//
//   node scripts/replay-loop.mjs [flow] [--n 16] [--ext dist/chrome] [--trace] [--marks] [--fresh]
//
// --fresh imports the file again before each replay, as the bench does: each replay is then a
// flow's first, which writes what it learned back into the workflow. --ext compares a copy of another build; run two builds in turn, several rounds, since this
// machine's speed drifts over minutes. --trace records a Chrome trace of each replay and prints
// the busiest trace events per thread (page, browser, service worker), averaged per replay.
// --marks prints each replay's timeline: the marks a build under study pushes into the worker's
// `globalThis.replayMarks` as [name, performance.timeOrigin + performance.now()] (from sendToTab,
// the engine's step loop, startReplay, the debugger's commands), with the page's own navigation
// times, in ms after the mark named "start"; a build without marks prints the page's times only.
// EXTRA_ARGS="--silent-debugger-extension-api" (bench/extension-session.mjs) shows what Chrome's
// debugging bar costs a replay.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startExtension } from '../bench/extension-session.mjs';
import { loadFlowSet, median, startCountingModel, startPageServer } from '../bench/recorder-support.mjs';

const root = resolve(import.meta.dirname, '..');
const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { n: { type: 'string', default: '16' }, ext: { type: 'string', default: join(root, 'dist/chrome') }, trace: { type: 'boolean', default: false }, marks: { type: 'boolean', default: false }, fresh: { type: 'boolean', default: false } } });
const flowName = positionals[0] ?? 'click-checkbox';
const N = Number(opts.n);
if (!Number.isInteger(N) || N < 1) throw new Error(`--n wants a whole number of replays, not "${opts.n}"`);

const [pages, model] = await Promise.all([startPageServer([join(root, 'third_party/puppeteer-replay/resources')]), startCountingModel()]);
const x = await startExtension(root, model.baseUrl, resolve(opts.ext));
try {
  const flow = (await loadFlowSet(join(root, 'bench/recorder-flows'), pages.origin)).find((f) => f.name === flowName);
  if (!flow) throw new Error(`no flow ${flowName} in bench/recorder-flows`);
  const importFlow = async () => (await x.send('workflows.import', { text: flow.text, filename: `${flowName}.json` })).id;
  let workflowId = await importFlow();
  const cdp = opts.trace ? await x.context.newCDPSession(x.page) : null;
  const totals = new Map();
  const times = [];
  for (let i = 0; i < N; i++) {
    if (opts.fresh && i > 0) workflowId = await importFlow();
    await x.page.goto(`${pages.origin}/empty.html?${i}`);
    await x.page.bringToFront();
    await x.page.waitForTimeout(300);
    const events = [];
    if (cdp) {
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'blink', 'cc', 'toplevel', 'disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
    }
    const worker = x.context.serviceWorkers()[0];
    if (opts.marks) await worker.evaluate(() => (globalThis.replayMarks = []));
    const [ms, status] = await x.ext.evaluate(replayOnce, [workflowId, x.tabId]);
    if (opts.marks) console.log(await timeline(worker, x.page));
    if (status !== 'done') throw new Error(`replay ${i} ended ${status}`);
    times.push(ms);
    if (cdp) {
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
      cdp.removeAllListeners('Tracing.dataCollected');
      addTrace(totals, events);
    }
  }
  console.log(`${flowName}: ${N} replays, median ${median(times)} ms, mean ${Math.round(times.reduce((a, b) => a + b, 0) / N)} ms (${opts.ext})`);
  if (cdp) for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(ms / N).toFixed(1).padStart(7)} ms  ${key}`);
} finally {
  await Promise.all([x.close(), pages.close(), model.close()]);
}

/**
 * In the extension's page: starts the replay and reads its stored state until it stops running:
 * every 2 ms once an event that ends a drive has come (the port the side panel listens on), else
 * every 25 ms, as the bench does (bench/recorder-interop.mjs `replayInPage`); answers the safety
 * gate's questions "allow once", as the bench does.
 */
async function replayOnce([workflowId, tabId]) {
  const db = await new Promise((res, rej) => Object.assign(indexedDB.open('copilot'), { onsuccess: (e) => res(e.target.result), onerror: rej }));
  const port = chrome.runtime.connect({ name: 'copilot-events' });
  let ending = false;
  let wake = () => {};
  port.onMessage.addListener((m) => {
    if (m.type !== 'event' || !['done', 'stopped', 'error', 'paused', 'confirmation_needed'].includes(m.event?.type)) return;
    ending = true;
    wake();
  });
  const t0 = Date.now();
  try {
    const started = await chrome.runtime.sendMessage({ channel: 'copilot', name: 'replay.start', params: { workflowId, tabId, values: {} } });
    if (!started?.ok || !started.result.ok) return [0, JSON.stringify(started)];
    for (let asked = 0; ; ) {
      const s = await new Promise((res) => (db.transaction('runs').objectStore('runs').get(started.result.replayId).onsuccess = (e) => res(e.target.result)));
      // a question of the safety gate is answered "allow once", as the bench answers it
      if (s && s.status === 'waiting' && s.state.confirm && asked++ < 3) {
        ending = false;
        await chrome.runtime.sendMessage({ channel: 'copilot', name: 'run.confirm', params: { runId: started.result.replayId, requestId: s.state.confirm.id, answer: 'once' } });
        continue;
      }
      if (s && s.status !== 'running') return [Date.now() - t0, s.status === 'done' ? 'done' : `${s.status}: ${s.state.message}`];
      await new Promise((res) => {
        const timer = setTimeout(res, ending ? 2 : 25);
        wake = () => {
          clearTimeout(timer);
          setTimeout(res, 1);
        };
      });
    }
  } finally {
    port.disconnect();
    db.close();
  }
}

/** The worker's marks and the page's navigation times of one replay, in ms after the "start" mark (or the navigation's start). */
async function timeline(worker, page) {
  const marks = (await worker.evaluate(() => globalThis.replayMarks)) ?? [];
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    const o = performance.timeOrigin;
    return [['page:navStart', o], ['page:response', o + n.responseEnd], ['page:DCL', o + n.domContentLoadedEventEnd], ['page:load', o + n.loadEventEnd]];
  });
  const t0 = marks.find((m) => m[0] === 'start')?.[1] ?? nav[0][1];
  return [...marks, ...nav]
    .sort((a, b) => a[1] - b[1])
    .map(([k, t]) => `${k} ${(t - t0).toFixed(1)}`)
    .join(' | ');
}

/** Adds a trace's complete events, by thread and name, to `totals` (the page's renderer, the browser, the worker). */
function addTrace(totals, events) {
  const threads = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  for (const e of events) {
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? '';
    if (e.ph !== 'X' || !e.dur || !/CrRendererMain|CrBrowserMain|ServiceWorker|RasterTask|CompositorTileWorker|ThreadPoolForeground/.test(thread)) continue;
    const key = `${thread} (pid ${e.pid}) ${e.name}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
  }
}
