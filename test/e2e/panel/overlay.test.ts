import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { evaluateInContentScript, panelSend, storedReplays } from '../../support/panel';
import { askInPanel } from '../../support/scripted-panel';
import { elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan } from '../../support/scripted-web-model';

/** Screenshots of the page with the overlay, for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-overlay');

const PAGE = `<!doctype html><title>Order</title><h1>Your order</h1>
<label><input type="checkbox"> Pineapple</label><br>
<label>Password <input type="password" id="pw"></label>`;

const PAY = `<!doctype html><title>Bill</title><h1>Your bill</h1>
<label>Note <input id="note"></label>
<button id="pay" onclick="document.querySelector('#paid').textContent = 'Paid'">Pay $5</button><p id="paid"></p>
<script>setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p id="later">Ready</p>'), 4000)</script>`;

/** A page with a bar along its bottom, under where the co-pilot's pill sits. */
const FOOTED = `<!doctype html><title>Notes</title><h1>Notes</h1><label>Note <input id="note"></label>
<div id="foot" style="position: fixed; left: 0; right: 0; bottom: 0; height: 80px; background: #eef">Footer</div>`;

const { s, site } = useSiteSession({ '/': PAGE, '/pay': PAY, '/footed': FOOTED }, { panelWindow: true }, async () => void mkdirSync(SHOTS, { recursive: true }));

interface OverlaySeen {
  on: boolean;
  label: string;
  mark: string;
  markBox: { x: number; y: number; w: number; h: number } | null;
  stop: { x: number; y: number } | null;
}

/** The overlay as the content script sees it, through its closed shadow root (only extensions can open it). */
const overlay = async (): Promise<OverlaySeen> =>
  (await evaluateInContentScript(
    s.page,
    s.ext.extensionId,
    `(() => {
      const root = chrome.dom.openOrClosedShadowRoot(document.body);
      const layer = root && root.querySelector('.layer');
      if (!layer || !layer.classList.contains('on')) return { on: false, label: '', mark: '', markBox: null, stop: null };
      const mark = root.querySelector('.mark');
      const r = mark.classList.contains('on') ? mark.getBoundingClientRect() : null;
      const b = root.querySelector('.stop').getBoundingClientRect();
      return { on: true, label: root.querySelector('.label').textContent, mark: mark.className,
        markBox: r && { x: r.x, y: r.y, w: r.width, h: r.height }, stop: { x: b.x + b.width / 2, y: b.y + b.height / 2 } };
    })()`,
  )) as OverlaySeen;

/**
 * Starts noting every text the overlay's pill shows, every 10 ms, in the content script's world:
 * a loaded machine can move the run on from a step before a test reads the pill once.
 */
const watchLabels = () =>
  evaluateInContentScript(
    s.page,
    s.ext.extensionId,
    `(() => {
      const seen = (globalThis.__labelsSeen = []);
      setInterval(() => {
        const root = chrome.dom.openOrClosedShadowRoot(document.body);
        const text = root && root.querySelector('.layer.on') ? root.querySelector('.label').textContent : '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }, 10);
      return true;
    })()`,
  );
const labelsSeen = async () => (await evaluateInContentScript(s.page, s.ext.extensionId, 'globalThis.__labelsSeen || []')) as string[];

/** What the page's own scripts can find of the co-pilot: nothing. */
const seenByPage = () =>
  s.page.evaluate(() => ({
    shadow: document.body.shadowRoot === null,
    elements: document.querySelectorAll('*').length,
    // an empty style attribute shows up on fields the run touched (not the overlay's doing)
    html: document.documentElement.outerHTML.replace(/ style=""/g, ''),
    text: document.body.innerText,
    attached: (() => {
      try {
        document.createElement('div').attachShadow({ mode: 'open' });
        return document.body.getAttributeNames().join(',');
      } catch {
        return 'error';
      }
    })(),
  }));

const badge = async () => (await s.ext.serviceWorker()).evaluate(() => chrome.action.getBadgeText({}));

