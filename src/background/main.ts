import { sendToTab } from './rpc';
import { lookup } from '../shared/protocol';
import connectionTestPrompt from '../../prompts/connection-test.md?raw';
import { acceptPanelPorts, broadcast } from './event-hub';
import { onPrivateStored } from '../platform/private-store';
import { loadSettings, saveSettings, toView, isConfiguredNow, withPatch } from './settings-store';
import { clientFor } from './providers';
import { createTabBrowser } from './executor/tab-browser';
import { createRunner } from './agent/runner';
import { agentHandlers } from './agent/handlers';
import { recordingHandlers } from './recording/handlers';
import { memoryHandlers } from './memory/handlers';
import { workflowsHandlers } from './workflows/handlers';
import { createExampleSource } from './memory/example-source';
import type { BackgroundHandlers } from './handlers';
import { startRetention } from './retention';
import { startPlatform } from '../platform/start';
import { deleteChat } from './agent/chats';
import { startSchedules } from './schedules/start';
import { schedulesHandlers } from './schedules/handlers';
import { replayRunKind } from './workflows/replay-kind';
import { agentRunKind } from './agent/run-kind';
import { runHost } from './runs/host';
import { releaseLeftoverInput } from './executor/debugger';
import { openAllSideDoors } from './executor/side-doors';
import { personActedIn } from './executor/effect-hold';
import { watchLiveConnections } from './executor/live-connections';
import { showDownload, watchDownloads } from './executor/downloads';
import { sweepAttachments } from './runs/attachments';
import { dropLeftoverSecrets } from './secrets/sealed';
import { welcomeOnInstall } from './welcome';
import { listenForAppsAlarm, startApps } from './apps/bridge';
import { appsHandlers } from './apps/handlers';
import { setTaskStarter } from './apps/tools';
import { setActionStarter } from './apps/act';
import { showWaitingOnClick } from './apps/waiting-notice';
import { ensureContentScript, watchWorkedTabs } from './executor/content-script';
import { startQueue } from './after-first-reply';
import { bootOf } from '../platform/wake';
import { serveMessages } from './serve-messages';

/**
 * The service worker is wiring only: it routes typed messages to the modules that do the work.
 * It may be stopped at any moment (MV3), so it keeps nothing here that matters beyond one call.
 */
// In Chrome a boot script runs first (boot.ts) and loads this one a moment later: the worker's start is the boot's.
const boot = bootOf();
const bootedAt = boot?.bootedAt ?? Date.now();
const version = chrome.runtime.getManifest().version;
// listeners are added at the top level (the event that woke the worker reaches them, through the
// boot's relays in Chrome: src/platform/wake.ts); the work done at every start waits until the
// first message is answered (after-first-reply.ts), which the boot may have done already
const start = startQueue(undefined, boot?.answered() ?? false);

// The browser's own wiring (key storage content scripts cannot read, the toolbar button opening
// the panel); what this browser cannot do is told to the panel rather than stopping the worker.
const platformProblems = startPlatform();
welcomeOnInstall();
// The content script goes only into the tabs the co-pilot works in; the new pages of those tabs
// are heard from here, at the top level, so the navigation that woke the worker is not missed.
watchWorkedTabs();
// Workflows on a schedule: alarm and replay-end listeners, then what fell due while nothing ran.
const scheduleProblem = startSchedules(start.later);
if (scheduleProblem) platformProblems.push(scheduleProblem);

const system: BackgroundHandlers = {
  'system.status': async () => ({ bootedAt, version, configured: await isConfiguredNow() }),
  'tab.ping': ({ tabId }) => sendToTab(tabId, 'content.ping', {}),
  'tab.prepare': async ({ tabId }) => ({ ok: (await ensureContentScript(tabId)).ok }),
  'downloads.show': ({ id }) => showDownload(id),
};

