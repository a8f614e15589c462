import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { RecordingData } from '../../../shared/messages/recording';

export interface LiveRecording {
  id: string;
  data: RecordingData;
}

/**
 * The recording going on in a tab, read live from IndexedDB (the service worker writes each step as
 * it arrives), also once it follows a tab that one of its steps opened.
 */
export function useRecording(tabId: number | undefined): LiveRecording | undefined {
  return useLiveQuery(async () => {
    if (tabId === undefined) return undefined;
    for (const rec of await db().recordings.where('status').equals('recording').toArray()) {
      const data = RecordingData.safeParse(rec.data);
      if (data.success && (rec.tabId === tabId || data.data.tabs?.some((t) => t.tabId === tabId))) return { id: rec.id, data: data.data };
    }
    return undefined;
  }, [tabId]);
}
