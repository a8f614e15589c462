import { beforeAll, describe, expect, it } from 'vitest';
import { useExtensionArena } from '../../support/fixtures';
import { panelSend, storedReplay } from '../../support/panel';
import { createScenario } from '../../../arena/client.mjs';
import { shootPanel } from '../../support/shots';
import { healUnsure, signInRecorderFile } from '../../support/sign-in-recording';

// A recorded sign-in replayed on the arena's redesigned page, where "Sign in" now reads "Log in"
// under another id: the replay asks the person about "Log in", marked in the page, before any
// model call, and learns their answer into the workflow.

const { llm, arena, page, panel } = useExtensionArena();

beforeAll(async () => {
  healUnsure(llm);
  await panel.getByRole('tab', { name: 'Workflows' }).click();
});

describe('a replay that asks about its best guess', () => {
  it('asks "Is this “Log in”? It was “Sign in”" with no model call, uses it, and the next replay needs no question', async () => {
    const s = await createScenario(arena.url, 'login', 4, 7);
    await panel.locator('input[type=file]').setInputFiles({ name: 'sign-in.json', mimeType: 'application/json', buffer: Buffer.from(signInRecorderFile(s.startUrl)) });
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    await page.goto(s.startUrl);
    const calls = llm.requests.length;
    await start();
    const status = panel.getByTestId('replay-status');
    const card = panel.getByTestId('replay-confirm');
    await expect.poll(() => card.first().getAttribute('data-category', { timeout: 1_000 }).catch(() => null), { timeout: 30_000 }).toBe('guess');
    expect(await card.first().locator('.card-title').textContent()).toBe('Is this “Log in”? It was “Sign in”');
    expect(await card.first().getByRole('button').allTextContents()).toEqual(['Use this', 'Pick another', 'Skip step', 'Stop']);
    expect(await status.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Skip step', 'Stop']));
    // no model was asked, and the header says nothing of one
    expect(llm.requests.length).toBe(calls);
    expect(await status.textContent()).not.toMatch(/model call/);
    // the question's action names the page's "Log in" button: the element the page marks while it waits
    const replayId = (await status.getAttribute('data-replay-id'))!;
    const waiting = (await storedReplay(panel, replayId)) as unknown as { data: { confirm?: { elementLine: string; action: { kind: string } } } };
    expect(waiting.data.confirm).toMatchObject({ elementLine: expect.stringContaining('Log in'), action: { kind: 'click' } });
    expect(await answerUntilEnd()).toBe('done');
    expect(asked).toEqual(['guess', 'form']);
    // the form question after the guess names the button as it reads now, and as it read when recorded
    expect(askedWords[1]).toContain('“Log in” read “Sign in” when you recorded it.');
    // its title names the site (without the port): not again on a line of its own
    expect(askedWords[1]).not.toContain('Site:');
    // finished, it says so once, in words: how many steps and that the page had changed, not "healed"
    const said = (await status.textContent()) ?? '';
    expect(said).toMatch(/Finished “Sign in to Harbor Bank”.*steps; the page had changed, and one step found its element again\./);
    expect(said).not.toMatch(/step \d+ of|healed|Replayed “/);
    await shootPanel(panel, 'replay-finished', { schemes: ['light'] });
    // its words are news once: put away, they go (the next replay shows its own)
    await status.getByTestId('replay-dismiss').click();
    expect(await status.count()).toBe(0);
    // its chat says what the page showed: the recorded "Sign in" step found the button that now reads "Log in"
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await expect.poll(async () => (await panel.getByTestId('replay-step').allTextContents()).join(' | ')).toContain('it now reads “Log in”');
    await shootPanel(panel, 'replay-finished-chat', { schemes: ['light'] });
    // in the list of chats, the replay's chat says how it ended and where, as a task's does
    await panel.getByRole('button', { name: 'Chats' }).click();
    const entry = panel.getByTestId('history-chat').filter({ hasText: 'Replay: Sign in to Harbor Bank' }).first();
    await expect.poll(() => entry.getByTestId('history-outcome').textContent().catch(() => '')).toBe('Done');
    expect(await entry.getByTestId('history-site').textContent()).toBe('127.0.0.1');
    await shootPanel(panel, 'history-replay', { schemes: ['light'] });
    await panel.getByRole('button', { name: 'Chats' }).click();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await expect.poll(signedIn, { timeout: 10_000 }).toBe(true);
    expect(llm.requests.length).toBe(calls);

    // the answer was learned: the same page replays with no question and no model call
    for (const p of page.context().pages()) if (p.url().includes('/t/login/submit')) await p.goto('about:blank');
    const s2 = await createScenario(arena.url, 'login', 5, 7);
    await page.goto(s2.startUrl);
    await start();
    expect(await answerUntilEnd()).toBe('done');
    expect(asked.filter((c) => c === 'guess')).toEqual([]);
    await expect.poll(signedIn, { timeout: 10_000 }).toBe(true);
    expect(llm.requests.length).toBe(calls);
    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string }[] };
    const id = list.result.find((w) => w.name === 'Sign in to Harbor Bank')!.id;
    const file = (await panelSend(panel, 'workflows.export', { id, format: 'workflow' })) as { result: { text: string } };
    expect((JSON.parse(file.result.text) as { steps: { target?: { name?: string } }[] }).steps.at(-1)?.target?.name).toBe('Log in');
  });
});

