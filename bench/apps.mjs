// Apps on this computer (MCP), called by bench/run.mjs (`node bench/run.mjs apps`): a saved
// workflow called as a tool through the MCP server (the SDK's own client over stdio, the server,
// its WebSocket to the extension) against the same workflow started from the panel, in the same
// browser, rounds taking turns. Both open the workflow's start page in a new tab, as a tool call
// does; each is timed from the call to the replay's end.
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { pathToFileURL } from 'node:url';
import { startExtension } from './extension-session.mjs';
import { TASKS } from './replay.mjs';

const ROUNDS = 7;
const APP = 'Bench agent';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function poll(what, check, ms = 20_000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const v = await check();
    if (v) return v;
  }
  throw new Error(`bench apps: ${what} did not happen`);
}

export async function run({ arenaUrl, root }) {
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  // no model is called: the address only has to be valid
  const x = await startExtension(root, 'http://127.0.0.1:9');
  const { ext, page, send, tabId } = x;
  const state = await mkdtemp(join(tmpdir(), 'bench-mcp-'));
  const client = new Client({ name: APP, version: '1.0.0' });
  try {
    const port = await freePort();
    await send('settings.save', { apps: { enabled: true, port } });
    // the workflow: recorded once through the extension, as in the replay section
    const task = TASKS['select-native'];
    const sc = await createScenario(arenaUrl, 'select-native', task.seed, 0);
    await page.goto(sc.startUrl);
    await x.contentReady();
    await page.bringToFront();
    const { recordingId } = await send('recording.start', { tabId });
    await task.solve(page, sc.text, { recording: true });
    await page.waitForTimeout(300);
    const { workflowId } = await send('recording.save', { recordingId, task: 'Update my address country', alsoWorkflow: true });

    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, 'mcp/server.mjs'), '--port', String(port), '--state', state], stderr: 'ignore' }));
    const text = (r) => r.content.map((c) => c.text).join('\n');
    await poll('the pairing question', async () => /Waiting for the person/.test(text(await client.callTool({ name: 'connect_browser', arguments: {} }))));
    await send('apps.answer', { client: APP, allow: true });
    const tool = await poll('the workflow tool', async () => (await client.listTools()).tools.find((t) => t.name.startsWith('workflow_')));
    const [variable] = Object.keys(tool.inputSchema.properties ?? {});
    const country = /^Set the country to (.+) and save/.exec(sc.text)[1];

    const closeTab = (id) => ext.evaluate((t) => chrome.tabs.remove(t), id).catch(() => undefined);
    const fromPanel = async () => {
      const t0 = Date.now();
      const started = await send('replay.start', { workflowId, newTab: true, values: { [variable]: country } });
      if (!started.ok) throw new Error(`replay.start: ${started.message}`);
      // read inside the extension page, every 10 ms, as the replay section does
      const status = await ext.evaluate(async (id) => {
        const db = await new Promise((resolve) => {
          const req = indexedDB.open('copilot');
          req.onsuccess = () => resolve(req.result);
        });
        const read = () => new Promise((resolve) => (db.transaction('runs').objectStore('runs').get(id).onsuccess = (e) => resolve(e.target.result)));
        for (let i = 0; i < 3000; i++) {
          const r = await read();
          if (r && !['running'].includes(r.status)) return db.close(), r.status;
          await new Promise((res) => setTimeout(res, 10));
        }
        return db.close(), 'timeout';
      }, started.replayId);
      const ms = Date.now() - t0;
      if (status !== 'done') throw new Error(`the panel's replay ended ${status}`);
      await closeTab(started.tabId);
      return ms;
    };
    const fromApp = async () => {
      const t0 = Date.now();
      const r = await client.callTool({ name: tool.name, arguments: { [variable]: country } });
      const ms = Date.now() - t0;
      if (r.isError) throw new Error(`the tool call failed: ${text(r)}`);
      await closeTab(Number(/in tab (\d+)/.exec(text(r))[1]));
      return ms;
    };
    const panel = [];
    const app = [];
    let allOk = true;
    for (let i = 0; i < ROUNDS; i++) {
      panel.push(await fromPanel());
      allOk &&= (await score(arenaUrl, sc.id)).success === 1;
      app.push(await fromApp());
      allOk &&= (await score(arenaUrl, sc.id)).success === 1;
    }
    const results = { rounds: ROUNDS, panelMs: median(panel), appMs: median(app), ratio: median(app) / median(panel), allOk };
    const markdown = [
      `A recorded workflow (select-native: choose a country, save) replayed ${ROUNDS} times each way, taking turns, each in a new tab at its start page: started from the panel (\`replay.start\`) and called as a tool by an MCP client (the SDK's client over stdio → \`mcp/server.mjs\` → WebSocket on 127.0.0.1 → the extension). Median milliseconds from the call to the replay's end. Goal: the tool call at most 1.1× the panel's.`,
      '',
      '| started from | median ms | ratio | every run scored 1 |',
      '| --- | ---: | ---: | --- |',
      `| the panel | ${results.panelMs} | 1.00 | ${allOk ? 'yes' : 'no'} |`,
      `| an MCP client | ${results.appMs} | ${results.ratio.toFixed(2)} | ${allOk ? 'yes' : 'no'} |`,
      '',
      '`read_page` returns the page model at the same budget as the agent reads it, so its size against Playwright\'s `ariaSnapshot` is the page-model section\'s ratio.',
    ].join('\n');
    return { markdown, results };
  } finally {
    await client.close().catch(() => undefined);
    await x.close();
    await rm(state, { recursive: true, force: true });
  }
}
