import { beforeAll, describe, expect, it } from 'vitest';
import { useExtensionArena } from '../../support/fixtures';
import { shootPanel } from '../../support/shots';
import { createScenario } from '../../../arena/client.mjs';
import { healUnsure, signInRecorderFile } from '../../support/sign-in-recording';

// A recorded sign-in replayed on the arena's redesigned page, where "Sign in" now reads "Log in":
// the replay asks about its best guesses first; once the person has turned them all down, it stops
// and says so in the person's words.

const { llm, arena, page, panel } = useExtensionArena();

beforeAll(async () => {
  healUnsure(llm);
  await panel.getByRole('tab', { name: 'Workflows' }).click();
});

describe('a replay that stops to ask', () => {
  it('says what it looked for, what the page offers and what the person can do; its buttons say what they do', async () => {
    // the redesigned page (layout 7): "Log in" where "Sign in" was, under another id; the file
    // opens it at its first step
    const s = await createScenario(arena.url, 'login', 3, 7);
    await panel.locator('input[type=file]').setInputFiles({ name: 'sign-in.json', mimeType: 'application/json', buffer: Buffer.from(signInRecorderFile(s.startUrl)) });
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    await page.goto(s.startUrl);
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBeGreaterThan(0);
    const item = panel.getByTestId('workflow').filter({ hasText: 'Sign in to Harbor Bank' }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.locator('input[type=password]').first().fill('x');
    await item.getByRole('button', { name: 'Start replay' }).click();
    const status = panel.getByTestId('replay-status');
    // first it asks about its best guesses, one after another; the person turns each down ("Pick another")
    const card = panel.getByTestId('replay-confirm');
    const offered: string[] = [];
    for (;;) {
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('waiting');
      if (!(await card.count())) break;
      offered.push((await card.first().locator('.card-title').textContent()) ?? '');
      await card.first().getByRole('button', { name: 'Pick another' }).click();
      await expect.poll(async () => (await status.getAttribute('data-status')) !== 'waiting' || !(await card.allTextContents()).some((t) => t.includes(offered.at(-1)!)), { timeout: 10_000 }).toBe(true);
    }
    expect(offered[0]).toBe('Is this “Log in”? It was “Sign in”');
    expect(offered.length).toBeGreaterThan(1);
    expect(new Set(offered).size).toBe(offered.length);

    const said = (await panel.getByTestId('replay-message').textContent()) ?? '';
    expect(said).toContain('looked for the button “Sign in” to click, and the page does not show it');
    expect(said).toMatch(/The buttons it shows now: [^.]*“Log in”/);
    expect(said).toMatch(/Retry step.*Skip step/);
    expect(said).not.toMatch(/Fix the page|certainty|fingerprint|selector|<[a-z]+ id=/);
    // the record's own reason is there, folded
    const details = panel.getByTestId('replay-details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    // every button says what it does; none is labelled only "Step"
    const labels = await status.getByRole('button').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Retry step', 'Run one step, then pause', 'Skip step', 'Stop']));
    expect(labels).not.toContain('Step');
    await shootPanel(panel, 'replay-asks', {
      check: async () => {
        for (const b of await status.getByRole('button').all()) {
          const box = (await b.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(panel.viewportSize()!.width);
        }
      },
    });
    // the replay's chat says the same: waiting for the person (not "Ready", not the end of another run), with its buttons at hand
    // every word the header shows from the moment the chat opens: none may be "Ready", not even while IndexedDB is read
    await panel.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStatus: string[] }).seenStatus = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=run-status]')?.textContent;
        if (text != null && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await expect.poll(() => panel.getByTestId('run-status').textContent()).toBe('Waiting for you');
    expect(await panel.evaluate(() => (window as unknown as { seenStatus: string[] }).seenStatus)).not.toContain('Ready');
    const inChat = panel.getByTestId('replay-status');
    await inChat.waitFor();
    expect(await inChat.getAttribute('data-status')).toBe('waiting');
    expect(await inChat.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Retry step', 'Skip step', 'Stop']));
    expect(await panel.locator('[data-end]').count(), 'no ending card while the replay waits').toBe(0);
    expect(await panel.getByRole('button', { name: 'New chat' }).isDisabled()).toBe(true);
    await shootPanel(panel, 'replay-asks-chat', { schemes: ['light'] });
    // Stop in the chat's header stops it
    await panel.getByTestId('run-controls').getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => panel.getByTestId('run-status').textContent()).not.toBe('Waiting for you');
    // what it advised while it waited does not stay behind in the chat
    const lines = await panel.getByTestId('replay-step').allTextContents();
    expect(lines.join(' ')).toContain('looked for the button “Sign in”');
    expect(lines.join(' ')).not.toMatch(/Retry step|Skip step/);
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('stopped');
    expect(await status.textContent()).not.toMatch(/Retry step|Skip step/);
  });
});
