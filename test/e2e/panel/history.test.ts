import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { isPlanner, taskOf } from '../../support/model-reading';
import { askInPanel, newChat } from '../../support/scripted-panel';
import { plan } from '../../support/scripted-web-model';
import { seriousAxe } from '../../support/axe';
import { shootPanel } from '../../support/shots';

/** Screenshots for a person to look at (gitignored). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-history');

const { s } = useSiteSession({ '/': '<!doctype html><title>Shop</title><h1>Shop</h1>' }, { panelWindow: true }, async (session, served) => {
  await session.page.goto(`${served.url}/`);
  // a task that says "broken" meets a rejected key: its chat ends on the resume card
  session.llm.script({ name: 'planner', match: isPlanner, answer: (r) => (taskOf(r).includes('broken') ? { error: { status: 401 } } : plan(`Answered: ${taskOf(r).slice(0, 30)}`, [])) });
});

/** How many rows the extension stores for a chat, table by table. */
const storedFor = (chatId: string) =>
  s.panel.evaluate(
    (id) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('copilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['chats', 'messages', 'runs', 'events'], 'readonly');
          const counts: number[] = [];
          for (const name of ['chats', 'messages', 'runs', 'events']) {
            const req = tx.objectStore(name).getAll();
            req.onsuccess = () => counts.push((req.result as { id?: string; chatId?: string }[]).filter((r) => (name === 'chats' ? r.id : r.chatId) === id).length);
          }
          tx.oncomplete = () => resolve(counts);
        };
      }),
    chatId,
  );

describe('earlier chats', () => {
  it('lists them latest first, reopens one, and deletes one with everything stored for it after asking', async () => {
    await (await askInPanel(s, 'First question about pizza')).end(15_000);
    await newChat(s.panel);
    await (await askInPanel(s, 'Second question about pasta')).end(15_000);

    await s.panel.getByRole('button', { name: 'Chats' }).click();
    const rows = s.panel.getByTestId('history-chat');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.locator('.history-chat-title').allTextContents()).toEqual(['Second question about pasta', 'First question about pizza']);
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, colorScheme] of [[320, 'dark'], [480, 'light']] as const) {
      await s.panel.setViewportSize({ width, height: 640 });
      await s.panel.emulateMedia({ colorScheme });
      await s.panel.screenshot({ path: join(SHOTS, `history-${width}-${colorScheme}.png`) });
    }

    expect(await seriousAxe(s.panel), 'axe: the Chats list').toEqual([]);
    // reopen the first: its timeline is back, and a follow-up continues it
    await rows.nth(1).getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => s.panel.locator('.msg.user').allTextContents()).toEqual(['First question about pizza']);
    await expect.poll(() => s.panel.locator('[data-end]').count()).toBe(1);
    await (await askInPanel(s, 'And the price?')).end(15_000);
    expect(await s.panel.locator('.msg.user').allTextContents()).toEqual(['First question about pizza', 'And the price?']);
    expect(s.llm.requests.at(-1)!.lastUser).toContain('First question about pizza');

    // delete the pasta chat: asked first, then gone with its messages, runs and events
    await s.panel.getByRole('button', { name: 'Chats' }).click();
    // the pizza chat's outcome is its later task's, and says so; the pasta chat had one task, its title
    const pizza = rows.filter({ hasText: 'pizza' });
    await expect.poll(() => pizza.getByTestId('history-task').allTextContents()).toEqual(['Last task, “And the price?”: ']);
    expect(await rows.filter({ hasText: 'pasta' }).getByTestId('history-task').count()).toBe(0);
    await shootPanel(s.panel, 'history-later-task', { schemes: ['light', 'dark'] });
    const pasta = rows.filter({ hasText: 'pasta' });
    const chatId = await s.panel.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('copilot');
          open.onsuccess = () => {
            const req = open.result.transaction('chats').objectStore('chats').getAll();
            req.onsuccess = () => resolve((req.result as { id: string; title: string }[]).find((c) => c.title.includes('pasta'))!.id);
          };
        }),
    );
    expect((await storedFor(chatId)).every((n) => n > 0)).toBe(true);
    await pasta.getByRole('button', { name: 'Delete' }).click();
    expect(await rows.count()).toBe(2);
    await pasta.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    // the focused Yes, delete went with its row: focus is on the view's first control, not lost to the page's body
    await expect.poll(() => s.panel.evaluate(() => document.activeElement?.tagName ?? '')).not.toBe('BODY');
    expect(await s.panel.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(await storedFor(chatId)).toEqual([0, 0, 0, 0]);
    // New chat from the list goes to the new chat: a task sent there is not behind the list
    await s.panel.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => s.panel.getByTestId('chat-history').count()).toBe(0);
    await s.panel.getByRole('button', { name: 'Chats' }).click();
  });

  it('gives the list the room when the open chat waits on its error card', async () => {
    await s.panel.getByTestId('chat-history').getByRole('button', { name: 'Back to the chat' }).click();
    await newChat(s.panel);
    await (await askInPanel(s, 'A broken question about soup')).end(15_000);
    await s.panel.getByTestId('resume-card').waitFor();
    await s.panel.getByRole('button', { name: 'Chats' }).click();
    const rows = s.panel.getByTestId('history-chat');
    await expect.poll(() => rows.count()).toBe(2);
    // the card is one line now, and every entry's buttons can be reached and pressed
    await shootPanel(s.panel, 'history-after-error', {
      check: async () => {
        expect(await s.panel.getByTestId('resume-card').count()).toBe(0);
        expect(await s.panel.getByTestId('dock-line').textContent()).toContain('stopped on an error');
        const last = rows.last().getByRole('button', { name: 'Delete' });
        await last.scrollIntoViewIfNeeded();
        const box = (await last.boundingBox())!;
        const hit = await s.panel.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2]);
        expect(hit).toBe('Delete');
      },
    });
    await s.panel.getByTestId('dock-line').getByRole('button', { name: 'Back to the chat' }).click();
    await s.panel.getByTestId('resume-card').waitFor();
  });
});
