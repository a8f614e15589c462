// "Recorder interop" benchmark, called by bench/run.mjs (`node bench/run.mjs recorder-interop`).
//
// Chrome DevTools Recorder files replayed by this extension and by Chrome's own runner
// (`@puppeteer/replay` with puppeteer-core, in a Chromium of its own) in the same run, on the same
// pages. Three sets: arena tasks recorded here and exported for the Recorder; the flows of the
// Recorder runner's conformance suite (bench/recorder-flows, pages in
// third_party/puppeteer-replay/resources); generated flows in test/fixtures/recorder-flows when
// present. Ours goes through the real messages: `workflows.import` of the file, then `replay.start`
// in a tab, timed until the replay stops; a question of the safety gate on the way is answered "allow once", as
// the person would. Each flow's result is checked on the page: the arena's score, or the flow's
// `.expect.json`.
import { launch } from 'puppeteer-core';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TASKS } from './replay.mjs';
import { ARGS, CHROMIUM, startExtension } from './extension-session.mjs';
import { loadFlowSet, median, startCountingModel, startPageServer, unmetInPage } from './recorder-support.mjs';

// login is left out: its password is a secret, which an export never writes, so no runner could sign in with the file
const RECORDED = process.env.BENCH_INTEROP_TASKS?.split(',') ?? ['select-native', 'checkboxes', 'radio', 'tabs', 'shadow-form', 'iframe-form', 'autocomplete', 'date-picker', 'select-custom', 'airline-book'];
/** the run events after which a replay's drive stops and its state is written (src/workflows/replay/engine.ts) */
const DRIVE_ENDS = ['done', 'stopped', 'error', 'paused', 'confirmation_needed'];
/**
 * Each flow is replayed this many times by each runner, the runners taking turns: a single pass of a
 * two-step flow moves by 15 to 20 % on a 2-core machine (and, with 3 rounds, a section's ratio by as
 * much from run to run), and a flow's time is the median of its rounds.
 */
const ROUNDS = Number(process.env.BENCH_INTEROP_ROUNDS ?? 5);
/** how long ours may take on one flow before it counts as stalled (Chrome's runner gives each step 5 s) */
const OURS_LIMIT_MS = 8_000;
/**
 * Each runner starts on a page that has finished loading and on a quiet machine, as a person's Run
 * does: the start page's own load (its content script, for ours) and the last run's teardown
 * (a detach, a closed page) would otherwise fall into the next run's time, whichever runner it is.
 */
const QUIET_MS = 250;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs in the extension page: starts the replay with `start`, and waits until its stored state is
 * no longer running; a question of the safety gate is answered "allow once", as the person would
 * in the panel (at most 3). The run's events (the port the side panel listens on) say when to
 * look: once an event that ends a drive has come (done, stopped, an error, a pause, a question),
 * the stored state, written just after it, is read every 2 ms until it says so; before that only
 * every 25 ms, in case an event is missed. Reading every 2 ms through the whole replay took the
 * two cores from the page it loads (12 to 19 ms more per flow, scripts/replay-loop.mjs). Timed in
 * the page, as Chrome's runner is timed in its own process, so the harness's round trips to the
 * browser are not counted.
 */
function replayInPage(ext, start, limitMs) {
  return ext.evaluate(
    async ([startMessage, limit, ENDS]) => {
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open('copilot');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const read = (id) => new Promise((resolve) => (db.transaction('runs').objectStore('runs').get(id).onsuccess = (e) => resolve(e.target.result)));
      let wake = () => {};
      let ending = false;
      const port = chrome.runtime.connect({ name: 'copilot-events' });
      port.onMessage.addListener((m) => {
        if (m.type !== 'event' || !ENDS.includes(m.event?.type)) return;
        ending = true;
        wake();
      });
      const send = (name, params) => chrome.runtime.sendMessage({ channel: 'copilot', name, params });
      const asked = [];
      const t0 = Date.now();
      const started = await send('replay.start', startMessage);
      const id = started?.result?.replayId;
      const end = (r) => {
        port.disconnect();
        db.close();
        return { ms: Date.now() - t0, replayId: id, state: r?.state ?? null, started, asked };
      };
      if (!started?.ok || !id) return end(null);
      for (const stop = t0 + limit; Date.now() < stop; ) {
        const r = await read(id);
        if (r && r.status === 'waiting' && r.state.confirm && asked.length < 3) {
          asked.push(r.state.confirm.category);
          ending = false;
          await send('run.confirm', { runId: id, requestId: r.state.confirm.id, answer: 'once' });
          continue;
        }
        if (r && r.status !== 'running') return end(r);
        await new Promise((res) => {
          const timer = setTimeout(res, ending ? 2 : 25);
          wake = () => {
            clearTimeout(timer);
            setTimeout(res, 1);
          };
        });
      }
      return end(null);
    },
    [start, limitMs, DRIVE_ENDS],
  );
}

