// Round trips, called by bench/run.mjs (or `npm run bench -- round-trips`): how many times the
// service worker reaches into the page (a message to the content script), into the browser's
// debugger (a CDP command: trusted input, the request hold) and injects a script, per action of an
// agent run and per step of a workflow replay, in the real extension on arena tasks. The counts
// are taken inside the worker by wrapping chrome.tabs.sendMessage, chrome.debugger.sendCommand and
// chrome.scripting.executeScript for the bench only; the product is unchanged. A count that grows
// from one report to the next is a hop someone added.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startExtension } from './extension-session.mjs';
import { importBundled } from './node-bundle.mjs';
import { TASKS as GOLD } from './replay.mjs';

const TASKS = [
  ['checkboxes', 1],
  ['select-native', 2],
  ['shadow-form', 2],
];

const modelModule = (root) => importBundled(root, 'test/support/round-trip-model.ts', 'bench-trips');

/** In the worker: wraps the three ways it reaches out, counting each by message name or CDP method; returns and clears the counts. */
function countTrips(reset) {
  const g = globalThis;
  if (!g.__trips) {
    g.__trips = { page: {}, cdp: {}, inject: 0 };
    const count = (bag, key) => void (bag[key] = (bag[key] ?? 0) + 1);
    const send = chrome.tabs.sendMessage.bind(chrome.tabs);
    chrome.tabs.sendMessage = (tabId, msg, ...rest) => (count(g.__trips.page, msg?.name ?? '?'), send(tabId, msg, ...rest));
    const cmd = chrome.debugger.sendCommand.bind(chrome.debugger);
    chrome.debugger.sendCommand = (target, method, ...rest) => (count(g.__trips.cdp, method), cmd(target, method, ...rest));
    const exec = chrome.scripting.executeScript.bind(chrome.scripting);
    chrome.scripting.executeScript = (...args) => (g.__trips.inject++, exec(...args));
  }
  const out = JSON.parse(JSON.stringify(g.__trips));
  if (reset) g.__trips = { ...g.__trips, page: {}, cdp: {}, inject: 0 };
  return out;
}

const total = (bag) => Object.values(bag).reduce((a, b) => a + b, 0);
const top = (bag, n = 4) =>
  Object.entries(bag)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** Reads a store of the extension's database from its page. */
const rows = (ext, store, runId) =>
  ext.evaluate(
    ([s, id]) =>
      new Promise((resolve) => {
        const req = indexedDB.open('copilot');
        req.onsuccess = () => {
          const all = req.result.transaction(s).objectStore(s).getAll();
          all.onsuccess = () => (req.result.close(), resolve(all.result.filter((r) => (r.runId ?? r.id) === id)));
        };
      }),
    [store, runId],
  );

