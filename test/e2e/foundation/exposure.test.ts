import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { useSiteSession } from '../../support/fixtures';
import { waitForContentScript } from '../../support/extension';
import { elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan, planOnce, policyAnswer } from '../../support/scripted-web-model';
import { answer, askInPanel } from '../../support/scripted-panel';
import { panelSend, storedReplay } from '../../support/panel';
import { debuggerState } from '../../support/debugger-state';

// What a page can learn about the co-pilot, and what the co-pilot keeps of the tab after it acts.

const PLAIN = '<!doctype html><html lang=en><title>Plain</title><h1>Nothing to see</h1><p>Some text for the page model.</p><button>Go</button>';

const { s, site } = useSiteSession({
  '/plain': PLAIN,
  '/framed': '<!doctype html><title>Framed</title><h1>Top</h1><iframe id=ad title="Advert" src="/ad-cross"></iframe>',
  '/ad': '<!doctype html><title>Ad</title><p>Buy things</p>',
  '/pay': `<!doctype html><title>Pay</title><h1>Invoice 7</h1>
    <label>Reference <input id=ref oninput="document.getElementById('typed').textContent = 'typed, trusted: ' + event.isTrusted"></label>
    <button onclick="document.getElementById('paid').textContent = 'Paid'">Pay $5</button>
    <p id=typed></p><p id=paid></p>`,
  '/list': `<!doctype html><title>List</title><h1>Teas</h1>
    <table><tr><th>Name</th><th>Price</th></tr><tr><td>Green tea</td><td>3.50</td></tr><tr><td>Black tea</td><td>2.75</td></tr></table>
    <div style="height: 3000px"></div><p id=more></p>
    <script>setTimeout(() => (document.getElementById('more').textContent = 'All teas loaded'), 300)</script>`,
  '/details': `<!doctype html><title>Details</title><h1>Order 42</h1>
    <label>Note <input id=note oninput="document.getElementById('typed').textContent = 'typed, trusted: ' + event.isTrusted"></label>
    <button id=show onclick="document.getElementById('out').textContent = 'Details shown, trusted: ' + event.isTrusted">Show details</button>
    <p id=out></p><p id=typed></p>`,
});
/** the site's port, for the same server under another host name (localhost: another origin) */
const port = (): string => new URL(site.url).port;

/** Runs before any script of every document of the page: what a hostile page sees of the extension. */
function watchFromThePage(): void {
  const seen = { mutations: [] as string[], messages: 0, keysBefore: Object.keys(window) };
  (window as unknown as { pageWatch: typeof seen }).pageWatch = seen;
  new MutationObserver((records) => {
    for (const r of records) seen.mutations.push(`${r.type} ${r.attributeName ?? ''} on ${(r.target as Element).nodeName}`);
  }).observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
  // the document's own parsing is not the extension: start counting once it has been parsed
  document.addEventListener('DOMContentLoaded', () => (seen.mutations.length = 0));
  addEventListener('message', () => seen.messages++);
}

/** The service worker sends a page.snapshot to the tab's content script, as the agent does. */
async function snapshotThroughWorker(tabId: number): Promise<{ ok: boolean; result?: { text: string; tokens: number }; error?: unknown }> {
  const worker = await s.ext.serviceWorker();
  return worker.evaluate(
    (id) => chrome.tabs.sendMessage(id, { channel: 'copilot', name: 'page.snapshot', params: { budget: 0 } }, { frameId: 0 }),
    tabId,
  );
}

/** Frames (by URL) that hold a content-script world, asking CDP for the page and for each out-of-process frame. */
async function framesWithContentScript(page: Page): Promise<string[]> {
  const sessions: CDPSession[] = [await page.context().newCDPSession(page)];
  for (const f of page.frames().slice(1)) {
    // a cross-origin frame lives in its own process, with its own CDP target; a same-process one errors here
    const own = await page.context().newCDPSession(f).catch(() => undefined);
    if (own) sessions.push(own);
  }
  const found = new Set<string>();
  for (const cdp of sessions) {
    const frames = new Map<string, string>();
    const tree = (await cdp.send('Page.getFrameTree')) as { frameTree: FrameTree };
    const walk = (t: FrameTree) => (frames.set(t.frame.id, t.frame.url), t.childFrames?.forEach(walk));
    walk(tree.frameTree);
    cdp.on('Runtime.executionContextCreated', (e: { context: { origin: string; auxData?: { type?: string; frameId?: string } } }) => {
      if (e.context.auxData?.type === 'isolated' && e.context.origin.startsWith('chrome-extension://')) found.add(frames.get(e.context.auxData.frameId ?? '') ?? '?');
    });
    await cdp.send('Runtime.enable');
    await cdp.detach();
  }
  return [...found];
}
type FrameTree = { frame: { id: string; url: string }; childFrames?: FrameTree[] };

