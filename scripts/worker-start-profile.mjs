// Where the service worker's cold start goes: the bench's "Extension" measurement (worker stopped
// through CDP, woken by one `system.status` from an extension page, until the reply), with a CPU
// profile of the worker taken from before its script is evaluated (CDP auto-attach, the worker
// held until the profiler runs). Prints the wake-up times, then the worker thread's time by
// original source file (through background.js.map), by package, and the functions with the most
// self time, summed over the rounds and divided by them.
//
//   node scripts/worker-start-profile.mjs [--n 9] [--ext dist/chrome] [--top 25] [--save dir]
// --save writes each profile as dir/worker-start-N.cpuprofile (DevTools' Performance panel opens it).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { SourceMapConsumer } from 'source-map-js';
import { ARGS, CHROMIUM } from '../bench/extension-session.mjs';

const root = resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({ options: { n: { type: 'string', default: '9' }, ext: { type: 'string', default: join(root, 'dist/chrome') }, top: { type: 'string', default: '25' }, save: { type: 'string' } } });
const N = Number(opts.n);
const source = resolve(opts.ext);
const map = new SourceMapConsumer(JSON.parse(await readFile(join(source, 'background.js.map'), 'utf8')));

// the switches Playwright launches with that bear on timing (the bench launches through Playwright)
const PLAYWRIGHTS = ['--disable-field-trial-config', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding', '--disable-ipc-flooding-protection', '--disable-hang-monitor', '--disable-dev-shm-usage', '--password-store=basic', '--use-mock-keychain'];
const extDir = await mkdtemp(join(tmpdir(), 'sw-profile-ext-'));
await cp(source, extDir, { recursive: true });
// the panel's address, blank: the worker answers system.status to the panel only
await writeFile(join(extDir, 'sidepanel.html'), '<!doctype html><title>profile</title>');
const profileDir = await mkdtemp(join(tmpdir(), 'sw-profile-'));
const chrome = spawn(CHROMIUM, ['--headless', ...ARGS, ...PLAYWRIGHTS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, `--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, 'about:blank'], { stdio: 'ignore' });
// A sample's time is the gap to the next one, and on a loaded machine the worker's thread is
// sometimes descheduled for hundreds of milliseconds, which would all land on whatever function
// was running: a sample counts at most this many microseconds (ten sampling intervals).
const CAP_US = 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let endpoint;
for (const end = Date.now() + 15_000; !endpoint && Date.now() < end; await sleep(50)) {
  const port = await readFile(join(profileDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
  const [p, path] = port.split('\n');
  if (path) endpoint = `ws://127.0.0.1:${p}${path}`;
}
const ws = new WebSocket(endpoint);
await new Promise((r, j) => ws.once('open', r).once('error', j));
let nextId = 1;
const pending = new Map();
const listeners = new Set();
ws.on('message', (raw) => {
  const m = JSON.parse(raw);
  if (m.id && pending.has(m.id)) {
    const { resolve: ok, reject } = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) reject(new Error(m.error.message));
    else ok(m.result);
  } else for (const l of listeners) l(m);
});
const send = (method, params = {}, sessionId) =>
  new Promise((ok, reject) => {
    const id = nextId++;
    pending.set(id, { resolve: ok, reject });
    ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  });
const waitFor = (test, ms = 15_000) =>
  new Promise((ok, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    const l = (m) => {
      if (!test(m)) return;
      clearTimeout(timer);
      listeners.delete(l);
      ok(m);
    };
    listeners.add(l);
  });

try {
  await send('Target.setDiscoverTargets', { discover: true });
  let worker;
  for (const end = Date.now() + 15_000; !worker && Date.now() < end; await sleep(100)) {
    const { targetInfos } = await send('Target.getTargets');
    worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
  }
  const extId = new URL(worker.url).host;
  await sleep(1500); // the first start's own work (install, welcome tab) settles
  const { targetId } = await send('Target.createTarget', { url: `chrome-extension://${extId}/sidepanel.html` });
  const { sessionId: pageSession } = await send('Target.attachToTarget', { targetId, flatten: true });
  await sleep(500);
  await send('ServiceWorker.enable', {}, pageSession);
  const evaluate = async (expression) => (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, pageSession)).result.value;
  const roundTrip = () => evaluate(`(async () => { const t0 = performance.now(); await chrome.runtime.sendMessage({ channel: 'copilot', name: 'system.status', params: {} }); return performance.now() - t0; })()`);
  const stop = async () => {
    const stopped = waitFor((m) => m.method === 'ServiceWorker.workerVersionUpdated' && m.params.versions.some((v) => v.scriptURL.startsWith(`chrome-extension://${extId}/`) && v.runningStatus === 'stopped'));
    await send('ServiceWorker.stopAllWorkers', {}, pageSession);
    await stopped;
  };
  // every target attached from here on is let go at once, except the worker, profiled first
  let profiling;
  listeners.add((m) => {
    if (m.method !== 'Target.attachedToTarget') return;
    const { sessionId, targetInfo, waitingForDebugger } = m.params;
    if (targetInfo.type === 'service_worker' && targetInfo.url.endsWith('/background.js')) {
      profiling = (async () => {
        await send('Profiler.enable', {}, sessionId);
        await send('Profiler.setSamplingInterval', { interval: 100 }, sessionId);
        await send('Profiler.start', {}, sessionId);
        if (waitingForDebugger) await send('Runtime.runIfWaitingForDebugger', {}, sessionId);
        return sessionId;
      })();
    } else if (waitingForDebugger) void send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
  });

  const cold = [];
  const plain = [];
  const bySource = new Map();
  const byPackage = new Map();
  const bySelf = new Map();
  const during = new Map(); // the script's evaluation (under its top-level frame), by package
  const after = new Map(); // what runs after it until the reply, by package
  const topLines = new Map(); // the top-level frame's own time, by the source file of its lines
  const evalMs = [];
  let total = 0;
  let program = 0;
  const add = (m, k, us) => m.set(k, (m.get(k) ?? 0) + us);
  const where = (cf) => {
    if (!cf.url.endsWith('/background.js')) return { file: cf.url ? cf.url.split('/').pop() : `(${cf.functionName || 'native'})`, line: cf.lineNumber };
    const o = map.originalPositionFor({ line: cf.lineNumber + 1, column: Math.max(cf.columnNumber, 0) });
    return { file: o.source ? o.source.replace(/^(\.\.\/)+/, '') : 'background.js (unmapped)', line: o.line ?? cf.lineNumber + 1 };
  };
  const packageOf = (file) => {
    const nm = file.lastIndexOf('node_modules/');
    if (nm < 0) return file.startsWith('src/') ? file.split('/').slice(0, 3).join('/') : file;
    const rest = file.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  };
  for (let i = 0; i < N; i++) {
    await roundTrip(); // running, so that the stop is seen
    await stop();
    // the same wake-up without the profiler, as the bench times it, then one with it
    plain.push(await roundTrip());
    await stop();
    profiling = undefined;
    await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    cold.push(await roundTrip());
    const sessionId = await profiling;
    if (!sessionId) throw new Error('the worker was not attached');
    const { profile } = await send('Profiler.stop', {}, sessionId);
    await send('Target.detachFromTarget', { sessionId }).catch(() => {});
    if (opts.save) await writeFile(join(resolve(opts.save), `worker-start-${i}.cpuprofile`), JSON.stringify(profile));
    const node = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
    const isTop = (n) => n.callFrame.url.endsWith('/background.js') && n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0;
    let t = profile.startTime;
    let evalEnd = t;
    profile.samples.forEach((id, k) => {
      const us = Math.min(profile.timeDeltas[k + 1] ?? 0, CAP_US);
      t += profile.timeDeltas[k] ?? 0;
      const n = node.get(id);
      if (n.callFrame.functionName === '(idle)') return;
      if (n.callFrame.functionName === '(program)') return void (program += us);
      total += us;
      const w = where(n.callFrame);
      add(bySource, w.file, us);
      add(byPackage, packageOf(w.file), us);
      add(bySelf, `${n.callFrame.functionName || '(anonymous)'} ${w.file}:${w.line}`, us);
      let top = false;
      for (let p = id; p && !top; p = parent.get(p)) top = isTop(node.get(p));
      if (top) evalEnd = t;
      add(top ? during : after, packageOf(w.file), us);
    });
    evalMs.push((evalEnd - profile.startTime) / 1000);
    for (const n of profile.nodes.filter(isTop)) {
      for (const { line, ticks } of n.positionTicks ?? []) {
        const o = map.originalPositionFor({ line, column: 0, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
        add(topLines, o.source ? `${o.source.replace(/^(\.\.\/)+/, '')}` : `background.js:${line}`, ticks * (profile.timeDeltas[1] ?? 100));
      }
    }
    await send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false, flatten: true });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const per = (us) => (us / N / 1000).toFixed(2).padStart(7);
  const top = Number(opts.top);
  console.log(`cold start, ms until the reply: median ${median(plain).toFixed(0)} unprofiled, ${median(cold).toFixed(0)} profiled (${N} each)`);
  console.log(`  unprofiled: ${plain.map((x) => x.toFixed(0)).join(' ')}; profiled: ${cold.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(`worker thread busy (not idle, not "(program)") per start: ${per(total)} ms`);
  console.log(`"(program)" (the engine's own work: compiling, among others) per start: ${per(program)} ms`);
  console.log(`the script's evaluation ends, ms after the profiler started: median ${median(evalMs).toFixed(0)}`);
  console.log('\nduring the evaluation, by package or source folder, ms per start');
  for (const [k, us] of [...during].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
  console.log('\nafter it, until the reply');
  for (const [k, us] of [...after].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
  console.log('\nthe top-level code\'s own time, by the file of its lines (about: one sample interval a tick)');
  for (const [k, us] of [...topLines].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
  console.log('\nby package or source folder, ms per start');
  for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
  console.log('\nby file, ms per start');
  for (const [k, us] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
  console.log('\nfunctions by self time, ms per start');
  for (const [k, us] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(per(us), k);
} finally {
  ws.close();
  chrome.kill();
  await new Promise((r) => chrome.once('exit', r));
  await rm(profileDir, { recursive: true, force: true });
  await rm(extDir, { recursive: true, force: true });
}
