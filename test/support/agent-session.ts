import type { Page } from 'playwright-core';
import { launchExtension, waitForContentScript, type Extension } from './extension';
import { startLlmServer, type LlmServer } from './llm-server';
import { panelSend } from './panel';

/** The extension, a scripted provider and a side panel pointed at one page tab: the setting of an agent test. */
export interface AgentSession {
  ext: Extension;
  llm: LlmServer;
  page: Page;
  panel: Page;
  tabId: number;
  /** opens the side panel on the page's tab, as a person does before asking (it puts the content script into the page), once */
  showPanel(): Promise<Page>;
  /** types a chat message into the real side panel and sends it */
  /** sends a chat message, with files attached through the composer's paperclip when given */
  ask(text: string, files?: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void>;
  /**
   * waits until the timeline shows the run's end and says how it ended; confirmation cards of the
   * `allow` categories are answered "Allow once" on the way (any other card is left waiting, and
   * the wait times out), and `asked` lists the categories answered, in order
   */
  waitForEnd(timeoutMs?: number, opts?: { allow?: string[] }): Promise<{ kind: 'done' | 'failed' | 'error' | 'stopped'; text: string; asked: string[]; cards: string[] }>;
  close(): Promise<void>;
}

/** Models and key of the scripted provider server, saved through the panel as a person would. */
export async function configureScriptedProvider(panel: Page, llm: LlmServer, provider: 'anthropic' | 'openai' = 'anthropic'): Promise<void> {
  await panelSend(panel, 'settings.save', {
    provider,
    models: { planner: 'scripted-planner', policy: 'scripted-policy', reflection: 'scripted-reflection' },
    apiKeys: { [provider]: 'sk-test-key-0000' },
    baseUrls: { [provider]: provider === 'anthropic' ? llm.anthropicBaseUrl : llm.openaiBaseUrl },
    maxRetries: 0,
  });
}

export async function startAgentSession(opts: { provider?: 'anthropic' | 'openai'; extensionDir?: string; args?: string[]; panelWindow?: boolean } = {}): Promise<AgentSession> {
  const [ext, llm] = await Promise.all([launchExtension({ extensionDir: opts.extensionDir, args: opts.args }), startLlmServer()]);
  const page = await ext.context.newPage();
  await page.goto('about:blank');
  const setup = await ext.openPanel();
  await configureScriptedProvider(setup, llm, opts.provider);
  await setup.close();
  let panel: Page | undefined;
  let tabId = -1;
  const session: AgentSession = {
    ext,
    llm,
    page,
    get panel() {
      if (!panel) throw new Error('open a page first with goto');
      return panel;
    },
    get tabId() {
      return tabId;
    },
    async showPanel() {
      if (!panel) {
        tabId = await ext.tabIdOf(page);
        // the panel opened on the tab puts the content script into its page (the run would too)
        panel = await ext.openPanel({ tabId, ownWindow: opts.panelWindow });
        await waitForContentScript(page);
      }
      return panel;
    },
    async ask(text, files) {
      const panel = await session.showPanel();
      if (files?.length) {
        await panel.getByTestId('attach-input').setInputFiles(files);
        await panel.getByTestId('attached-files').waitFor();
      }
      await panel.getByLabel('Message').fill(text);
      await panel.getByRole('button', { name: 'Send' }).click();
    },
    async waitForEnd(timeoutMs = 45_000, opts = {}) {
      const end = panel!.locator('[data-end]').last();
      const asked: string[] = [];
      // each allowed card's words, as the person read them before answering
      const cards: string[] = [];
      const allowed = (opts.allow ?? []).map((c) => `[data-category=${c}]`).join(', ');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const card = allowed ? panel!.locator(`[data-testid=confirm]:is(${allowed})`).filter({ has: panel!.getByRole('button', { name: 'Allow once' }) }) : null;
        const either = card ? end.or(card.first()) : end;
        await either.first().waitFor({ timeout: Math.max(1, deadline - Date.now()) });
        if (card && (await card.count())) {
          asked.push((await card.first().getAttribute('data-category')) ?? '');
          cards.push(await card.first().innerText());
          const b = card.first().getByRole('button', { name: 'Allow once' });
          await b.click();
          await b.waitFor({ state: 'detached', timeout: 10_000 });
          continue;
        }
        return { kind: (await end.getAttribute('data-end')) as 'done' | 'failed' | 'error' | 'stopped', text: (await end.textContent()) ?? '', asked, cards };
      }
    },
    async close() {
      await ext.close();
      await llm.close();
    },
  };
  return session;
}