describe('a page cannot tell the co-pilot is there', () => {
  it('sees no attribute, global, element, mutation or message from the content script, even after a snapshot', async () => {
    const page = await s.ext.context.newPage();
    await page.addInitScript(watchFromThePage);
    await page.goto(`${site.url}/plain`);
    const tabId = await s.ext.tabIdOf(page);
    // the panel shown on the tab puts the content script into the page, which must see none of it
    const shown = await s.ext.openPanel({ tabId });
    await waitForContentScript(page);
    await shown.close();
    const snap = await snapshotThroughWorker(tabId);
    expect(snap.ok, JSON.stringify(snap.error)).toBe(true);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { pageWatch: { mutations: string[]; messages: number; keysBefore: string[] } };
      const before = new Set(w.pageWatch.keysBefore);
      return {
        attributes: [...document.documentElement.attributes].map((a) => a.name),
        bodyAttributes: [...document.body.attributes].map((a) => a.name),
        newGlobals: Object.keys(window).filter((k) => !before.has(k) && k !== 'pageWatch'),
        mutations: w.pageWatch.mutations,
        messages: w.pageWatch.messages,
        elements: document.querySelectorAll('*').length,
        extensionResources: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith('chrome-extension:')),
      };
    });
    expect(seen).toEqual({
      attributes: ['lang'],
      bodyAttributes: [],
      newGlobals: [],
      mutations: [],
      messages: 0,
      // html, head, title, body, h1, p, button
      elements: 7,
      extensionResources: [],
    });
    await page.close();
  });

  it('cannot fetch the tokenizer at its fixed address, while snapshots still count tokens with it', async () => {
    const page = await s.ext.context.newPage();
    await page.goto(`${site.url}/plain`);
    const shown = await s.ext.openPanel({ tabId: await s.ext.tabIdOf(page) });
    await waitForContentScript(page);
    await shown.close();
    const probe = await page.evaluate(async (id) => {
      try {
        const r = await fetch(`chrome-extension://${id}/tokenizer.js`);
        return `fetched ${r.status}`;
      } catch (e) {
        return `refused: ${(e as Error).name}`;
      }
    }, s.ext.extensionId);
    expect(probe).toBe('refused: TypeError');
    const snap = await snapshotThroughWorker(await s.ext.tabIdOf(page));
    expect(snap.ok, JSON.stringify(snap.error)).toBe(true);
    // the o200k count, not an estimate: the tokenizer was loaded from its per-session address
    expect(snap.result!.tokens).toBe(countTokens(snap.result!.text));
    expect(snap.result!.text).toContain('Some text for the page model.');
    await page.close();
  });

  it('runs the content script in the top frame only, not in a cross-origin (ad) frame', async () => {
    const page = await s.ext.context.newPage();
    // the ad frame comes from another origin (localhost, same server), so it is out of process
    await page.route('**/ad-cross', (route) => route.fulfill({ status: 302, headers: { location: `http://localhost:${port()}/ad` } }));
    await page.goto(`${site.url}/framed`);
    await page.frameLocator('#ad').getByText('Buy things').waitFor();
    const shown = await s.ext.openPanel({ tabId: await s.ext.tabIdOf(page) });
    await waitForContentScript(page);
    await shown.close();
    expect(page.frames().map((f) => f.url())).toEqual([`${site.url}/framed`, `http://localhost:${port()}/ad`]);
    expect(await framesWithContentScript(page)).toEqual([`${site.url}/framed`]);
    await page.close();
  });
});