const settings: BackgroundHandlers = {
  'settings.get': async () => toView(await loadSettings()),
  'settings.save': async (patch) => {
    const saved = await saveSettings(patch);
    // "apps on this computer" turned on, off or moved to another port
    if (patch.apps) void startApps();
    return toView(saved);
  },
  'llm.test': async ({ role, prompt, draft }) => {
    const current = draft ? withPatch(await loadSettings(), draft) : await loadSettings();
    const started = Date.now();
    const reply = await clientFor(current).complete({
      role,
      system: connectionTestPrompt.trim(),
      messages: [{ role: 'user', content: prompt }],
      maxTokens: 64,
    });
    return {
      text: reply.text,
      model: reply.model,
      provider: current.provider,
      inputTokens: reply.usage.inputTokens,
      outputTokens: reply.usage.outputTokens,
      ms: Date.now() - started,
    };
  },
};

const runner = createRunner({ browserFor: (tabId, files) => createTabBrowser(tabId, { readDownloads: true, ...(files ? { files } : {}) }), examples: createExampleSource() });
// every kind of run, for what they share: the overlay's Stop, and resuming after a restart
const runs = runHost([agentRunKind(runner), replayRunKind]);

serveMessages(answeringFirst({
  ...system,
  'chat.delete': ({ chatId }) => deleteChat(chatId),
  // what the person does to a run, whatever its kind
  'run.pause': ({ runId }) => runs.pause(runId),
  'run.resume': ({ runId }) => runs.resume(runId),
  'run.stop': ({ runId }) => runs.stop(runId),
  'run.confirm': ({ runId, requestId, answer }) => runs.confirm(runId, requestId, answer),
  // the run in that tab, whatever its kind
  'overlay.stop': async (_params, sender) => (sender.tabId === undefined ? { ok: false, message: 'No tab.' } : runs.stopInTab(sender.tabId)),
  // the person's own input right after a run: their post is not the run's
  'overlay.personInput': (_params, sender) => (sender.tabId !== undefined && personActedIn(sender.tabId), { ok: true as const }),
  ...settings,
  ...agentHandlers(runner),
  ...recordingHandlers(),
  ...memoryHandlers(start.later),
  ...workflowsHandlers(),
  ...schedulesHandlers(),
  ...appsHandlers(),
}), lookup);
// Runs and replays that were going on when the worker was stopped continue from their last saved
// step, after the debugger sessions and the request rules the stopped worker left behind are gone.
// after the resume, so a run that goes on again keeps its files; those of runs that are over go
const leftoversReleased = Promise.all([releaseLeftoverInput(), openAllSideDoors()]);
start.later(() =>
  leftoversReleased
    .finally(() => runs.resumeInterrupted())
    .finally(() => sweepAttachments().catch((e) => console.error('could not sweep the files of ended runs', e))),
);
acceptPanelPorts(() => ({ type: 'hello', bootedAt, version, problems: platformProblems }));
// the panels follow the stored settings (saved by another page, or straight into storage): told, never sent them
onPrivateStored('settings', () => broadcast({ type: 'settings' }));
// Secrets kept for runs that are over, or whose sealed half the browser's closing cleared.
start.later(() => dropLeftoverSecrets().catch((e: unknown) => console.error('could not sweep kept secrets', e)));
// Chats, runs and events older than the retention setting are deleted (after the start, then as runs end).
startRetention(start.later);
// Apps on this computer (the MCP server), when the person turned them on.
setTaskStarter((tabId, chatId, text) => runner.chat(tabId, chatId, text));
setActionStarter((tabId, chatId, action, by) => runner.act(tabId, chatId, action, by));
showWaitingOnClick();
listenForAppsAlarm();
start.later(() => startApps().catch((e: unknown) => console.error('apps: could not start', e)));
watchLiveConnections();
watchDownloads();

/** Every handler, told to the start queue, so that the first answer lets the start's work run. */
function answeringFirst(handlers: BackgroundHandlers): BackgroundHandlers {
  return Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, start.answering(handler as (...args: unknown[]) => unknown)])) as BackgroundHandlers;
}