/**
 * Imports a Recorder file and replays it here; the safety gate's questions are answered "allow once", as the person would.
 * The import is the person's who ticked "Let it submit forms on its site" at the review: its payments, sends and deletions are still asked.
 */
async function replayOurs(x, text, openFirst) {
  const imported = await x.send('workflows.import', { text, filename: 'flow.recording.json', trustEffects: true }).catch((e) => ({ ok: false, message: e.message }));
  if (!imported.ok) return { ok: false, ms: NaN, message: `import: ${imported.message}`, asked: [] };
  await x.page.goto(openFirst);
  await x.page.bringToFront();
  await x.contentReady();
  await sleep(QUIET_MS);
  const t = Date.now();
  const r = await replayInPage(x.ext, { workflowId: imported.id, tabId: x.tabId, values: {} }, OURS_LIMIT_MS);
  if (!r.started?.ok) return { ok: false, ms: NaN, message: `start: ${JSON.stringify(r.started)}`, asked: [] };
  const s = r.state;
  if (s?.status !== 'done') await x.send('run.stop', { runId: r.replayId }).catch(() => {});
  if (process.env.DEBUG_REPLAY_TIMES) console.log(await stepTimes(x.ext, r.replayId, t));
  const message = s ? (s.status === 'done' ? '' : `${s.status} at step ${s.index + 1}: ${s.message}`) : 'still running at the limit';
  return { ok: s?.status === 'done', ms: r.ms, message, asked: r.asked };
}

/** Each replay event's time since `t0` (DEBUG_REPLAY_TIMES=1): where a flow's time goes. */
function stepTimes(ext, replayId, t0) {
  return ext.evaluate(
    ([id, start]) =>
      new Promise((resolve) => {
        const req = indexedDB.open('copilot');
        req.onsuccess = () => {
          const get = req.result.transaction('events').objectStore('events').getAll();
          get.onsuccess = () => {
            resolve(get.result.filter((e) => e.runId === id).map((e) => `${e.type}${e.index ?? ''} +${e.time - start}`).join('  '));
            req.result.close();
          };
        };
      }),
    [replayId, t0],
  );
}

/** When the page's response, DOMContentLoaded and load came, after its navigation began (DEBUG_REPLAY_TIMES=1): a page's load is most of a short flow. */
const loadTimes = (page) =>
  page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return `response +${Math.round(n.responseEnd)}, DOMContentLoaded +${Math.round(n.domContentLoadedEventEnd)}, load +${Math.round(n.loadEventEnd)} ms`;
  });

/** Replays a Recorder file with Chrome's runner in a fresh page; `check` runs on that page afterwards. */
async function replayChrome(browser, text, check) {
  const page = await browser.newPage();
  try {
    await sleep(QUIET_MS);
    const t0 = Date.now();
    let message = '';
    const ok = await createRunner(parse(JSON.parse(text)), new PuppeteerRunnerExtension(browser, page, { timeout: 5_000 }))
      .then((r) => r.run())
      .catch((e) => ((message = e.message.split('\n')[0]), false));
    const ms = Date.now() - t0;
    if (process.env.DEBUG_REPLAY_TIMES) console.log(`Chrome's runner: ${ms} ms;`, await loadTimes(page));
    return { ok, ms, message, unmet: ok ? await check(page) : '' };
  } finally {
    await page.close();
  }
}