/** Waits for a run (agent runs in db.runs, replays in db.replays) to end, answering each question "allow once" as a person would. */
async function finish(x, store, runId) {
  for (let i = 0; i < 600; i++) {
    const [rec] = await rows(x.ext, store, runId);
    const status = rec?.status;
    if (['done', 'failed', 'stopped', 'error'].includes(status)) return status;
    if (status === 'waiting') {
      const events = await rows(x.ext, 'events', runId);
      const asked = events.filter((e) => e.type === 'confirmation_needed').at(-1);
      const answered = new Set(events.filter((e) => e.type === 'confirmation_answered').map((e) => e.requestId));
      if (asked && !answered.has(asked.request.id)) await x.send('run.confirm', { runId, requestId: asked.request.id, answer: 'once' }).catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return 'timeout';
}

export async function run({ arenaUrl, root }) {
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { startLlmServer, scriptArenaTask } = await modelModule(root);
  const llm = await startLlmServer();
  const x = await startExtension(root, llm.anthropicBaseUrl);
  const worker = () => x.context.serviceWorkers().at(-1);
  const rowsOut = [];
  try {
    for (const [task, seed] of TASKS) {
      // an agent run: a chat message, the scripted model plans the screen and each policy acts
      let s = await createScenario(arenaUrl, task, seed, 0);
      await x.page.goto(s.startUrl);
      await x.contentReady();
      scriptArenaTask(llm, task, s.text);
      await worker().evaluate(countTrips, true);
      const { runId } = await x.send('agent.chat', { tabId: x.tabId, chatId: `chat-trips-${task}`, text: s.text });
      const agentEnd = await finish(x, 'runs', runId);
      const agentTrips = await worker().evaluate(countTrips, true);
      const actions = (await rows(x.ext, 'events', runId)).filter((e) => e.type === 'action').length;
      const agentOk = agentEnd === 'done' && (await score(arenaUrl, s.id)).success === 1;

      // a replay of the same task, recorded from the person's own input
      const rec = await createScenario(arenaUrl, task, seed, 0);
      await x.page.goto(rec.startUrl);
      await x.contentReady();
      const { recordingId } = await x.send('recording.start', { tabId: x.tabId });
      await x.page.bringToFront();
      await GOLD[task].solve(x.page, rec.text, { recording: true });
      await x.page.waitForTimeout(300);
      const { workflowId } = await x.send('recording.save', { recordingId, task, alsoWorkflow: true });
      const wf = await x.send('workflows.get', { id: workflowId });
      s = await createScenario(arenaUrl, task, seed, 0);
      await x.page.goto(s.startUrl);
      await x.contentReady();
      await worker().evaluate(countTrips, true);
      const started = await x.send('replay.start', { workflowId, tabId: x.tabId, values: {} });
      const replayEnd = await finish(x, 'runs', started.replayId);
      const replayTrips = await worker().evaluate(countTrips, true);
      const replayOk = replayEnd === 'done' && (await score(arenaUrl, s.id)).success === 1;
      rowsOut.push({ task, actions, agentOk, agent: agentTrips, steps: wf.steps.length, replayOk, replay: replayTrips });
    }
  } finally {
    await x.close();
    await llm.close();
  }
  const per = (n, d) => (d ? (n / d).toFixed(1) : '–');
  const lines = [
    'Per run in the real extension, counted inside the service worker: messages it sends the page (to the content script), CDP commands (trusted input, the request hold; each is a round trip to the browser) and script injections. An agent run: one chat message on a fresh arena scenario, the scripted model planning the screen and each policy acting; a replay: the same task recorded from Playwright input on the canonical layout, replayed on a fresh scenario. Every question answered "allow once". A count here that grows from one report to the next is a hop someone added.',
    '',
    '| task | agent actions | page msgs / action | CDP / action | injections | replay steps | page msgs / step | CDP / step | injections | both scored 1 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rowsOut.map((r) => `| ${r.task} | ${r.actions} | ${per(total(r.agent.page), r.actions)} | ${per(total(r.agent.cdp), r.actions)} | ${r.agent.inject} | ${r.steps} | ${per(total(r.replay.page), r.steps)} | ${per(total(r.replay.cdp), r.steps)} | ${r.replay.inject} | ${r.agentOk && r.replayOk ? 'yes' : `no (agent ${r.agentOk ? 'ok' : 'not'}, replay ${r.replayOk ? 'ok' : 'not'})`} |`),
    '',
    'The most frequent, summed over the tasks:',
    '',
  ];
  const sum = (pick) => rowsOut.reduce((bag, r) => (Object.entries(pick(r)).forEach(([k, v]) => (bag[k] = (bag[k] ?? 0) + v)), bag), {});
  lines.push(`- agent runs, page messages: ${top(sum((r) => r.agent.page), 6)}`);
  lines.push(`- agent runs, CDP: ${top(sum((r) => r.agent.cdp), 6)}`);
  lines.push(`- replays, page messages: ${top(sum((r) => r.replay.page), 6)}`);
  lines.push(`- replays, CDP: ${top(sum((r) => r.replay.cdp), 6)}`);
  return { markdown: lines.join('\n'), results: rowsOut };
}
