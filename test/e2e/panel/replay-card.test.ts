import { beforeAll, describe, expect, it } from 'vitest';
import { useExtensionArena } from '../../support/fixtures';
import { shootPanel } from '../../support/shots';
import { createScenario } from '../../../arena/client.mjs';
import { healUnsure, signInRecorderFile } from '../../support/sign-in-recording';

// A replay that stops at a step, seen from its chat: the card below says why and what to do, once;
// the step's own line in the timeline says only that it is asked below.

const { llm, arena, page, panel } = useExtensionArena();

beforeAll(async () => {
  healUnsure(llm);
  await panel.getByRole('tab', { name: 'Workflows' }).click();
});

describe("a replay's stop in its chat", () => {
  it('says why once, in the card; the step line is short, and the greyed header links say why', async () => {
    // the redesigned page (layout 7): "Log in" where "Sign in" was
    const s = await createScenario(arena.url, 'login', 3, 7);
    await panel.locator('input[type=file]').setInputFiles({ name: 'sign-in.json', mimeType: 'application/json', buffer: Buffer.from(signInRecorderFile(s.startUrl)) });
    await panel.getByTestId('import-review').getByRole('button', { name: 'Save workflow' }).click();
    await page.goto(s.startUrl);
    const item = panel.getByTestId('workflow').filter({ hasText: 'Sign in to Harbor Bank' }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.locator('input[type=password]').first().fill('x');
    await item.getByRole('button', { name: 'Start replay' }).click();
    const status = panel.getByTestId('replay-status');
    // its best guesses come first ("Is this “Log in”?"): turned down one by one, the replay stops at the step
    const guess = panel.getByTestId('replay-confirm');
    for (let seen = ''; ; ) {
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('waiting');
      if (!(await guess.count())) break;
      seen = (await guess.first().locator('.card-title').textContent()) ?? '';
      await guess.first().getByRole('button', { name: 'Pick another' }).click();
      await expect.poll(async () => (await status.getAttribute('data-status')) !== 'waiting' || !(await guess.allTextContents()).some((t) => t.includes(seen)), { timeout: 10_000 }).toBe(true);
    }

    await panel.getByRole('tab', { name: 'Chat' }).click();
    const card = panel.getByTestId('replay-dock');
    await card.waitFor();
    const said = (await card.getByTestId('replay-message').textContent()) ?? '';
    expect(said).toContain('looked for the button “Sign in”');
    // each guess turned down reads as what the person said, not as a refusal
    const timeline = (await panel.getByTestId('timeline').allTextContents()).join(' ');
    expect(timeline).toContain('You said it is another one.');
    expect(timeline).not.toContain('You refused.');
    const asked = panel.locator('[data-testid=replay-step][data-status=asked]').last();
    await expect.poll(() => asked.getByTestId('replay-step-below').count()).toBe(1);
    // a question is not an error: no asked line is red
    expect(await panel.locator('[data-testid=replay-step][data-status=asked].error').count()).toBe(0);
    expect(await asked.textContent()).not.toContain('looked for');
    // the card's words are on screen once
    const body = await panel.locator('body').innerText();
    expect(body.split('looked for the button “Sign in”').length - 1).toBe(1);
    for (const name of ['Chats', 'New chat']) expect(await panel.getByRole('button', { name }).getAttribute('title')).toBe('Stop the replay or let it finish first');
    await shootPanel(panel, 'replay-card-chat', {
      check: async (width) => {
        // the card's words and every button without scrolling the pinned dock, 320 px included
        expect(await card.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), `${width} px: the card scrolls`).toBe(true);
      },
    });
    await panel.getByTestId('run-controls').getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => panel.getByTestId('run-status').textContent()).not.toBe('Waiting for you');
    // once it stopped, the step's line says why itself: no card holds the words any more
    await expect.poll(() => asked.textContent()).toContain('looked for');
  });
});
