// Workflow replay in Firefox, called by bench/run.mjs (or alone: node bench/firefox-replay.mjs).
// The select-native arena task is recorded through dist/firefox/ in headless Firefox ESR from
// trusted BiDi input and saved as a workflow; then, alternating on fresh scenarios of the same seed,
// a plain puppeteer script doing the task against a one-click replay of the workflow, each timed
// from the loaded start page to the task's effect. Chromium's figures for the same task are in the
// "Workflow replay" section of the same run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const GECKO_ID = 'copilot@browser-copilot.example'; // src/platform/manifest.ts
const UUID = '0b6f6c1e-6a57-4a39-9b0e-2c3d4e5f6a7b';
const ROUNDS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const countryOf = (text) => /^Set the country to (.+) and save/.exec(text)[1];

async function extensionPage(browser, path) {
  const page = await browser.newPage({ type: 'window' });
  page.goto(`moz-extension://${UUID}/${path}`).catch(() => {}); // BiDi never reports it finished
  await page.waitForFunction(() => location.protocol === 'moz-extension:' && document.readyState === 'complete', { timeout: 15_000 });
  return page;
}

async function solve(page, text) {
  await page.focus('select');
  await page.keyboard.type(countryOf(text));
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
}

/** Runs in the extension page: waits until the replay stops running, by its record in IndexedDB. */
async function waitForReplayEnd(id) {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open('copilot');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  for (let i = 0; i < 3000; i++) {
    const r = await new Promise((resolve) => {
      const req = db.transaction('runs').objectStore('runs').get(id);
      req.onsuccess = () => resolve(req.result);
    });
    if (r && r.status !== 'running') return db.close(), { at: Date.now(), status: r.status };
    await new Promise((res) => setTimeout(res, 10));
  }
  return db.close(), { at: Date.now(), status: 'timeout' };
}

function tableOf(row) {
  return [
    `Firefox (${row.browser}, headless, dist/firefox/ as a temporary add-on): the select-native task recorded from trusted input, then ${ROUNDS} rounds alternating a plain puppeteer script and a one-click replay, medians. Chromium's row for the same task is in "Workflow replay" above.`,
    '',
    '| task | script ms | replay ms | replay / script | all scored 1 |',
    '| --- | ---: | ---: | ---: | --- |',
    `| ${row.task} | ${row.scriptMs} | ${row.replayMs} | ${row.ratio.toFixed(2)} | ${row.allOk ? 'yes' : 'no'} |`,
  ].join('\n');
}

export async function run({ arenaUrl, root }) {
  if (!existsSync(FIREFOX)) return { markdown: `Not measured: Firefox was not found at ${FIREFOX} (npm run setup installs firefox-esr).`, results: { skipped: true } };
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { launch } = await import('puppeteer-core');
  const browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }) },
  });
  try {
    await browser.installExtension(join(root, 'dist', 'firefox'));
    const page = await browser.newPage({ type: 'window' });
    await page.goto(arenaUrl);
    const ext = await extensionPage(browser, 'sidepanel.html?bench=1');
    const send = async (name, params) => {
      const r = await ext.evaluate((n, p) => chrome.runtime.sendMessage({ channel: 'copilot', name: n, params: p }), name, params);
      if (!r?.ok) throw new Error(`${name}: ${JSON.stringify(r)}`);
      return r.result;
    };
    const tabId = await ext.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id, page.url());
    const open = async (seed) => {
      const s = await createScenario(arenaUrl, 'select-native', seed, 0);
      await page.goto(s.startUrl);
      for (let end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
        if ((await ext.evaluate((id) => chrome.runtime.sendMessage({ channel: 'copilot', name: 'tab.ping', params: { tabId: id } }), tabId))?.ok) return s;
      }
      throw new Error('the content script did not answer');
    };
    const replayEnd = (replayId) => ext.evaluate(waitForReplayEnd, replayId);

    const rec = await open(1);
    const { recordingId } = await send('recording.start', { tabId });
    await solve(page, rec.text);
    await new Promise((r) => setTimeout(r, 300)); // the last step reaches the recorder's store
    const { workflowId } = await send('recording.save', { recordingId, task: 'select-native', alsoWorkflow: true });
    if ((await score(arenaUrl, rec.id)).success !== 1) throw new Error('the recorded actions did not do the task');

    const script = [];
    const replayed = [];
    let allOk = true;
    for (let i = 0; i < ROUNDS; i++) {
      let s = await open(1);
      const t0 = Date.now();
      await solve(page, s.text);
      script.push(Date.now() - t0);
      allOk &&= (await score(arenaUrl, s.id)).success === 1;
      s = await open(1);
      const t1 = Date.now();
      const { replayId } = await send('replay.start', { workflowId, tabId, values: {} });
      const end = await replayEnd(replayId);
      replayed.push(end.at - t1);
      allOk &&= end.status === 'done' && (await score(arenaUrl, s.id)).success === 1;
    }
    const row = { task: 'select-native', browser: await browser.version(), scriptMs: median(script), replayMs: median(replayed), ratio: median(replayed) / median(script), allOk };
    const markdown = tableOf(row);
    return { markdown, results: row };
  } finally {
    await browser.close().catch(() => {});
  }
}

// alone: node bench/firefox-replay.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '..');
  const { startArena } = await import(pathToFileURL(join(root, 'arena/server.mjs')).href);
  const arena = await startArena({ port: 0 });
  try {
    console.log((await run({ arenaUrl: arena.url, root })).markdown);
  } finally {
    await arena.close();
  }
}
