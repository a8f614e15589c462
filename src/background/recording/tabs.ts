import { db, type RecordingRecord } from '../../storage/db';
import { RecordingData } from '../../shared/messages/recording';
import { withOpenedTab, withTabLoad } from './tab-steps';
import { recordingOfTab, updateRecording } from './store';
import { workIn } from '../executor/content-script';
import { wakeOn } from '../../platform/wake';

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
 * A tab opened from a recorded tab (a target=_blank link, window.open) joins the recording's tabs;
 * its first web page makes the recording follow it (recordPageLoad).
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
    if (next) await db().recordings.put({ ...record, data: next });
  });
  // its pages get the script (and the recorder) as the recorded tab's do
  await workIn(tab.id, found.record.id);
}

/**
 * A page loaded in a tab: the recording of that tab (or of one of its tabs) takes it as a navigation,
 * or, for the first page of a tab a step opened, follows into that tab. The recording's id, if any.
 */
export async function recordPageLoad(tabId: number, url: string, title: string): Promise<string | undefined> {
  const rec = (await recordingOfTab(tabId)) ?? (await recordingWithTab(tabId))?.record;
  if (!rec) return undefined;
  let opened = false;
  await updateRecording(rec.id, (d) => {
    const next = withTabLoad(d, tabId, url, title, Date.now());
    opened = !!d.tabs?.some((t) => t.tabId === tabId && !t.loaded);
    return next === d ? undefined : next;
  });
  if (opened) await db().recordings.update(rec.id, { tabId });
  return rec.id;
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
  wakeOn('tabs.onCreated', (tab) => void followOpenedTab(tab).catch((error) => console.warn('could not follow the opened tab', error)));
}
