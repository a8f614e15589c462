import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArena } from '../../arena/server.mjs';
import { createScenario, score } from '../../arena/client.mjs';
import { startFirefoxSession, type FirefoxSession } from './support/session';
import { pageSend, waitForContentScript } from './support/firefox';
import { idFor, instructionOf, isPlanner, isPolicy, pageOf, previousActionsOf } from '../support/model-reading';
import { planOnce } from '../support/scripted-web-model';
import { scriptApplication } from '../support/scripted-upload';

/**
 * Tasks on the arena in Firefox, in one browser: chat tasks (the real Anthropic SDK in the event page
 * against the scripted server), a background stopped mid-run, and a recorded workflow replayed.
 */
let arena: Awaited<ReturnType<typeof startArena>>;
let s: FirefoxSession;
beforeAll(async () => {
  arena = await startArena({ port: 0 });
  s = await startFirefoxSession(arena.url);
});
afterAll(async () => {
  await s?.close();
  await arena?.close();
});

/** planner → CHECK (every wanted box) → CLICK the submit → empty plan; `slowCheck` delays the CHECK answer. */
function scriptToppings(wanted: string[], slowCheckMs = 0) {
  let checks = 0;
  s.llm.clear();
  s.llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: planOnce('Tick the toppings, then add the pizza.', [{ policy: 'CHECK', target: 'Toppings', value: wanted.join(', ') }, { policy: 'CLICK', target: 'Add to order' }], 'The pizza is in the order.'),
    },
    {
      name: 'check',
      match: (r) => isPolicy(r, 'CHECK'),
      answer: (r) => {
        const page = pageOf(r);
        return {
          delayMs: checks++ === 0 ? slowCheckMs : 0,
          toolCalls: [{ name: 'act', args: { thought: 'Tick each wanted box.', actions: [...wanted.map((w) => ({ kind: 'check', id: idFor(page, w), checked: true })), { kind: 'done', summary: 'ticked' }] } }],
        };
      },
    },
    {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) =>
        previousActionsOf(r).length
          ? { toolCalls: [{ name: 'act', args: { thought: 'Clicked.', actions: [{ kind: 'done', summary: 'added' }] } }] }
          : { toolCalls: [{ name: 'act', args: { thought: `Doing ${instructionOf(r)}.`, actions: [{ kind: 'click', id: idFor(pageOf(r), 'Add to order') }] } }] },
    },
  );
}

async function toppingsScenario() {
  const sc = await createScenario(arena.url, 'checkboxes', 3);
  return { sc, wanted: /Add (.*?) as toppings/.exec(sc.text)![1]!.split(/, | and /) };
}

describe('a chat task in Firefox', () => {
  it('ticks the asked toppings from one chat message and the arena scores it 1', async () => {
    const { sc, wanted } = await toppingsScenario();
    scriptToppings(wanted);
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(30_000, { allow: ['form'] });
    expect(end.asked).toEqual(['form']);
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.map((r) => r.rule)).toEqual(['planner', 'check', 'click', 'click', 'planner']);
  });

  it('resumes a run whose background was stopped while it waited for the model, and finishes it', async () => {
    const { sc, wanted } = await toppingsScenario();
    scriptToppings(wanted, 5000);
    await s.page.goto(sc.startUrl);
    const booted = ((await pageSend(s.panel, 'system.status', {})) as { result: { bootedAt: number } }).result.bootedAt;
    await s.ask(sc.text);
    await expect.poll(() => s.llm.requests.filter((r) => r.rule === 'check').length, { timeout: 15_000, interval: 100 }).toBe(1);

    expect(await s.ff.stopBackground()).toBe('stopped');

    // the panel reconnects, which wakes the event page; the run goes on from its last saved step
    await expect.poll(async () => Number(await s.panel.$eval('[data-testid=connection]', (e) => e.getAttribute('data-booted-at'))), { timeout: 15_000, interval: 100 }).toBeGreaterThan(booted);
    const end = await s.waitForEnd(30_000, { allow: ['form'] });
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.filter((r) => r.rule === 'check').length).toBeGreaterThanOrEqual(2);
    expect(await s.panel.$eval('[data-testid=timeline]', (e) => e.textContent)).toMatch(/Resumed/);
  });
});