/** A tab of the browser shows the page the sign-in form posts to. */
const signedIn = () => page.context().pages().some((p) => p.url().includes('/t/login/submit'));

let lastReplay: string | null = null;
async function start(): Promise<void> {
  lastReplay = await panel.getByTestId('replay-status').getAttribute('data-replay-id', { timeout: 1_000 }).catch(() => null);
  const item = panel.getByTestId('workflow').filter({ hasText: 'Sign in to Harbor Bank' }).first();
  await item.getByRole('button', { name: 'Run' }).click();
  await item.locator('input[type=password]').first().fill('x');
  await item.getByRole('button', { name: 'Start replay' }).click();
}

/** the categories of the questions answered by the last answerUntilEnd, in order */
let asked: string[] = [];
/** what each of those questions said */
let askedWords: string[] = [];

/** Answers the replay's guess ("Use this") and its form question ("Allow once") until it ends or stops otherwise. */
async function answerUntilEnd(): Promise<string> {
  const status = panel.getByTestId('replay-status');
  asked = [];
  askedWords = [];
  await expect.poll(async () => status.getAttribute('data-replay-id'), { timeout: 10_000 }).not.toBe(lastReplay);
  for (;;) {
    let seen = '';
    await expect.poll(async () => (seen = (await status.getAttribute('data-status')) ?? ''), { timeout: 40_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    const card = panel.getByTestId('replay-confirm');
    const category = (await card.count()) ? await card.first().getAttribute('data-category') : null;
    if (seen !== 'waiting' || !category || !['guess', 'form'].includes(category)) return seen;
    asked.push(category);
    askedWords.push((await card.first().textContent()) ?? '');
    if (category === 'form' && asked.length === 2) {
      await shootPanel(panel, 'replay-form-renamed', { schemes: ['light'], height: 720 });
      // Skip step and Stop are with the answers, in view at 320 × 640 however tall the card
      await panel.setViewportSize({ width: 320, height: 640 });
      expect(await panel.getByRole('button', { name: 'Skip step', exact: true }).count(), 'Skip step once, not again under the card').toBe(1);
      for (const name of ['Allow once', 'Skip step', 'Stop']) {
        const box = (await card.first().getByRole('button', { name, exact: true }).boundingBox())!;
        expect(box.y + box.height, name).toBeLessThanOrEqual(640);
      }
    }
    await card.first().getByRole('button', { name: category === 'guess' ? 'Use this' : 'Allow once' }).click();
    await expect.poll(async () => card.count(), { timeout: 10_000 }).toBe(0);
  }
}
