import { resolveValues } from '../../workflows/fill';
import { startAddress, startPlace } from '../../workflows/replay/start-place';
import { newReplayState } from '../../workflows/replay/state';
import { db } from '../../storage/db';
import { chromePagePort } from '../executor/chrome-port';
import { openOwnTab } from '../executor/side-doors';
import { loadSettings } from '../settings-store';
import { loadWorkflow } from './store';
import { launchReplay, LIVE, saveState } from './replay-runner';
import { sealSecrets } from '../secrets/sealed';
import { keepAttachments } from '../runs/attachments';
import type { FilePayload } from '../../shared/attachment';

export interface StartParams {
  workflowId: string;
  tabId?: number;
  newTab: boolean;
  values: Record<string, string>;
  stepMode: boolean;
  /** the chat whose timeline shows the replay (a request made in chat); else the tab's latest chat */
  chatId?: string;
  /** no model repairs a step: one that no longer matches waits for the person */
  noModel?: boolean;
  /** nobody watches (a schedule): a step the resolver is unsure of goes to the model, if allowed, instead of asking first */
  unattended?: boolean;
  /** the files chosen in the Run form, by file variable: kept for this replay only */
  files?: Record<string, FilePayload>;
  /** who asked for it, when not the person (an app on this computer): the new chat's title names it */
  by?: string;
}

/** `opened`: the start page the replay opened itself, in a new tab or in the tab it was asked to run in */
export type StartResult = { ok: true; replayId: string; tabId: number; opened?: 'new' | 'here' } | { ok: false; message: string };

/** How long the start page may take to load before the first step looks at it anyway (and says what it finds). */
const START_PAGE_MS = 15_000;

/**
 * Starts a replay: where it runs (./start-place: the tab as it is, the tab sent to the start page,
 * or a new tab when this one shows another site), its state written, then its drive. What it
 * needs is read at once, in two parts around sending the tab to its page, since a replay starts
 * while the person waits and the page's load is the longest part of a short replay.
 */
export async function startReplay(p: StartParams): Promise<StartResult> {
  const asked = p.newTab ? undefined : p.tabId;
  // what decides where the replay starts is read first; its page then loads while the rest is read
  const [workflow, here, busyHere] = await Promise.all([
    loadWorkflow(p.workflowId),
    asked === undefined ? undefined : chrome.tabs.get(asked).catch(() => null),
    asked === undefined ? undefined : busy(asked),
  ]);
  if (!workflow) return { ok: false, message: 'That workflow is not stored any more.' };
  if (here === null) return { ok: false, message: 'The tab to replay in is gone.' };
  const files = p.files ?? {};
  // a file variable's value is the chosen file's name; its bytes go to the page only at its step
  const values = resolveValues(workflow, { ...p.values, ...Object.fromEntries(Object.entries(files).map(([k, f]) => [k, f.name])) }, new Set(Object.keys(files)));
  if (!values.ok) return values;
  const place = startPlace(workflow, here?.url ?? here?.pendingUrl, here === undefined, values.values);
  const address = startAddress(workflow, values.values, here?.url ?? '');
  if (place !== 'new' && busyHere) return { ok: false, message: 'Another replay is still going on in this tab: stop it first, or tick “In a new tab” to run this one beside it.' };
  const since = Date.now();
  const tabId = place === 'new' ? (await openOwnTab({ url: address.url, active: true })).id : here?.id;
  if (tabId === undefined) return { ok: false, message: 'Could not open a tab for the replay.' };
  const port = place === 'here' ? null : chromePagePort(tabId);
  // the navigation asked for first, ahead of the reads
  const [, settings, tabs] = await Promise.all([place === 'go' ? port!.navigate(address.url) : undefined, loadSettings(), chrome.tabs.query({})]);
  // looked for from now on, while the state is written: the page may answer before that is done
  const opening = port?.waitForDocument(since, START_PAGE_MS);
  const replayId = `replay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  // A replay started from chat tells its story there; one started from Workflows or a schedule has
  // a chat of its own, first in the list, never appended to another task's chat in that tab.
  const chatId = p.chatId ?? `chat-${tabId}-${Date.now().toString(36)}`;
  const state = newReplayState({ replayId, workflowId: workflow.id, name: workflow.name, tabId, chatId, values: values.values, secretNames: Object.keys(values.secrets), stepMode: p.stepMode, noModel: p.noModel, unattended: p.unattended, openedFirst: place !== 'here' && address.firstStep, now: Date.now() });
  await Promise.all([
    Object.keys(values.secrets).length ? sealSecrets(replayId, values.secrets) : undefined,
    keepAttachments(replayId, Object.values(files)),
    saveState(state),
    p.chatId ? undefined : newChat(chatId, tabId, `${p.by ? `${p.by}: ` : ''}Replay: ${workflow.name}`),
  ]);
  launchReplay({ state, workflow, settings, secrets: values.secrets, newestTab: Math.max(tabId, ...tabs.map((t) => t.id ?? 0)), opening });
  return place === 'here' ? { ok: true, replayId, tabId } : { ok: true, replayId, tabId, opened: place === 'new' ? 'new' : 'here' };
}

function busy(tabId: number): Promise<unknown> {
  return db().runs.where('tabId').equals(tabId).filter((r) => r.kind === 'replay' && LIVE.includes(r.status)).first();
}

/** The replay's own chat, first in the list (the panel shows a tab's latest chat). */
async function newChat(id: string, tabId: number, title: string): Promise<void> {
  const now = Date.now();
  await db().chats.put({ id, tabId, title, createdAt: now, updatedAt: now });
}