describe('files attached in chat, in Firefox', () => {
  it('puts the CV into the file field, asking first (no hold here), and the site gets the exact bytes; a drop does not reach the page yet', async () => {
    const sc = await createScenario(arena.url, 'upload-file', 3);
    const cv = Buffer.from([37, 80, 68, 70, 0, 1, 2, 250, 255, 10]);
    const letter = Buffer.from('Dear team,\nAnn\n');
    s.llm.clear();
    scriptApplication(s.llm);
    await s.page.goto(sc.startUrl);
    await waitForContentScript(s.panel, s.tabId);
    // the person's choice in the composer's file chooser, made in the panel's own page
    await s.panel.evaluate((files: { name: string; type: string; b64: string }[]) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid=attach-input]')!;
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, [{ name: 'cv.pdf', type: 'application/pdf', b64: cv.toString('base64') }, { name: 'letter.txt', type: 'text/plain', b64: letter.toString('base64') }]);
    await s.panel.waitForSelector('[data-testid=attached-files]');
    await s.ask(sc.text);
    const end = await s.waitForEnd(45_000, { allow: ['send', 'form', 'other'] });
    expect(end.kind, end.text).toBe('done');
    // without a request hold, each file is asked about before it goes, and the Send button by its words
    expect(end.asked.filter((c) => c === 'send').length).toBeGreaterThanOrEqual(3);
    const received = (await (await fetch(new URL(`/t/upload-file/received?scenario=${sc.id}`, arena.url))).json()) as { name: string; cv: { size: number; sha256: string } | null; letter: unknown }[];
    expect(received.at(-1)?.name).toBe('Ann Lee');
    expect(received.at(-1)?.cv?.size).toBe(cv.length);
    expect(received.at(-1)?.cv?.sha256).toBe(createHash('sha256').update(cv).digest('hex'));
    // not yet in Firefox: a drop made by the content script reaches the page's listeners with an empty
    // DataTransfer (docs/firefox.md); the field path above is how Firefox uploads today
    expect(received.at(-1)?.letter).toBeNull();
  });
});

describe('a page that ignores synthetic clicks, in a browser without trusted input', () => {
  it('is told in plain words, to the model and in the timeline, that the click may have been ignored', async () => {
    const sc = await createScenario(arena.url, 'trusted-click', 1, 0);
    const label = /Press the "(.+)" button/.exec(sc.text)![1]!;
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Press it.', [{ policy: 'CLICK', target: label }], 'Pressed.') },
      {
        name: 'click',
        match: (r) => isPolicy(r, 'CLICK'),
        answer: (r) =>
          previousActionsOf(r).length
            ? { toolCalls: [{ name: 'act', args: { thought: 'Clicked.', actions: [{ kind: 'done', summary: 'pressed' }] } }] }
            : { toolCalls: [{ name: 'act', args: { thought: 'Press it.', actions: [{ kind: 'click', id: idFor(pageOf(r), label) }] } }] },
      },
    );
    await s.page.goto(sc.startUrl);
    await waitForContentScript(s.panel, s.tabId);
    await s.ask(sc.text);
    await s.waitForEnd(30_000, { allow: ['other', 'commit', 'form', 'account'] });
    // Firefox gives extensions no trusted input: the page received only a synthetic click
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0, reason: 'only synthetic (untrusted) clicks were received' });
    const followUp = s.llm.requests.filter((r) => r.rule === 'click')[1];
    expect(followUp?.lastUser).toContain('this browser gives extensions no trusted input');
    expect(await s.panel.$eval('[data-testid=timeline]', (e) => e.textContent)).toContain('no trusted input');
  });
});