describe('the co-pilot visible in the page', () => {
  it('glows, outlines the element it acts on, marks the field of a hand-off, shows Stop; page scripts and the page model see none of it', async () => {
    let phase = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => (phase > 2 ? plan('Done.', []) : plan('Tick and sign in.', [{ policy: 'ACT', target: 'the order form' }])) },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label))!.id;
          switch (phase++) {
            case 0:
              return act('Tick, then ask.', [
                { kind: 'check', id: id(/^Pineapple$/), checked: true },
                { kind: 'ask_user', question: 'Small or large?' },
              ]);
            case 1:
              return act('Type the password.', [{ kind: 'type', id: id(/^Password$/), text: 'hunter2' }]);
            default:
              return act('Done.', [{ kind: 'done', summary: 'Ticked and signed in.' }]);
          }
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    // the panel opened on the tab, as a person opens it to ask: it puts the content script in
    await s.showPanel();
    const before = await seenByPage();
    expect((await overlay()).on).toBe(false);
    await watchLabels();
    await s.ask('Tick pineapple and sign in');

    // acting: the box about to be ticked is outlined for a moment
    await expect.poll(async () => (await overlay()).mark, { timeout: 15_000, interval: 50 }).toMatch(/flash on/);
    const flashed = (await overlay()).markBox!;
    const box = (await s.page.getByLabel('Pineapple').boundingBox())!;
    expect(Math.abs(flashed.x + 3 - box.x)).toBeLessThan(2);
    // the pill says the step under way, in the timeline's words (every text it showed, read as it showed them)
    expect(await labelsSeen()).toContainEqual(expect.stringMatching(/^Co-pilot: tick .*Pineapple/));
    await s.page.bringToFront();
    await s.page.screenshot({ path: join(SHOTS, 'acting.png') });

    // waiting for the person's answer: the glow, the bar and its Stop button
    const question = s.panel.getByTestId('question');
    await question.waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await overlay()).label, { timeout: 5_000 }).toMatch(/waiting for you/);
    const waiting = await overlay();
    expect(waiting.stop).not.toBeNull();
    expect(await badge()).toBe('!');
    await s.page.bringToFront();
    await s.page.screenshot({ path: join(SHOTS, 'waiting.png') });
    // the page's own scripts: no shadow root, no new element, no text of ours
    const during = await seenByPage();
    expect(during.shadow).toBe(true);
    expect(during.elements).toBe(before.elements);
    expect(during.html).toBe(before.html);
    expect(during.text).not.toMatch(/Co-pilot|Stop/);
    expect(during.attached).toBe(before.attached);
    await question.getByLabel('Answer').fill('large');
    await question.getByRole('button', { name: 'Answer' }).click();

    // the hand-off: the password field is marked where it is on the page
    const handoff = s.panel.getByTestId('handoff');
    await handoff.waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await overlay()).mark, { timeout: 5_000 }).toMatch(/field on/);
    const marked = (await overlay()).markBox!;
    const field = (await s.page.locator('#pw').boundingBox())!;
    expect(Math.abs(marked.x + 3 - field.x)).toBeLessThan(2);
    expect(Math.abs(marked.w - 6 - field.width)).toBeLessThan(2);
    expect((await overlay()).label).toMatch(/Your turn/);
    await s.page.bringToFront();
    await s.page.screenshot({ path: join(SHOTS, 'handoff.png') });
    await s.page.locator('#pw').fill('hunter2');
    await handoff.getByRole('button', { name: "I'm done, continue" }).click();

    const end = await s.waitForEnd(20_000);
    expect(end.kind).toBe('done');
    // gone after the run, the badge too
    await expect.poll(async () => (await overlay()).on, { timeout: 5_000 }).toBe(false);
    expect(await badge()).toBe('');
    // the page model never showed it to the model
    for (const r of s.llm.requests) if (r.lastUser.includes('<page>')) expect(pageOf(r)).not.toMatch(/Co-pilot|Stop/);
  });

  it('says in the page that it is recording, lets every click through, and is gone when the recording ends; page scripts see none of it', async () => {
    // no wait for the content script: the Record that follows puts it into the page
    await s.page.goto(`${site.url}/footed`);
    const before = await seenByPage();
    await s.panel.getByTestId('record').click();
    await expect.poll(async () => (await overlay()).label, { timeout: 10_000, interval: 50 }).toBe('Recording what you do in this page');
    await s.page.bringToFront();
    await s.page.screenshot({ path: join(SHOTS, 'recording.png') });
    // the pill takes no click: the page's own element under it is what a click there reaches
    const pill = (await evaluateInContentScript(s.page, s.ext.extensionId, `(() => { const r = chrome.dom.openOrClosedShadowRoot(document.body).querySelector('.bar').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`)) as { x: number; y: number };
    expect(await s.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id ?? '', pill)).toBe('foot');
    const during = await seenByPage();
    expect(during.shadow).toBe(true);
    expect(during.html).toBe(before.html);
    expect(during.text).not.toMatch(/Recording/);
    // a new page of the recording says so again
    await s.page.reload();
    await expect.poll(async () => (await overlay()).label, { timeout: 10_000, interval: 50 }).toBe('Recording what you do in this page');
    await s.panel.getByTestId('record-discard').click();
    await expect.poll(async () => (await overlay()).on, { timeout: 5_000 }).toBe(false);
  });

  it('stops the run with a real click on Stop in the page', async () => {
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => plan('Ask.', [{ policy: 'ACT', target: 'the order form' }]) },
      { name: 'act', match: (r) => isPolicy(r), answer: () => act('Ask.', [{ kind: 'ask_user', question: 'Which size?' }]) },
    );
    const run = await askInPanel(s, 'Order a pizza');
    await s.panel.getByTestId('question').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await overlay()).on, { timeout: 5_000 }).toBe(true);
    const { stop } = await overlay();
    await s.page.bringToFront();
    await s.page.mouse.click(stop!.x, stop!.y);
    const end = await run.end(15_000);
    expect(end.kind).toBe('stopped');
    await expect.poll(async () => (await overlay()).on, { timeout: 5_000 }).toBe(false);
  });

  it('shows the acting badge on the toolbar icon while the run works, and clears it when the run stops', async () => {
    s.llm.clear();
    // a model that takes its time: the run is working, not waiting for the person
    s.llm.script({ name: 'planner', match: isPlanner, answer: () => ({ hang: true }) });
    const run = await askInPanel(s, 'Find the price');
    await expect.poll(() => s.llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(badge, { timeout: 5_000 }).toBe('•');
    const colour = await (await s.ext.serviceWorker()).evaluate(() => chrome.action.getBadgeBackgroundColor({}));
    expect(colour).toEqual([0x24, 0x56, 0xd6, 255]);
    await s.panel.getByRole('button', { name: 'Stop' }).click();
    expect((await run.end(15_000)).kind).toBe('stopped');
    await expect.poll(badge, { timeout: 5_000 }).toBe('');
  });

  it('names a task going on in another tab in the panel, and goes there', async () => {
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => plan('Ask.', [{ policy: 'ACT', target: 'the order form' }]) },
      { name: 'act', match: (r) => isPolicy(r), answer: () => act('Ask.', [{ kind: 'ask_user', question: 'Which size?' }]) },
    );
    const other = await s.ext.context.newPage();
    await other.goto(`${site.url}/?other-tab`); // tabIdOf tells tabs apart by address
    const otherTab = await s.ext.tabIdOf(other);
    // a long title: at 320 px it wraps, whole, rather than being cut to "Shippin…"
    const title = 'Order: shipping address for the spring club order';
    await other.evaluate((t) => (document.title = t), title);
    await s.page.bringToFront();
    expect(await s.panel.getByTestId('other-runs').count()).toBe(0);
    const started = await panelSend(s.panel, 'agent.chat', { tabId: otherTab, chatId: 'chat-other-tab', text: 'Order a pizza' });
    const chip = s.panel.getByTestId('other-runs');
    await expect.poll(() => chip.textContent(), { timeout: 20_000 }).toBe(`Also waiting for you in: ${title}Go to that tab`);
    for (const [width, colorScheme] of [[320, 'light'], [400, 'dark']] as const) {
      await s.panel.setViewportSize({ width, height: 640 });
      await s.panel.emulateMedia({ colorScheme });
      const clipped = await chip.locator('li > span').first().evaluate((e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis');
      expect(clipped, `the other tab's title at ${width} px`).toBe(false);
      await s.panel.screenshot({ path: join(SHOTS, `other-tab-${width}-${colorScheme}.png`) });
    }
    await chip.getByRole('button', { name: 'Go to that tab' }).click();
    await expect.poll(async () => (await s.ext.serviceWorker()).evaluate((id) => chrome.tabs.get(id).then((t) => t.active), otherTab)).toBe(true);
    await panelSend(s.panel, 'run.stop', { runId: (started as { result?: { runId: string } }).result?.runId ?? '' });
    await chip.waitFor({ state: 'detached', timeout: 10_000 });
    await other.close();
  });
});

