import { beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest } from '../../support/llm-server';
import { panelSend, storedReplay, storedReplays } from '../../support/panel';
import { useExtensionArena } from '../../support/fixtures';
import { shootPanel } from '../../support/shots';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createScenario, score } from '../../../arena/client.mjs';

// One browser, one scripted provider and one arena for the whole file.

const creds = (text: string) => {
  const m = /username "(.+?)" and the password "(.+?)"/.exec(text)!;
  return { username: m[1]!, password: m[2]! };
};

/** A Chrome DevTools Recorder file written by hand for the arena's sign-in task. */
function recorderFile(startUrl: string, username: string, password: string): string {
  return JSON.stringify({
    title: 'Sign in to Harbor Bank',
    steps: [
      { type: 'setViewport', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      { type: 'navigate', url: startUrl, assertedEvents: [{ type: 'navigation', url: startUrl, title: 'Sign in' }] },
      { type: 'change', value: username, target: 'main', selectors: [['aria/Username'], ['#username'], ['xpath///*[@id="username"]'], ['pierce/#username']] },
      { type: 'change', value: password, target: 'main', selectors: [['aria/Password'], ['#password'], ['pierce/#password']] },
      {
        type: 'click',
        target: 'main',
        selectors: [['aria/Sign in[role="button"]'], ['#submit'], ['text/Sign in']],
        offsetX: 10,
        offsetY: 5,
        assertedEvents: [{ type: 'navigation', url: new URL('/t/login/submit', startUrl).href, title: '' }],
      },
    ],
  });
}

/** The scripted model heals by reading the page model: the element whose line says one of the step's synonyms. */
const SYNONYMS: [RegExp, string[]][] = [
  [/"Password"/, ['Passcode', 'Your password', 'Password']],
  [/"Sign in"/, ['>Log in<', '>Continue<', '>Sign in<']],
  [/"Username"/, ['Email or username', 'User ID', 'Username']],
];
function heal(req: RecordedRequest) {
  const step = /^Step: (.*)$/m.exec(req.lastUser)?.[1] ?? '';
  const words = SYNONYMS.find(([re]) => re.test(step))?.[1] ?? [];
  const line = req.lastUser.split('\n').find((l) => /id=\d+/.test(l) && words.some((w) => l.includes(w)));
  const id = line && /id=(\d+)/.exec(line)?.[1];
  return { text: id ? `Thought: the element that now reads like the recording.\nConfidence: high\nActions:\nclick ${id}` : 'Thought: it is not on the page.\nConfidence: low\nActions:\nask "not found"' };
}

const { llm, arena, page, panel } = useExtensionArena(() => openScenario(1, 0));

async function openScenario(seed: number, layout: number, host = '127.0.0.1') {
  const s = await createScenario(arena.url, 'login', seed, layout);
  await page.goto(s.startUrl.replace('127.0.0.1', host));
  // no wait for the content script: the Run that follows puts it into the page
  return s;
}

async function importFile(text: string, name = 'flow.json') {
  await panel.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

let lastReplay: string | null = null;
async function run(name: string, values: Record<string, string>) {
  lastReplay = await panel.getByTestId('replay-status').getAttribute('data-replay-id', { timeout: 1_000 }).catch(() => null);
  const item = panel.getByTestId('workflow').filter({ hasText: name }).first();
  await item.getByRole('button', { name: 'Run' }).click();
  for (const [label, value] of Object.entries(values)) await item.getByLabel(label, { exact: true }).fill(value);
  await item.getByRole('button', { name: 'Start replay' }).click();
}

/** the categories of the replay's questions answered by the last replayEnds, in order */
let replayAsked: string[] = [];

/** Waits for the replay to end or stop; questions of the `allow` categories are answered "Allow once" on the way. */
async function replayEnds(opts: { allow?: string[] } = {}): Promise<string> {
  const status = panel.getByTestId('replay-status');
  replayAsked = [];
  await expect.poll(async () => status.getAttribute('data-replay-id'), { timeout: 10_000 }).not.toBe(lastReplay);
  for (;;) {
    let seen = '';
    await expect.poll(async () => (seen = (await status.getAttribute('data-status')) ?? ''), { timeout: 40_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    if (process.env.DEBUG_REPLAY) console.log(await status.textContent(), await panelSend(panel, 'workflows.list', {}));
    const card = panel.getByTestId('replay-confirm');
    const category = (await card.count()) ? await card.first().getAttribute('data-category') : null;
    if (category && opts.allow?.includes(category)) {
      replayAsked.push(category);
      await card.first().getByRole('button', { name: category === 'guess' ? 'Use this' : 'Allow once' }).click();
      await expect.poll(async () => card.count(), { timeout: 10_000 }).toBe(0);
      continue;
    }
    return seen;
  }
}

/** the replay started last, from the database the panel reads */
/** Stops the replay; a Stop lets the step under way finish (and write back what it learned), so the stored replay says when it has. */
async function stopReplay(): Promise<void> {
  const replayId = await latestReplay();
  expect(await panelSend(panel, 'run.stop', { runId: replayId })).toMatchObject({ ok: true, result: { ok: true } });
  const status = async () => (await storedReplay(panel, replayId))?.status ?? '';
  await expect.poll(status, { timeout: 10_000 }).toBe('stopped');
}

async function latestReplay(): Promise<string> {
  return (await storedReplays(panel)).sort((a, b) => b.updatedAt - a.updatedAt)[0]!.id;
}

async function storedWorkflows() {
  return (await panelSend(panel, 'workflows.list', {})) as { ok: true; result: { id: string; name: string }[] };
}

beforeAll(async () => {
  llm.script({ name: 'heal', match: (r) => r.system.includes('You repair one step of a saved browser workflow'), answer: heal });
  await panel.getByRole('tab', { name: 'Workflows' }).click();
});

describe('workflows', () => {
  it('imports a hand-made Chrome Recorder file and replays it with no model call (score 1), then with new values on another seed', async () => {
    const s = await openScenario(1, 0);
    const c = creds(s.text);
    await importFile(recorderFile(s.startUrl, c.username, c.password), 'sign-in.json');
    // a Chrome Recorder flow is shown in words before it is saved
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toContain('Imported “Sign in to Harbor Bank” from a Chrome Recorder file');
    // the password typed in the recording became a secret: asked for, never stored
    await run('Sign in to Harbor Bank', { Password: c.password });
    expect(await replayEnds({ allow: ['form'] })).toBe('done');
    // the sign-in form of a file made elsewhere (or repaired) posts the person's details: asked once per replay
    expect(replayAsked).toEqual(['form']);
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    expect(llm.requests).toHaveLength(0);
    const dump = await panel.evaluate(async () => {
      const dbs = await indexedDB.databases();
      return JSON.stringify(dbs) + (await new Promise<string>((resolve) => {
        const open = indexedDB.open('copilot');
        open.onsuccess = () => {
          const tx = open.result.transaction(['workflows', 'runs', 'events'], 'readonly');
          const out: unknown[] = [];
          for (const name of ['workflows', 'runs', 'events']) tx.objectStore(name).getAll().onsuccess = (e) => out.push((e.target as IDBRequest).result);
          tx.oncomplete = () => resolve(JSON.stringify(out));
        };
      }));
    });
    expect(dump).not.toContain(c.password);

    const s2 = await openScenario(2, 0);
    const c2 = creds(s2.text);
    expect(c2.username).not.toBe(c.username);
    await run('Sign in to Harbor Bank', { Username: c2.username, Password: c2.password });
    expect(await replayEnds({ allow: ['form'] })).toBe('done');
    // the sign-in form of a file made elsewhere (or repaired) posts the person's details: asked once per replay
    expect(replayAsked).toEqual(['form']);
    expect(await score(arena.url, s2.id)).toMatchObject({ success: 1 });
    expect(llm.requests).toHaveLength(0);
  });

  it('finds the relabelled button on a layout variant with no model call, learns it, and replays there again', async () => {
    const s = await openScenario(3, 7);
    const c = creds(s.text);
    const calls = llm.requests.length;
    await run('Sign in to Harbor Bank', { Username: c.username, Password: c.password });
    expect(await replayEnds({ allow: ['guess', 'form'] })).toBe('done');
    // Sign in -> Log in (a fixed equivalent, at the recorded button's place) and Password -> Passcode
    // (its place and identity agree) are found without asking; being steps from a Recorder file, they
    // learn the elements' fingerprints; Username matched by role and name; the form post is asked once
    expect(replayAsked).toEqual(['form']);
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    expect(llm.requests.length).toBe(calls);
    expect(await panel.getByTestId('replay-repair').count()).toBe(0);
    const list = await storedWorkflows();
    const wf = (await panelSend(panel, 'workflows.get', { id: list.result[0]!.id })) as { result: { steps: { target?: { name: string } }[] } };
    expect(wf.result.steps.map((st) => st.target?.name)).toEqual([undefined, 'Username', 'Passcode', 'Log in']);

    const again = await openScenario(3, 7);
    await run('Sign in to Harbor Bank', { Username: c.username, Password: c.password });
    expect(await replayEnds({ allow: ['form'] })).toBe('done');
    expect(replayAsked).toEqual(['form']);
    expect(await score(arena.url, again.id)).toMatchObject({ success: 1 });
    expect(llm.requests.length).toBe(calls);
  });

  it('stops and asks when the target is gone, clicking nothing else', async () => {
    const s = await openScenario(4, 7);
    const c = creds(s.text);
    await page.evaluate(() => document.querySelector('button[type=submit]')?.remove());
    const before = llm.requests.length;
    await run('Sign in to Harbor Bank', { Username: c.username, Password: c.password });
    // it asks about what is left of its kind first; the person turns each down
    const card = panel.getByTestId('replay-confirm');
    for (let i = 0; (await replayEnds()) === 'waiting' && (await card.count()) && i < 5; i++) {
      expect(await card.first().getAttribute('data-category')).toBe('guess');
      const title = await card.first().locator('.card-title').textContent();
      await card.first().getByRole('button', { name: 'Pick another' }).click();
      await expect.poll(async () => (await card.locator('.card-title').allTextContents()).includes(title!), { timeout: 10_000 }).toBe(false);
    }
    expect(await card.count()).toBe(0);
    // in words: what it looked for and what the person can do (src/workflows/replay/step-words.ts)
    await expect.poll(() => panel.getByTestId('replay-message').textContent()).toContain('the page does not show it');
    expect(llm.requests.length).toBe(before);
    expect(page.url()).toContain('/t/login/?scenario=');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 0 });
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => panel.getByTestId('replay-status').getAttribute('data-status')).toBe('stopped');
  });

  it('asks the person which of two alike buttons it means, the guess marked in the page, before any model call, and clicks the one they confirm', async () => {
    const s = await openScenario(6, 0);
    const url = new URL(s.startUrl);
    // a saved workflow of one click on "Sign in", whose page now has two buttons of that name and nothing else to tell them apart
    const target = { tag: 'button', role: 'button', name: 'Sign in', text: 'Sign in', css: 'form button.twin', xpath: '', frames: [], shadow: [] };
    const wf = { format: 'copilot-workflow', version: 1, id: 'twins', name: 'Twin sign in', description: '', site: url.host, startUrl: s.startUrl, variables: [], steps: [{ id: 's0', intent: 'click Sign in', action: { kind: 'click' }, target }], source: { kind: 'file' }, createdAt: 1, updatedAt: 1 };
    await importFile(JSON.stringify(wf), 'twins.json');
    await page.evaluate(() => {
      const b = document.querySelector('button[type=submit]') as HTMLButtonElement;
      b.textContent = 'Sign in';
      b.removeAttribute('id');
      b.after(b.cloneNode(true));
    });
    const calls = llm.requests.length;
    await run('Twin sign in', {});
    const card = panel.getByTestId('replay-confirm');
    await expect.poll(() => card.first().getAttribute('data-category', { timeout: 1_000 }).catch(() => null), { timeout: 30_000 }).toBe('guess');
    expect(await card.first().locator('.card-title').textContent()).toMatch(/^The page shows more than one .Sign in.; is it the one marked in the page\?$/);
    expect(await card.first().getByRole('button').allTextContents()).toEqual(['Use this', 'Pick another', 'Skip step', 'Stop']);
    await shootPanel(panel, 'replay-guess', { schemes: ['light'] });
    await page.screenshot({ path: join(process.env.PANEL_SHOTS ?? join(tmpdir(), 'panel-shots'), 'replay-guess-page.png') });
    expect(await replayEnds({ allow: ['guess', 'form'] })).toBe('done');
    expect(replayAsked).toEqual(['guess', 'form']);
    expect(page.url()).toContain('/t/login/submit');
    expect(llm.requests.length).toBe(calls);
  });

  it('opens its start page in a new tab when this tab shows another site, and leaves this page as it was', async () => {
    const s = await openScenario(5, 0, 'localhost');
    const opened = page.context().waitForEvent('page');
    await run('Sign in to Harbor Bank', { Password: 'x' });
    const tab = await opened;
    await expect.poll(() => panel.getByTestId('workflows-message').textContent()).toContain('runs in a new tab at its start page');
    // the replay goes on there: the recorded username is typed into the sign-in form of the workflow's site
    await expect.poll(() => tab.locator('#username').inputValue().catch(() => ''), { timeout: 10_000 }).not.toBe('');
    expect(new URL(tab.url()).hostname).toBe('127.0.0.1');
    expect(new URL(page.url()).hostname).toBe('localhost');
    expect(await page.locator('#username').inputValue()).toBe('');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 0 });
    await stopReplay();
    await tab.close();
  });

  it('sends a blank tab to its start page and replays there', async () => {
    await page.goto('about:blank');
    await run('Sign in to Harbor Bank', { Password: 'x' });
    await expect.poll(() => page.locator('#username').inputValue().catch(() => ''), { timeout: 10_000 }).not.toBe('');
    expect(page.url()).toContain('/t/login/');
    expect(page.context().pages().filter((p) => p.url().includes('/t/login/'))).toHaveLength(1);
    await stopReplay();
  });

  it('refuses malformed and future-version files and keeps what is stored', async () => {
    const before = (await storedWorkflows()).result;
    const exported = (await panelSend(panel, 'workflows.export', { id: before[0]!.id, format: 'workflow' })) as { result: { text: string } };
    const future = { ...JSON.parse(exported.result.text), version: 9 };
    // the replay stopped above is still shown; starting something else here (an import) puts it away
    await expect.poll(() => panel.getByTestId('replay-status').getAttribute('data-status')).toBe('stopped');
    await importFile(JSON.stringify(future), 'future.workflow.json');
    await expect.poll(() => panel.getByTestId('replay-status').count()).toBe(0);
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('newer version of the extension (format version 9)');
    await importFile('{"format": "copilot-workflow", "version": 1, "steps": [', 'broken.json');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('The file is not JSON');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('It looks cut short: export it again.');
    expect(await panel.getByRole('alert').textContent()).not.toMatch(/Unterminated|position|line \d/);
    // a picture, and JSON of another kind: said in words, with the files Import takes; never the file's bytes
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
    await panel.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => panel.getByRole('alert').textContent()).toMatch(/^The file is not JSON: it looks like a picture or another kind of file, not a workflow\. Import takes a workflow exported from this extension .* or a JSON file exported from the Recorder in Chrome’s DevTools\.$/);
    expect(await panel.getByRole('alert').textContent()).not.toMatch(/PNG|Unexpected|token/);
    await shootPanel(panel, 'import-picture', { schemes: ['light'] });
    await importFile(JSON.stringify({ notes: ['buy milk'] }), 'notes.json');
    await expect.poll(() => panel.getByRole('alert').textContent()).toMatch(/^This JSON file is not a workflow of this extension, nor a Chrome Recorder export\. Import takes/);
    await shootPanel(panel, 'import-notes', { schemes: ['light', 'dark'] });
    expect((await storedWorkflows()).result).toEqual(before);
    // opening a workflow's Schedule form puts the import's error away: it no longer stands above the form
    await panel.getByRole('button', { name: 'Schedule' }).first().click();
    await expect.poll(() => panel.getByTestId('workflows-message-notice').count()).toBe(0);
    await panel.getByRole('button', { name: /^(Cancel|Close)$/ }).first().click();
  });

  it('gives each replay started from Workflows a chat of its own, never appending it to another chat of the tab', async () => {
    const stored = {
      replays: await storedReplays(panel),
      chats: await panel.evaluate(
        () =>
          new Promise<{ id: string; title: string }[]>((resolve) => {
            const open = indexedDB.open('copilot');
            open.onsuccess = () => {
              const chats = open.result.transaction('chats').objectStore('chats').getAll();
              chats.onsuccess = () => resolve(chats.result);
            };
          }),
      ),
    };
    // the replays above ran one after another in the same tab
    expect(stored.replays.length).toBeGreaterThanOrEqual(2);
    expect(new Set(stored.replays.map((r) => r.chatId)).size).toBe(stored.replays.length);
    const titles = new Map(stored.chats.map((c) => [c.id, c.title]));
    for (const r of stored.replays) expect(titles.get(r.chatId), r.id).toMatch(/^Replay: /);
    // in the list of chats, two replays of one workflow can be told apart (the values used, the time to the second)
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByRole('button', { name: 'Chats' }).click();
    const entries = panel.getByTestId('history-chat').filter({ hasText: 'Replay: Sign in to Harbor Bank' });
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await entries.getByTestId('history-used').allTextContents()).some((t) => /^Username “.+”$/.test(t))).toBe(true);
    const seen = (await entries.allInnerTexts()).map((t) => t.replace(/\s*· this chat/, '').replace(/\s+/g, ' ').trim());
    expect(new Set(seen).size, seen.join('\n')).toBe(seen.length);
    expect(seen.join('\n')).not.toMatch(/Password “/);
    await shootPanel(panel, 'chats-after-replays', { schemes: ['light', 'dark'] });
    await panel.getByRole('button', { name: 'Back to the chat' }).click();
  });
});
