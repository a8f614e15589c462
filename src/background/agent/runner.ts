import { createAgent, maskSecrets, type Agent, type RunHandle } from '../../agent';
import type { BrowserPort, ExampleSource } from '../../agent/ports';
import type { ChatTurn, LlmClient } from '../../shared/llm';
import type { BrowserAction } from '../../shared/action';
import { actionInWords } from '../../shared/plain-words';
import { db } from '../../storage/db';
import { clientFor } from '../providers';
import { loadSettings, modelFor } from '../settings-store';
import { sendsScreenshots } from '../../shared/seeing-models';
import { indexedDbRunStore, readRun, storeStopped } from './run-store';
import { eventSink } from './event-sink';
import { userBridge, abandon } from './user-bridge';
import { holdAlive } from './keepalive';
import { releaseRunInput } from './release-run-input';
import { watchPopups } from './popup-guard';
import { chromeTabsPort } from '../executor/run-tabs';
import { presenceEnded } from './presence';
import { runPresence } from './run-presence';
import { requeueFollowUps } from './requeue-follow-ups';
import { prepareStartPage } from './start-page';
import type { RunEvent } from '../../shared/run-events';
import type { ModelChoice } from '../../shared/settings';
import { withModel } from './model-choice';
import { onPageWait } from '../executor/page-wait';
import { dropSecrets, openSecrets, sealSecrets } from '../secrets/sealed';
import { dropAttachments, keepAttachments, readAttachment } from '../runs/attachments';
import type { AttachmentInfo, FilePayload } from '../../shared/attachment';

const infoOf = ({ name, type, size }: FilePayload): AttachmentInfo => ({ name, type, size });

const tee =
  (...sinks: ((event: RunEvent) => void)[]) =>
  (event: RunEvent) => {
    for (const sink of sinks) sink(event);
  };

/**
 * Starts, resumes and controls agent runs. A run's state lives in IndexedDB (written after every
 * step); this module only keeps the handles of runs that are going on in this worker's lifetime.
 */
export interface RunnerDeps {
  /** files: the run's attachments by name, which an upload action sends to the page */
  browserFor(tabId: number, files?: (name: string) => Promise<FilePayload | undefined>): BrowserPort;
  examples?: ExampleSource;
}

const live = new Map<string, RunHandle>();

/** The handle of a run going on in this worker, if it is. */
export const liveRun = (runId: string): RunHandle | undefined => live.get(runId);

const PROVIDER_LABEL = { anthropic: 'Anthropic', openai: 'OpenAI', 'openai-compatible': 'your OpenAI-compatible server' } as const;

/** A run that never calls a model (an app's given action) needs none set up: a call would say what is missing. */
function noModel(error: unknown): LlmClient {
  return { complete: () => Promise.reject(error instanceof Error ? error : new Error(String(error))) };
}

async function agentFor(deps: RunnerDeps, tabId: number, chatId: string, runId: string, choice?: ModelChoice, needsModel = true): Promise<Agent> {
  const settings = withModel(await loadSettings(), choice);
  // Throws a not_configured error that says what is missing; the panel shows it before any run starts.
  let llm: LlmClient;
  try {
    llm = clientFor(settings);
  } catch (error) {
    if (needsModel) throw error;
    llm = noModel(error);
  }
  const shown = runPresence(tabId, (t) => deps.browserFor(t, (name) => readAttachment(runId, name)));
  return createAgent(
    {
      llm,
      browser: shown.browser,
      tabs: chromeTabsPort(tabId, shown.browserFor),
      store: indexedDbRunStore(tabId),
      user: userBridge(runId),
      emit: tee(eventSink(chatId), shown.emit),
      examples: deps.examples,
      providerLabel: () => PROVIDER_LABEL[settings.provider],
      pageWaits: (listener) => onPageWait((id, waiting) => listener(id === tabId ? null : id, waiting)),
      secrets: { load: openSecrets, save: sealSecrets },
    },
    { config: { pageBudget: settings.pageBudget, screenshots: sendsScreenshots(modelFor(settings, 'policy'), settings.screenshotModels), approvePlan: settings.approvePlan } },
  );
}

const FINAL: string[] = ['done', 'failed', 'stopped'];

function track(handle: RunHandle, chatId: string, tabId: number): RunHandle {
  live.set(handle.runId, handle);
  const release = holdAlive(handle.runId);
  const unwatch = watchPopups(tabId, handle.runId);
  void handle.done
    .then(async (outcome) => {
      // a run that can be resumed (a provider error, a question) keeps what the person gave it
      if (FINAL.includes(outcome.status)) await Promise.all([dropSecrets(handle.runId), dropAttachments(handle.runId), abandon(handle.runId)]);
      if (outcome.status === 'done' || outcome.status === 'failed') {
        await db().messages.add({ chatId, role: 'assistant', text: outcome.summary || (outcome.success ? 'Done.' : 'I could not finish.'), runId: handle.runId, at: Date.now() });
      }
    })
    .catch((error) => console.error('run ended with an unexpected error', error))
    .finally(() => {
      live.delete(handle.runId);
      release();
      unwatch();
      presenceEnded(tabId, handle.runId);
      // whatever the outcome, the tab is not left under the debugger's control
      void releaseRunInput(handle.runId, tabId);
    });
  return handle;
}