describe('a downloaded file, in Firefox', () => {
  it('is read back into the task: the CSV\'s text is in the model\'s next request, inside its fence', async () => {
    const sc = await createScenario(arena.url, 'download-file', 5);
    s.llm.clear();
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('The invoice link.', [{ policy: 'CLICK', target: 'Download invoice (CSV)' }], 'Downloaded.') },
      { name: 'click', match: (r) => isPolicy(r, 'CLICK'), answer: (r) => (previousActionsOf(r).length ? act('Saved.', [{ kind: 'done', summary: 'downloaded' }]) : act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), 'Download invoice (CSV)') }])) },
    );
    await s.page.goto(sc.startUrl);
    await waitForContentScript(s.panel, s.tabId);
    const card = await s.page.$eval('.card', (e) => (e as HTMLElement).innerText);
    // a link that downloads by its attribute: a link whose navigation becomes a download leaves
    // puppeteer's BiDi page waiting for that navigation, and the next page.goto times out
    await s.page.$eval('a[href*="invoice.csv"]', (a) => a.setAttribute('download', ''));
    const [, planName, amount] = /Plan (\w+): \$(\d+)\.00/.exec(card) ?? [];
    await s.ask(sc.text);
    const end = await s.waitForEnd(30_000, { allow: ['other', 'navigation'] });
    expect(end.kind, end.text).toBe('done');
    const next = s.llm.requests.filter((r) => r.rule === 'click')[1]?.lastUser ?? '';
    expect(next).toMatch(new RegExp(`<download>\\nFile: invoice-[\\w()]+\\.csv \\(text/csv\\)\\nitem,amount\\nPlan ${planName},${amount}\\.00\\nTax,${(Number(amount) * 0.2).toFixed(2).replace('.', '\\.')}\\n\\n</download>`));
  });

  it('is read in the page when the page made it (a blob: address)', async () => {
    const sc = await createScenario(arena.url, 'download-file', 6);
    s.llm.clear();
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('The export.', [{ policy: 'CLICK', target: 'Export rows' }], 'Exported.') },
      { name: 'click', match: (r) => isPolicy(r, 'CLICK'), answer: (r) => (previousActionsOf(r).length ? act('Saved.', [{ kind: 'done', summary: 'exported' }]) : act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), 'Export rows') }])) },
    );
    await s.page.goto(sc.startUrl);
    await waitForContentScript(s.panel, s.tabId);
    // the page's own script makes the file and keeps its address a while (as FileSaver.js does)
    await s.page.evaluate(() => {
      const b = document.createElement('button');
      b.textContent = 'Export rows';
      b.onclick = () => {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob(['name,seats\nAnn,3\n'], { type: 'text/csv' }));
        a.download = 'rows.csv';
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 40_000);
      };
      document.querySelector('.card')!.append(b);
    });
    await s.ask('Export the rows.');
    const end = await s.waitForEnd(30_000, { allow: ['other'] });
    expect(end.kind, end.text).toBe('done');
    const next = s.llm.requests.filter((r) => r.rule === 'click')[1]?.lastUser ?? '';
    expect(next).toContain('<download>\nFile: rows.csv (text/csv)\nname,seats\nAnn,3\n\n</download>');
  });
});

const NAME = 'Update my address country';
const countryOf = (text: string) => /^Set the country to (.+) and save/.exec(text)![1]!;

async function open(seed: number) {
  const sc = await createScenario(arena.url, 'select-native', seed, 0);
  await s.page.goto(sc.startUrl);
  await waitForContentScript(s.panel, s.tabId);
  return sc;
}

async function replayStatuses(): Promise<string[]> {
  return s.panel.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const req = indexedDB.open('copilot');
        req.onsuccess = () => {
          // replays are the runs of kind 'replay', their state under `state`
          const get = req.result.transaction('runs').objectStore('runs').getAll();
          get.onsuccess = () => {
            req.result.close();
            resolve((get.result as { kind: string; state: { status: string } }[]).filter((r) => r.kind === 'replay').map((r) => r.state.status));
          };
        };
      }),
  );
}

