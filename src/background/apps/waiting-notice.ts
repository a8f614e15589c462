import { db } from '../../storage/db';
import { clearNotification, notify, onNotificationClicked } from '../../platform/notifications';
import { openPanelNow } from '../../platform/panel-opener';
import { panelsOpen } from '../event-hub';

/**
 * An app's task, action or workflow that waits for the person (a payment to allow, a secret to
 * type) while no side panel is open would wait unseen until the app's call times out: the
 * browser's notification says who waits and for what, and a click on it shows the tab and tries
 * to open the panel there (the browser may refuse that outside a click on its own UI; the tab
 * still comes to the front, where the co-pilot's overlay shows the run).
 */
const PREFIX = 'app-wait:';
const idOf = (windowId: number, tabId: number, runId: string) => `${PREFIX}${windowId}:${tabId}:${runId}`;

/** The question's words, from the run's last question event. */
async function questionOf(runId: string): Promise<string> {
  const events = await db().events.where('runId').equals(runId).toArray();
  const last = events.filter((e) => e.type === 'confirmation_needed' || e.type === 'handoff').at(-1) as { request?: { description?: string }; reason?: string } | undefined;
  return last?.request?.description ?? last?.reason ?? 'It needs your answer.';
}

/** Shown once per waiting run, and only when no side panel is open to show the card. */
export async function noticeWaiting(client: string, runId: string, tabId: number): Promise<boolean> {
  if (panelsOpen() > 0) return false;
  const windowId = (await chrome.tabs.get(tabId).catch(() => undefined))?.windowId ?? -1;
  await notify(idOf(windowId, tabId, runId), `${client} is waiting for you`, `${await questionOf(runId)}\nClick to answer in the co-pilot's side panel.`);
  return true;
}

/** Its notice goes when the run no longer waits (answered, ended). */
export async function endNotice(runId: string, tabId: number): Promise<void> {
  const windowId = (await chrome.tabs.get(tabId).catch(() => undefined))?.windowId ?? -1;
  await clearNotification(idOf(windowId, tabId, runId)).catch(() => {});
}

function show(notificationId: string): void {
  const [, windowId, tabId] = /^app-wait:(-?\d+):(\d+):/.exec(notificationId)?.map(Number) ?? [];
  if (!tabId) return;
  // the panel first, with no await before it: the browser lets it open only in the click's own turn
  if (windowId !== undefined && windowId >= 0) void openPanelNow(windowId).catch(() => {});
  void (async () => {
    const tab = await chrome.tabs.update(tabId, { active: true });
    if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
  })().catch(() => {});
}

/** A click on an app's waiting notice shows its tab (main.ts wires it at the worker's start). */
export function showWaitingOnClick(): void {
  onNotificationClicked((id) => {
    if (id.startsWith(PREFIX)) show(id);
  });
}