/** Arena tasks recorded through the real recorder (gold actions, trusted input), saved, exported for the Recorder. */
async function recordedFlows(x, arenaUrl, root) {
  const { createScenario } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const out = [];
  for (const task of RECORDED) {
    const t = TASKS[task];
    const s = await createScenario(arenaUrl, task, t.seed, 0);
    await x.page.goto(s.startUrl);
    await x.contentReady();
    const { recordingId } = await x.send('recording.start', { tabId: x.tabId });
    await x.page.bringToFront();
    await t.solve(x.page, s.text, { recording: true });
    await x.page.waitForTimeout(300);
    const saved = await x.send('recording.save', { recordingId, task, alsoWorkflow: true });
    const file = await x.send('workflows.export', { id: saved.workflowId, format: 'chrome-recorder' });
    if (!file.ok) throw new Error(`${task}: ${file.message}`);
    out.push({ name: task, text: file.text, scenario: s.id, seed: t.seed, ok: t.ok ?? ((sc) => sc.success === 1), warnings: file.warnings });
  }
  return out;
}

export async function run({ arenaUrl, root }) {
  const started = Date.now();
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const model = await startCountingModel();
  const fixtures = join(root, 'test/fixtures');
  const pages = await startPageServer([join(root, 'third_party/puppeteer-replay/resources'), join(fixtures, 'recorder-flows'), join(fixtures, 'recorder-flows/pages'), join(fixtures, 'pages')]);
  const [x, browser] = await Promise.all([startExtension(root, model.baseUrl), launch({ executablePath: CHROMIUM, headless: true, args: ARGS, defaultViewport: { width: 1280, height: 800 } })]);
  const rows = [];
  /** the arena's verdict; a form posted by the last step may still be on its way when a runner stops, so it is asked again for a moment */
  const scored = async (id, ok) => {
    let sc;
    for (const end = Date.now() + 2_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (ok((sc = await score(arenaUrl, id)))) return '';
    return `score ${sc.success}: ${sc.reason}`;
  };
  try {
    const sets = [
      ['recorded here, exported', process.env.BENCH_INTEROP_FLOWS ? [] : await recordedFlows(x, arenaUrl, root)],
      ...(process.env.BENCH_INTEROP_TASKS ? [] : [
        ['conformance (runner suite)', (await loadFlowSet(join(root, 'bench/recorder-flows'), pages.origin)).filter((f) => !process.env.BENCH_INTEROP_FLOWS || process.env.BENCH_INTEROP_FLOWS.split(',').includes(f.name))],
        ['generated', await loadFlowSet(join(fixtures, 'recorder-flows'), pages.origin)],
      ]),
    ];
    for (const [set, flows] of sets) {
      for (const f of flows) {
        const calls = model.calls.length;
        const oursOnce = async () => {
          if (f.scenario) {
            // each runner on a fresh scenario of the same seed: the arena's score says whether the right elements got the right values
            const a = await createScenario(arenaUrl, f.name, f.seed, 0);
            const r = await replayOurs(x, f.text.replaceAll(`scenario=${f.scenario}`, `scenario=${a.id}`), new URL('/', arenaUrl).href);
            return { ...r, unmet: r.ok ? await scored(a.id, f.ok) : '' };
          }
          const r = await replayOurs(x, f.text, `${pages.origin}/empty.html`);
          if (process.env.DEBUG_REPLAY_TIMES) console.log('ours: the last page', await loadTimes(x.page));
          return { ...r, unmet: r.ok ? await x.page.evaluate(unmetInPage, f.expect) : '' };
        };
        const chromeOnce = async () => {
          if (!f.scenario) return replayChrome(browser, f.text, (p) => p.evaluate(unmetInPage, f.expect));
          const b = await createScenario(arenaUrl, f.name, f.seed, 0);
          return replayChrome(browser, f.text.replaceAll(`scenario=${f.scenario}`, `scenario=${b.id}`), () => scored(b.id, f.ok));
        };
        // rounds alternate which runner goes first, so neither always meets the machine as the other left it
        const ours = [];
        const chrome = [];
        for (let round = 0; round < ROUNDS; round++) {
          if (round % 2 === 1) chrome.push(outcome(await chromeOnce()));
          ours.push(outcome(await oursOnce()));
          if (round % 2 === 0) chrome.push(outcome(await chromeOnce()));
        }
        rows.push({ set, flow: f.name, ours: overRounds(ours), chrome: overRounds(chrome), modelCalls: model.calls.length - calls, asked: ours[0]?.asked ?? [] });
      }
    }
  } finally {
    await browser.close();
    await x.close();
    await pages.close();
    await model.close();
  }
  return { markdown: report(rows, Date.now() - started), results: { rows, seconds: (Date.now() - started) / 1000 } };
}

/** Success is the runner finishing and the page showing the result; finishing with the wrong result is a wrong-element action. */
const outcome = (r) => ({ ok: r.ok && !r.unmet, ms: r.ms, wrong: r.ok && !!r.unmet, message: r.message || r.unmet || '', asked: r.asked ?? [] });

/** A flow's rounds as one result: a success only if every round succeeded, its time the rounds' median. */
function overRounds(rounds) {
  const failed = rounds.find((r) => !r.ok);
  return { ok: !failed, ms: median(rounds.map((r) => r.ms)), wrong: rounds.some((r) => r.wrong), message: failed?.message ?? '', asked: rounds[0]?.asked ?? [] };
}

function report(rows, ms) {
  const sets = [...new Set(rows.map((r) => r.set))];
  const summary = sets.map((set) => {
    const rs = rows.filter((r) => r.set === set);
    const both = rs.filter((r) => r.ours.ok && r.chrome.ok);
    const mo = median(both.map((r) => r.ours.ms));
    const mc = median(both.map((r) => r.chrome.ms));
    const count = (k) => `${rs.filter((r) => r[k].ok).length}/${rs.length}`;
    const wrong = (k) => rs.filter((r) => r[k].wrong).length;
    return `| ${set} | ${count('ours')} | ${count('chrome')} | ${both.length ? mo : '–'} | ${both.length ? mc : '–'} | ${both.length ? (mo / mc).toFixed(2) : '–'} | ${rs.reduce((a, r) => a + r.modelCalls, 0)} | ${wrong('ours')} / ${wrong('chrome')} |`;
  });
  const cell = (o) => `${o.ok ? 'ok' : o.wrong ? 'WRONG' : 'no'} ${Number.isFinite(o.ms) ? o.ms : '–'}${o.ok ? '' : `: ${o.message.slice(0, 90).replace(/\|/g, '/')}`}`;
  return [
    `Chrome DevTools Recorder files replayed by this extension (real \`workflows.import\` + \`replay.start\`) and by Chrome's own runner (\`@puppeteer/replay\` ${'3.x'} + puppeteer-core, a Chromium of its own) in the same run, on the same pages. Section time ${(ms / 1000).toFixed(1)} s.`,
    '',
    '| set | ours ok | Chrome ok | ours median ms | Chrome median ms | ours / Chrome | model calls (ours) | wrong element (ours / Chrome) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...summary,
    '',
    `Goals: ours completes at least what Chrome's runner completes in each set, at most 1.2x its median time per flow, with 0 model calls and 0 wrong-element actions. Medians are over the flows both runners completed. A set with no files is not listed.`,
    '',
    '| set | flow | ours (ms) | Chrome (ms) | model calls | gate questions (ours) |',
    '| --- | --- | --- | --- | ---: | ---: |',
    ...rows.map((r) => `| ${r.set} | ${r.flow} | ${cell(r.ours)} | ${cell(r.chrome)} | ${r.modelCalls} | ${r.asked.join(', ') || '–'} |`),
    '',
    `Method: "recorded here" flows are the recorder's capture of each arena task's gold script (trusted Playwright input, canonical layout), saved as a workflow and exported with \`workflows.export\` (format \`chrome-recorder\`); each runner replays the file on a fresh scenario of the same seed and the arena scores it (login is left out: its password is a secret, which an export writes empty, so neither runner could sign in); each file is imported as by a person who ticked \"Let it submit forms on its site\" at the import review (its reversible same-site form posts go unasked; payments, transfers, sends and deletions are asked); a question of the safety gate is answered \"allow once\" and counted. Conformance flows are the cases of the Recorder runner's own test suite that an extension can honour, as files in bench/recorder-flows with the checks of the original tests (\`.expect.json\`: a CSS selector with its text, value, checked state, count or focus). Each flow is replayed ${ROUNDS} times by each runner, taking turns (which one goes first alternates); a flow succeeds if every round did, and its time is the median of its rounds. Each run starts ${QUIET_MS} ms after its page is ready (for ours, the start page loaded and its content script answering; for Chrome's runner, its new page), so neither inherits the other's teardown or its own page's load. Ours is timed in the extension's page, from sending \`replay.start\` until the stored replay leaves \`running\` (looked at on each of the run's events, limit ${OURS_LIMIT_MS / 1000} s a flow); Chrome's from \`createRunner\` to the end of \`run()\` (5 s a step). A wrong-element action is a flow its runner finished whose page check then failed. Model calls go to a local endpoint that only counts them.`,
  ].join('\n');
}