describe('the overlay during a replay', () => {
  it('shows while a replay works and waits, its Stop stops the replay, and it is gone after; page scripts and the page model see none of it', async () => {
    const start = `${site.url}/pay`;
    const recording = JSON.stringify({
      title: 'Pay the bill',
      steps: [
        { type: 'navigate', url: start, assertedEvents: [{ type: 'navigation', url: start, title: 'Bill' }] },
        { type: 'change', value: 'for March', target: 'main', selectors: [['aria/Note'], ['#note']] },
        // the page takes a while here: the replay is seen working meanwhile
        { type: 'waitForElement', target: 'main', selectors: [['#later']] },
        { type: 'click', target: 'main', selectors: [['aria/Pay $5'], ['#pay']], offsetX: 5, offsetY: 5 },
      ],
    });
    await s.page.goto(start);
    const before = await seenByPage();
    const imported = (await panelSend(s.panel, 'workflows.import', { text: recording, filename: 'pay.json' })) as { result: { ok: boolean; id: string } };
    expect(imported.result.ok).toBe(true);
    expect(await panelSend(s.panel, 'replay.start', { workflowId: imported.result.id, tabId: s.tabId, values: {} })).toMatchObject({ result: { ok: true } });

    // while it works (the wait for the page's late part), the glow and "working"
    await expect.poll(async () => (await overlay()).label, { timeout: 10_000, interval: 50 }).toBe('Co-pilot is working in this page');
    expect(await s.page.locator('#later').count()).toBe(0);
    // the payment is asked about: the replay waits, and the page shows it
    await expect.poll(async () => (await overlay()).label, { timeout: 20_000, interval: 50 }).toMatch(/waiting for you/);
    expect(await s.page.locator('#note').inputValue()).toBe('for March');
    expect(await badge()).toBe('!');
    // the button asked about is marked until the question is answered
    await expect.poll(async () => (await overlay()).mark, { timeout: 5_000 }).toMatch(/field on/);
    const asked = (await overlay()).markBox!;
    const pay = (await s.page.getByRole('button', { name: 'Pay $5' }).boundingBox())!;
    expect(Math.abs(asked.x + 3 - pay.x)).toBeLessThan(2);
    expect(Math.abs(asked.w - 6 - pay.width)).toBeLessThan(2);
    await s.page.bringToFront();
    await s.page.screenshot({ path: join(SHOTS, 'replay-waiting.png') });
    const during = await seenByPage();
    expect(during.shadow).toBe(true);
    // the page's own late paragraph is the only difference
    expect(during.elements).toBe(before.elements + 1);
    expect(during.html.replace(/<p id="later">Ready<\/p>(?=<\/body>)/, '')).toBe(before.html);
    expect(during.text).not.toMatch(/Co-pilot|Stop/);
    // the page model, as the replay's heal or the agent would read it
    const snapshot = await (await s.ext.serviceWorker()).evaluate(
      (tabId) => chrome.tabs.sendMessage(tabId, { channel: 'copilot', name: 'page.snapshot', params: { budget: 3000 } }, { frameId: 0 }),
      s.tabId,
    );
    expect(JSON.stringify(snapshot)).toContain('Pay $5');
    expect(JSON.stringify(snapshot)).not.toMatch(/Co-pilot|waiting for you|Stop/);

    // Stop in the page stops the replay: nothing paid, nothing drawn
    const { stop } = await overlay();
    await s.page.mouse.click(stop!.x, stop!.y);
    await expect.poll(async () => (await overlay()).on, { timeout: 10_000 }).toBe(false);
    const status = (await storedReplays(s.panel)).map((x) => x.status);
    expect(status).toEqual(['stopped']);
    expect(await s.page.locator('#paid').textContent()).toBe('');
    expect(await badge()).toBe('');
  });
});