/** The person's chat message, stored with placeholders for card numbers, CVCs, passwords and codes; only the run gets the text. */
async function rememberTurn(chatId: string, tabId: number, runId: string, text: string, files: AttachmentInfo[]): Promise<void> {
  const now = Date.now();
  const kept = maskSecrets(text);
  await db().chats.put({ id: chatId, tabId, title: (await db().chats.get(chatId))?.title ?? kept.slice(0, 80), createdAt: now, updatedAt: now });
  await db().messages.add({ chatId, role: 'user', text: kept, runId, at: now, ...(files.length ? { files } : {}) });
}

/** A run not going on in this worker (it restarted): its stored record says stopped, so it is not resumed. */
async function markStopped(runId: string): Promise<void> {
  const record = await db().runs.get(runId);
  if (record?.kind === 'agent' && !FINAL.includes(record.status)) {
    await Promise.all([dropSecrets(runId), dropAttachments(runId)]);
    await storeStopped(runId);
  }
}

export function createRunner(deps: RunnerDeps) {
  return {
    /** A chat message: a new run on the tab, with the chat's earlier turns as context. */
    async chat(tabId: number, chatId: string, text: string, choice?: ModelChoice, files: FilePayload[] = []): Promise<{ runId: string }> {
      const busy = await db().runs.where('chatId').equals(chatId).filter((r) => r.kind === 'agent' && ['running', 'waiting', 'paused'].includes(r.status)).first();
      if (busy) throw new Error('A task is still running in this chat: pause or stop it first.');
      await prepareStartPage(tabId, text);
      const runId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const agent = await agentFor(deps, tabId, chatId, runId, choice);
      const earlier = await db().messages.where('[chatId+at]').between([chatId, 0], [chatId, Infinity]).toArray();
      const history: ChatTurn[] = earlier.map((m) => ({ role: m.role, content: m.text }));
      await Promise.all([rememberTurn(chatId, tabId, runId, text, files.map(infoOf)), keepAttachments(runId, files)]);
      track(agent.start({ chatId, task: text, history, runId, files: files.map(infoOf) }), chatId, tabId);
      return { runId };
    },

    /** One action an app chose, in the app's chat on its tab: the gate and the panel's questions as for a task. */
    async act(tabId: number, chatId: string, action: BrowserAction, by: string): Promise<{ runId: string }> {
      // any kind of run: a replay going on in the tab is as much in the way as a task
      const busy = await db().runs.where('tabId').equals(tabId).filter((r) => ['running', 'waiting', 'paused'].includes(r.status)).first();
      if (busy) throw new Error(`A ${busy.kind === 'replay' ? 'replay' : 'task'} is still running in this tab: wait for it to end, or ask the person to stop it.`);
      const runId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const agent = await agentFor(deps, tabId, chatId, runId, undefined, false);
      // the app's request in the chat in the person's words, by the element's name as the page shows it
      const element = 'id' in action && action.id !== undefined ? await deps.browserFor(tabId).describe(action.id).catch(() => null) : null;
      // text an app types into a secret field is never shown or stored: the person types it when asked
      const said = action.kind === 'type' && element?.secret ? { ...action, text: '••••' } : action;
      await rememberTurn(chatId, tabId, runId, `${by} asks: ${actionInWords(said, element?.line ?? '', 'ask')}`, []);
      track(agent.act({ chatId, action, by, runId }), chatId, tabId);
      return { runId };
    },

    async resume(runId: string, choice?: ModelChoice): Promise<string> {
      const handle = live.get(runId);
      if (handle && !choice) {
        handle.control.resume();
        return 'Resumed.';
      }
      const record = await db().runs.get(runId);
      if (record?.kind !== 'agent') throw new Error('That run is not stored any more.');
      // an app's given action is ended, not resumed: it needs no model set up for that
      const given = (await readRun(runId))?.state?.given === true;
      const agent = await agentFor(deps, record.tabId, record.chatId, runId, choice, !given);
      const resumed = await agent.resume(runId);
      if (!resumed) throw new Error('That run could not be resumed.');
      await requeueFollowUps(track(resumed, record.chatId, record.tabId), record.chatId, (await readRun(runId))?.state);
      return 'Resumed from the last saved step.';
    },

    pause(runId: string): string {
      const handle = live.get(runId);
      if (!handle) return 'That run is not active.';
      handle.control.pause();
      return 'Pausing before the next action.';
    },

    async stop(runId: string): Promise<string> {
      const handle = live.get(runId);
      // stopped before what it waits for is refused, so it ends rather than acting on the refusal
      handle?.control.stop('stopped by you');
      await abandon(runId);
      if (handle) return 'Stopping.';
      await markStopped(runId);
      return 'Stopped.';
    },

    async reportWrong(runId: string, note: string): Promise<string> {
      const record = await db().runs.get(runId);
      if (record?.kind !== 'agent') throw new Error('That run is not stored any more.');
      const agent = await agentFor(deps, record.tabId, record.chatId, runId);
      const handle = await agent.reportWrong(runId, note);
      if (!handle) throw new Error('That run could not be retried.');
      track(handle, record.chatId, record.tabId);
      return 'Trying again with what you said.';
    },
  };
}