/** Counts the worker's calls to chrome.debugger.attach from now on (each still attaches, as before). */
async function countAttaches(): Promise<() => Promise<number>> {
  const worker = await s.ext.serviceWorker();
  await worker.evaluate(() => {
    const g = globalThis as unknown as { attachCalls?: number };
    if (g.attachCalls === undefined) {
      const real = chrome.debugger.attach.bind(chrome.debugger);
      chrome.debugger.attach = ((...args: Parameters<typeof real>) => ((g.attachCalls = (g.attachCalls ?? 0) + 1), real(...args))) as typeof chrome.debugger.attach;
    }
    g.attachCalls = 0;
  });
  return () => worker.evaluate(() => (globalThis as unknown as { attachCalls: number }).attachCalls);
}

describe('the debugger holds the tab only while acting', () => {
  it('is never attached for a run that only navigates, scrolls, waits and reads a table', async () => {
    let acts = 0;
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce(
          'Open the list, look down it, then read it.',
          [
            { policy: 'ACT', target: 'the list of teas', value: '' },
            { policy: 'EXTRACT', target: 'the teas', value: 'name:text, price:number' },
          ],
          'The teas are read.',
        ),
      },
      {
        name: 'act',
        match: (r) => isPolicy(r, 'ACT'),
        answer: () =>
          acts++ === 0
            ? act('Open the list.', [{ kind: 'navigate', url: `${site.url}/list` }])
            : acts === 2
              ? act('Look down the page and wait for it.', [{ kind: 'scroll', direction: 'down' }, { kind: 'wait', text: 'All teas loaded' }])
              : act('The list is open and loaded.', [{ kind: 'done', summary: 'The list is open.' }]),
      },
      {
        name: 'extract',
        match: (r) => isPolicy(r, 'EXTRACT') && r.toolNames.includes('extract'),
        answer: () => ({ toolCalls: [{ name: 'extract', args: { thought: 'Two teas.', rows: [['Green tea', '3.50'], ['Black tea', '2.75']] } }] }),
      },
    );
    await s.page.goto(`${site.url}/plain`);
    await s.page.bringToFront();
    const attaches = await countAttaches();
    // the probe, asked all through the run: once attached, the debugger stays until the run ends
    const seen = new Set<string>();
    let running = true;
    const probing = (async () => {
      while (running) seen.add((await debuggerState(s.ext, s.tabId)) === 'attached' ? 'attached' : 'not');
    })();
    const run = await askInPanel(s, 'Read the teas on the list page into a table.');
    // a typed address is asked about first (the gate's rule): allowed from the panel, no page input
    const asked: string[] = [];
    for (;;) {
      const stop = await run.nextStop();
      if (stop.kind !== 'confirm') break;
      asked.push((await stop.card.getAttribute('data-category')) ?? '');
      await answer(stop.card, 'Allow once');
    }
    const end = await run.end();
    running = false;
    await probing;
    expect(end.kind, end.text).toBe('done');
    expect(asked).toEqual(['navigation']);
    expect(s.page.url()).toBe(`${site.url}/list`);
    expect(await s.page.evaluate(() => scrollY), 'the page was scrolled').toBeGreaterThan(0);
    expect(s.llm.requests.map((r) => r.rule)).toContain('extract');
    expect(await attaches()).toBe(0);
    expect([...seen]).toEqual(['not']);
  });

  it('is detached from the tab when a run that clicked and typed with trusted input ends', async () => {
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const page = pageOf(r);
          if (/Details shown/.test(page)) return plan('The details are shown.', []);
          const els = elementsOf(page);
          return plan('Write the note and show the details.', [
            { policy: 'FILL_TEXT', target: els.find((e) => e.label === 'Note')!.label, value: 'ring twice' },
            { policy: 'CLICK', target: 'Show details' },
          ]);
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(`${site.url}/details`);
    await s.page.bringToFront();
    const run = await askInPanel(s, 'Write "ring twice" as the note and show the details of order 42.');
    for (;;) {
      const stop = await run.nextStop();
      if (stop.kind !== 'confirm') break;
      await answer(stop.card, 'Allow once');
    }
    const end = await run.end();
    expect(end.kind, end.text).toBe('done');
    // the counter of the test above sees this one attach: it would have seen one there
    expect(await (await s.ext.serviceWorker()).evaluate(() => (globalThis as unknown as { attachCalls: number }).attachCalls)).toBeGreaterThan(0);
    // the actions went through the debugger (trusted input), so it was attached during the run
    expect(await s.page.locator('#out').textContent()).toBe('Details shown, trusted: true');
    expect(await s.page.locator('#note').inputValue()).toBe('ring twice');

    expect(await debuggerStateAfterwards(s.tabId)).toMatch(/not attached/i);
  });

  it('holds a Recorder flow that only types by the page itself: attached to hold its requests, no input through it, detached at the end', async () => {
    const start = `${site.url}/details`;
    const recording = JSON.stringify({
      title: 'Leave a note, typed',
      steps: [
        { type: 'navigate', url: start, assertedEvents: [{ type: 'navigation', url: start, title: 'Details' }] },
        { type: 'change', value: 'ring twice', target: 'main', selectors: [['aria/Note'], ['#note']] },
      ],
    });
    // every command the worker sends through the debugger is counted where it is sent
    const worker = await s.ext.serviceWorker();
    await worker.evaluate(() => {
      const g = globalThis as unknown as { sent: string[]; plainSend?: typeof chrome.debugger.sendCommand };
      g.sent = [];
      g.plainSend ??= chrome.debugger.sendCommand.bind(chrome.debugger);
      chrome.debugger.sendCommand = ((...args: Parameters<typeof chrome.debugger.sendCommand>) => (g.sent.push(args[1]), g.plainSend!(...args))) as typeof chrome.debugger.sendCommand;
    });
    const { panel, replayId } = await replayRecording(start, recording);
    await expect.poll(async () => (await storedReplay(panel, replayId))?.status, { timeout: 20_000 }).toBe('done');
    expect(await s.page.locator('#note').inputValue()).toBe('ring twice');
    // the page typed it: a trusted input event from the page's own editing, not the debugger's
    expect(await s.page.locator('#typed').textContent()).toBe('typed, trusted: true');
    const sent = await worker.evaluate(() => (globalThis as unknown as { sent: string[] }).sent);
    expect(sent.filter((m) => m.startsWith('Input.'))).toEqual([]);
    expect(sent).toContain('Fetch.enable');
    expect(await debuggerStateAfterwards(s.tabId)).toMatch(/not attached/i);
    await panel.close();
  });

  it('is detached from the tab when a replay that clicked and typed ends', async () => {
    const start = `${site.url}/details`;
    // as the Recorder keeps it: a click into the field (trusted input, through the debugger), then the change (typed by the page)
    const recording = JSON.stringify({
      title: 'Leave a note',
      steps: [
        { type: 'navigate', url: start, assertedEvents: [{ type: 'navigation', url: start, title: 'Details' }] },
        { type: 'click', target: 'main', selectors: [['aria/Note'], ['#note']], offsetX: 5, offsetY: 5 },
        { type: 'change', value: 'leave at the door', target: 'main', selectors: [['aria/Note'], ['#note']] },
      ],
    });
    await s.page.goto('about:blank');
    const { panel, tabId } = await replayRecording(start, recording);
    // the click went through the debugger; the text came as an input event the browser marks trusted
    await expect.poll(() => s.page.locator('#typed').textContent(), { timeout: 20_000 }).toBe('typed, trusted: true');
    expect(await s.page.locator('#note').inputValue()).toBe('leave at the door');
    expect(await debuggerStateAfterwards(tabId)).toMatch(/not attached/i);
    await panel.close();
  });
});

