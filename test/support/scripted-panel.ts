import type { Locator, Page } from 'playwright-core';
import type { AgentSession } from './agent-session';

/** What the side panel waits on next: a confirmation card, a hand-off card, or the end of the run. */
export type PanelStop =
  | { kind: 'confirm'; category: string; text: string; card: Locator }
  | { kind: 'handoff'; text: string; card: Locator }
  | { kind: 'end'; end: string; text: string };

export interface RunInPanel {
  /** waits until the run stops for the person or ends, and says which, as a person looking at the panel would */
  nextStop(timeoutMs?: number): Promise<PanelStop>;
  /** waits for this run's end entry (runs asked earlier in the chat keep theirs) */
  end(timeoutMs?: number): Promise<{ kind: string; text: string }>;
}

/**
 * Opens a new chat and waits until it is on screen: a message sent before that lands in the old chat,
 * and a test counting ended runs would count the old chat's.
 */
export async function newChat(panel: Page): Promise<void> {
  await panel.getByRole('button', { name: 'New chat' }).click();
  await panel.locator('[data-end]').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/** Sends a chat message through the side panel and follows the run it starts. */
export async function askInPanel(s: AgentSession, text: string): Promise<RunInPanel> {
  let before = 0;
  try {
    // counted once the chat has loaded (the header says something then): a chat drawn again (after a
    // recording gave it back its place) shows its earlier ends a moment later, and one of those would be taken for this run's
    await s.panel.getByTestId('run-status').filter({ hasText: /\S/ }).waitFor({ timeout: 5_000 }).catch(() => undefined);
    before = await s.panel.locator('[data-end]').count();
  } catch {
    // no panel yet: the first message opens it
  }
  await s.ask(text);
  const end = () => s.panel.locator('[data-end]').nth(before);
  return {
    async nextStop(timeoutMs = 30_000) {
      const confirm = s.panel.getByTestId('confirm').filter({ has: s.panel.getByRole('button', { name: 'Allow once' }) });
      const handoff = s.panel.getByTestId('handoff').filter({ has: s.panel.getByRole('button', { name: "I'm done, continue" }) });
      await confirm.or(handoff).or(end()).first().waitFor({ timeout: timeoutMs });
      if (await confirm.count()) {
        const card = confirm.first();
        return { kind: 'confirm', category: (await card.getAttribute('data-category')) ?? '', text: (await card.textContent()) ?? '', card };
      }
      if (await handoff.count()) return { kind: 'handoff', text: (await handoff.first().textContent()) ?? '', card: handoff.first() };
      return { kind: 'end', end: (await end().getAttribute('data-end')) ?? '', text: (await end().textContent()) ?? '' };
    },
    async end(timeoutMs = 45_000) {
      await end().waitFor({ timeout: timeoutMs });
      return { kind: (await end().getAttribute('data-end')) ?? '', text: (await end().textContent()) ?? '' };
    },
  };
}

/** Presses one of a card's buttons and waits until the card no longer asks (the run took the answer). */
export async function answer(card: Locator, button: 'Allow once' | 'Allow for this task' | 'Refuse' | "I'm done, continue"): Promise<void> {
  const b = card.getByRole('button', { name: button });
  await b.click();
  await b.waitFor({ state: 'detached', timeout: 10_000 });
}

export type Answer = 'Allow once' | 'Allow for this task' | 'Refuse';

/**
 * Follows a run to its end as a person would: each confirmation card is answered by `decide`
 * (which sees its category and text), each hand-off by `onHandoff` (default: fails the test).
 * Returns the categories asked, in order, so a test can assert exactly what the gate stopped.
 */
export async function runThrough(
  run: RunInPanel,
  decide: (stop: Extract<PanelStop, { kind: 'confirm' }>) => Answer,
  onHandoff?: (stop: Extract<PanelStop, { kind: 'handoff' }>) => Promise<void>,
): Promise<{ asked: string[]; end: { kind: string; text: string } }> {
  const asked: string[] = [];
  for (;;) {
    const stop = await run.nextStop();
    if (stop.kind === 'end') break;
    if (stop.kind === 'handoff') {
      if (!onHandoff) throw new Error(`unexpected hand-off: ${stop.text}`);
      await onHandoff(stop);
      continue;
    }
    asked.push(stop.category);
    await answer(stop.card, decide(stop));
  }
  if (process.env.DEBUG_STOPS) console.log('asked', asked);
  return { asked, end: await run.end() };
}
