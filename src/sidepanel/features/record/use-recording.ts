import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { RecordingData } from '../../../shared/messages/recording';

export interface LiveRecording {
  id: string;
  data: RecordingData;
}

/** The recording going on in a tab, read live from IndexedDB (the service worker writes each step as it arrives). */
export function useRecording(tabId: number | undefined): LiveRecording | undefined {
  return useLiveQuery(async () => {
    if (tabId === undefined) return undefined;
    const rec = (await db().recordings.where('tabId').equals(tabId).toArray()).find((r) => r.status === 'recording');
    const data = rec && RecordingData.safeParse(rec.data);
    return rec && data?.success ? { id: rec.id, data: data.data } : undefined;
  }, [tabId]);
}
