import { db, type RecordingRecord } from '../../storage/db';
import { RecordingData } from '../../shared/messages/recording';
import { withOpenedTab } from './tab-steps';

/** The recording going on in any of its tabs (the one it follows now, or one it came from). */
async function recordingWithTab(tabId: number): Promise<{ record: RecordingRecord; data: RecordingData } | undefined> {
  for (const record of await db().recordings.where('status').equals('recording').toArray()) {
    const data = RecordingData.safeParse(record.data);
    if (!data.success) continue;
    if (record.tabId === tabId || data.data.tabs?.some((t) => t.tabId === tabId)) return { record, data: data.data };
  }
  return undefined;
}

/**
 * A tab opened from a recorded tab (a target=_blank link, window.open): the recording follows it,
 * so its page loads ask to be recorded and their steps carry its number.
 */
async function followOpenedTab(tab: chrome.tabs.Tab): Promise<void> {
  if (tab.id === undefined || tab.openerTabId === undefined) return;
  const found = await recordingWithTab(tab.openerTabId);
  if (!found) return;
  const at = Date.now();
  await db().transaction('rw', db().recordings, async () => {
    const record = await db().recordings.get(found.record.id);
    const data = record && record.status === 'recording' ? RecordingData.safeParse(record.data) : undefined;
    if (!record || !data?.success) return;
    const startTabId = data.data.tabs?.find((t) => t.n === 1)?.tabId ?? record.tabId;
    const next = withOpenedTab(data.data, { tabId: tab.id!, openerTabId: tab.openerTabId!, startTabId, at });
    if (next) await db().recordings.put({ ...record, tabId: tab.id!, data: next });
  });
}

/**
 * The tab the recording follows was closed: it goes back to the tab that one was opened from.
 * True when the recording goes on; false when the closed tab ends it (it was the only one).
 */
export async function recordedTabClosed(tabId: number): Promise<boolean> {
  const found = await recordingWithTab(tabId);
  if (!found || found.record.tabId !== tabId) return false;
  const tab = found.data.tabs?.find((t) => t.tabId === tabId);
  const back = tab && found.data.tabs?.find((t) => t.n === tab.from);
  if (!back) return false;
  await db().recordings.put({ ...found.record, tabId: back.tabId });
  return true;
}

export function watchOpenedTabs(): void {
  chrome.tabs.onCreated.addListener((tab) => void followOpenedTab(tab).catch((error) => console.warn('could not follow the opened tab', error)));
}
