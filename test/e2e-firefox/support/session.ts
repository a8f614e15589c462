import type { Page } from 'puppeteer-core';
import { launchFirefoxExtension, pageSend, waitForContentScript, type FirefoxExtension } from './firefox';
import { startLlmServer, type LlmServer } from '../../support/llm-server';

/** Firefox, the scripted provider, a page tab and a panel acting on it: the setting of an agent test (test/support/agent-session.ts in Chromium). */
export interface FirefoxSession {
  ff: FirefoxExtension;
  llm: LlmServer;
  page: Page;
  tabId: number;
  panel: Page;
  /** types a chat message into the panel and sends it */
  ask(text: string): Promise<void>;
  /** waits for the run's end, answering "Allow once" to cards of the `allow` categories on the way */
  waitForEnd(timeoutMs?: number, opts?: { allow?: string[] }): Promise<{ kind: string; text: string; asked: string[] }>;
  close(): Promise<void>;
}

export async function startFirefoxSession(startUrl: string): Promise<FirefoxSession> {
  const [ff, llm] = await Promise.all([launchFirefoxExtension(), startLlmServer()]);
  const page = await ff.newPage(startUrl);
  const tabId = await ff.tabIdOf(page);
  const panel = await ff.openPanel(tabId);
  await pageSend(panel, 'settings.save', {
    provider: 'anthropic',
    models: { planner: 'scripted-planner', policy: 'scripted-policy', reflection: 'scripted-reflection' },
    apiKeys: { anthropic: 'sk-test-key-0000' },
    baseUrls: { anthropic: llm.anthropicBaseUrl },
    maxRetries: 0,
  });
  await waitForContentScript(panel, tabId);
  // runs asked earlier in the chat keep their end entries: wait for the one after them
  let endsBefore = 0;
  return {
    ff,
    llm,
    page,
    tabId,
    panel,
    async ask(text) {
      await waitForContentScript(panel, tabId);
      endsBefore = await panel.$$eval('[data-end]', (ends) => ends.length);
      await panel.waitForSelector('textarea[aria-label=Message]:not([disabled])');
      await panel.type('textarea[aria-label=Message]', text);
      await panel.click('form.composer button[type=submit]:not([disabled])');
    },
    async waitForEnd(timeoutMs = 30_000, opts = {}) {
      const asked: string[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const state = await panel.evaluate((allow: string[], before: number) => {
          const end = [...document.querySelectorAll('[data-end]')][before];
          if (end) return { end: { kind: end.getAttribute('data-end') ?? '', text: end.textContent ?? '' } };
          const card = [...document.querySelectorAll('[data-testid=confirm]')].find((c) => allow.includes(c.getAttribute('data-category') ?? '') && c.querySelector('button.primary'));
          return { card: card?.getAttribute('data-category') ?? undefined };
        }, opts.allow ?? [], endsBefore);
        if (state.end) return { ...state.end, asked };
        if (state.card) {
          asked.push(state.card);
          const button = `[data-testid=confirm][data-category=${state.card}] button.primary`;
          await panel.click(button);
          await panel.waitForFunction((b: string) => !document.querySelector(b), { timeout: 10_000 }, button);
          continue;
        }
        if (Date.now() > deadline) throw new Error(`the run did not end within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await ff.close();
      await llm.close();
    },
  };
}