describe('the content script every page loads', () => {
  it('stays small: it carries no public-suffix list (a site check in the page compares host names only)', async () => {
    const script = await readFile(resolvePath(import.meta.dirname, '../../../dist/chrome/content.js'), 'utf8');
    // the list names blogspot's suffixes: the service worker's bundle has them, the page's must not
    expect(script).not.toMatch(/blogspot/);
    expect(script.length).toBeLessThan(256 * 1024);
  });
});

describe('the debugger while a run waits', () => {
  it('is detached after 30 s without input while the run waits for the person', async () => {
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) =>
          /Paid/.test(pageOf(r))
            ? plan('Paid.', [])
            : plan('Write the reference and pay.', [
                { policy: 'FILL_TEXT', target: 'Reference', value: 'INV-7' },
                { policy: 'CLICK', target: 'Pay $5' },
              ]),
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(`${site.url}/pay`);
    await s.page.bringToFront();
    const run = await askInPanel(s, 'Pay invoice 7 with the reference INV-7.');
    const stop = await run.nextStop();
    expect(stop.kind).toBe('confirm');
    // the reference was typed through the debugger, and the run now waits on the card
    expect(await s.page.locator('#typed').textContent()).toBe('typed, trusted: true');
    const waitingSince = Date.now();
    expect(await debuggerState(s.ext, s.tabId)).toBe('attached');
    const detached = await debuggerStateAfterwards(s.tabId, 45_000);
    expect(detached).toMatch(/not attached/i);
    expect(Date.now() - waitingSince).toBeLessThan(40_000);
    // allowed now, the click attaches the debugger again, and the run's end lets it go
    if (stop.kind === 'confirm') await answer(stop.card, 'Allow once');
    expect((await run.end()).kind).toBe('done');
    expect(await s.page.locator('#paid').textContent()).toBe('Paid');
    expect(await debuggerStateAfterwards(s.tabId)).toMatch(/not attached/i);
  }, 90_000);
});