describe('a recorded workflow in Firefox', () => {
  it('is recorded from the person’s own input, saved, and replayed with one click: score 1, no model call', async () => {
    const sc = await open(1);
    await s.panel.click('[data-testid=record]');
    await s.panel.waitForSelector('[data-testid=recording]');
    // the person's input, which the recorder takes only when trusted (BiDi input is)
    await s.page.focus('select');
    await s.page.keyboard.type(countryOf(sc.text));
    await Promise.all([s.page.waitForNavigation(), s.page.click('button[type=submit]')]);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    await s.panel.type('[data-testid=record-task]', NAME);
    await s.panel.click('[data-testid=record-save]');
    await s.panel.waitForSelector('[data-testid=record-message]::-p-text(also as a workflow)', { timeout: 10_000 });

    const calls = s.llm.requests.length;
    const again = await open(1);
    await s.panel.click('[role=tab]::-p-text(Workflows)');
    const item = `[data-testid=workflow]`;
    await s.panel.waitForSelector(item);
    await s.panel.click(`${item} ::-p-text(Run)`);
    await s.panel.click(`${item} ::-p-text(Start replay)`);
    await expect.poll(replayStatuses, { timeout: 20_000, interval: 200 }).toEqual(['done']);
    expect(await score(arena.url, again.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.length).toBe(calls);
  });

  it('runs as a tool of an app on this computer once the person allows it in the sidebar (MCP server, WebSocket on 127.0.0.1)', async () => {
    const port = await freePort();
    await pageSend(s.panel, 'settings.save', { apps: { enabled: true, port } });
    const state = await mkdtemp(join(tmpdir(), 'copilot-mcp-ff-'));
    const client = new Client({ name: 'Firefox test agent', version: '1.0.0' });
    try {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(process.cwd(), 'mcp/server.mjs'), '--port', String(port), '--state', state], stderr: 'pipe' }));
      const said = async () => ((await client.callTool({ name: 'connect_browser', arguments: {} })).content as { text: string }[])[0]!.text;
      await expect.poll(said, { timeout: 15_000, interval: 200 }).toContain('Waiting for the person to allow "Firefox test agent"');
      await (await s.panel.waitForSelector('[data-testid=app-ask] button.primary', { timeout: 10_000 }))!.click();
      const workflowTool = async () => (await client.listTools()).tools.find((t) => t.name.startsWith('workflow_'));
      await expect.poll(async () => !!(await workflowTool()), { timeout: 10_000, interval: 200 }).toBe(true);
      const tool = (await workflowTool())!;
      const [variable] = Object.keys(tool.inputSchema.properties ?? {});
      // the workflow's own scenario: another country is saved there, then the recorded one (its default)
      const { result: list } = (await pageSend(s.panel, 'workflows.list', {})) as { result: { id: string }[] };
      const { result: wf } = (await pageSend(s.panel, 'workflows.get', { id: list[0]!.id })) as { result: { startUrl: string; variables: { default?: string }[] } };
      const scenario = new URL(wf.startUrl).searchParams.get('scenario')!;
      const other = wf.variables[0]!.default === 'Kenya' ? 'Peru' : 'Kenya';
      expect((await client.callTool({ name: tool.name, arguments: { [variable!]: other } })).isError).toBeFalsy();
      await expect.poll(async () => (await score(arena.url, scenario)).reason, { timeout: 10_000 }).toMatch(/^wrong country/);
      const calls = s.llm.requests.length;
      expect((await client.callTool({ name: tool.name, arguments: {} })).isError).toBeFalsy();
      await expect.poll(async () => (await score(arena.url, scenario)).success, { timeout: 10_000 }).toBe(1);
      expect(s.llm.requests.length).toBe(calls);
      // and one action of its own by the page's ids, with no model: the same executor and gate as the agent's steps
      const tabId = Number(/in tab (\d+)/.exec(((await client.callTool({ name: 'list_tabs', arguments: {} })).content as { text: string }[])[0]!.text.replace(/^tab /, 'in tab '))![1]);
      expect(((await client.callTool({ name: 'act', arguments: { tabId, action: 'back' } })).content as { text: string }[])[0]!.text).toMatch(/^Went back/);
      const read = ((await client.callTool({ name: 'read_page', arguments: { tabId } })).content as { text: string }[])[0]!.text;
      const acted = await client.callTool({ name: 'act', arguments: { tabId, action: `select ${/<select id=(\d+)/.exec(read)![1]} "${other}"` } });
      expect((acted.content as { text: string }[])[0]!.text).toMatch(new RegExp(`^Chose ${other} in Country`));
      expect(s.llm.requests.length).toBe(calls);
    } finally {
      await client.close().catch(() => {});
      await rm(state, { recursive: true, force: true });
    }
  });
});
