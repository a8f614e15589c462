import { db } from '../../storage/db';
import { recordedTabClosed, watchOpenedTabs } from './tabs';
import { doneWith } from '../executor/content-script';
import { wakeOn } from '../../platform/wake';

/** Ends the recordings of a tab: their steps stay in the table, the tab stops being recorded. */
async function stopRecordingsOf(tabId?: number): Promise<void> {
  const all = tabId === undefined ? await db().recordings.toArray() : await db().recordings.where('tabId').equals(tabId).toArray();
  for (const r of all) {
    if (r.status !== 'recording') continue;
    await db().recordings.update(r.id, { status: 'stopped' });
    await doneWith(r.id);
  }
}

/**
 * A closed tab is no longer recorded, and after a browser restart no tab is: tab ids start over,
 * and a new page must not resume a recording it has nothing to do with. Registered when the
 * service worker starts, so these events wake it.
 */
export function watchRecordedTabs(): void {
  // a closed tab that a step had opened hands the recording back to the tab it came from
  wakeOn('tabs.onRemoved', (tabId) => void recordedTabClosed(tabId).then((goesOn) => (goesOn ? undefined : stopRecordingsOf(tabId))).catch(() => {}));
  watchOpenedTabs();
  wakeOn('runtime.onStartup', () => void stopRecordingsOf().catch(() => {}));
}