describe('the debugger while a replay asks', () => {
  it("is kept while the safety gate waits for the answer (the step acts as it comes), and let go when the person stops", async () => {
    const start = `${site.url}/pay`;
    const recording = JSON.stringify({
      title: 'Pay invoice 7',
      steps: [
        { type: 'navigate', url: start, assertedEvents: [{ type: 'navigation', url: start, title: 'Pay' }] },
        { type: 'click', target: 'main', selectors: [['aria/Reference'], ['#ref']], offsetX: 5, offsetY: 5 },
        { type: 'change', value: 'INV-7', target: 'main', selectors: [['aria/Reference'], ['#ref']] },
        { type: 'click', target: 'main', selectors: [['aria/Pay $5'], ['button']], offsetX: 5, offsetY: 5 },
      ],
    });
    const { panel, tabId, replayId } = await replayRecording(start, recording);
    const question = async () => {
      const r = await storedReplay(panel, replayId);
      return r ? `${r.status} ${r.data.confirm?.category ?? ''}` : '';
    };
    await expect.poll(question, { timeout: 20_000 }).toBe('waiting payment');
    // the click into the reference went through the debugger, its text went in, and the pay button waits for the person
    expect(await s.page.locator('#typed').textContent()).toBe('typed, trusted: true');
    expect(await s.page.locator('#paid').textContent()).toBe('');
    // still attached a while into the question: the drive that asked has ended, and did not let it go
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await debuggerState(s.ext, tabId)).toBe('attached');
    await panelSend(panel, 'run.stop', { runId: replayId });
    expect(await debuggerStateAfterwards(tabId, 5_000)).toMatch(/not attached/i);
    expect(await s.page.locator('#paid').textContent()).toBe('');
    await panel.close();
  }, 60_000);
});

/** Opens `start`, imports the Recorder file in a side panel for that tab (the real import) and starts its replay there. */
async function replayRecording(start: string, recording: string): Promise<{ panel: Page; tabId: number; replayId: string }> {
  await s.page.goto(start);
  const tabId = await s.ext.tabIdOf(s.page);
  const panel = await s.ext.openPanel({ tabId });
  const imported = (await panelSend(panel, 'workflows.import', { text: recording, filename: 'flow.json' })) as { result: { ok: boolean; id: string } };
  expect(imported.result.ok).toBe(true);
  const started = (await panelSend(panel, 'replay.start', { workflowId: imported.result.id, tabId, values: {} })) as { result: { ok: boolean; replayId: string } };
  expect(started.result.ok).toBe(true);
  return { panel, tabId, replayId: started.result.replayId };
}

/** Whether the extension still holds the debugger on a tab, once what it was doing there has had time to end. */
async function debuggerStateAfterwards(tabId: number, waitMs = 10_000): Promise<string> {
  const deadline = Date.now() + waitMs;
  let state = await debuggerState(s.ext, tabId);
  // a probe in flight when the detach lands fails with "Detached while handling command": ask again
  while (!/not attached/i.test(state) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    state = await debuggerState(s.ext, tabId);
  }
  return state;
}
