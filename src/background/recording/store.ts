import { db, type RecordingRecord } from '../../storage/db';
import { RecordingData } from '../../shared/messages/recording';

/** The recording going on in a tab, if any. */
export async function recordingOfTab(tabId: number): Promise<RecordingRecord | undefined> {
  const all = await db().recordings.where('tabId').equals(tabId).toArray();
  return all.find((r) => r.status === 'recording');
}

export async function getRecording(id: string): Promise<{ record: RecordingRecord; data: RecordingData } | undefined> {
  const record = await db().recordings.get(id);
  const data = record && RecordingData.safeParse(record.data);
  return record && data?.success ? { record, data: data.data } : undefined;
}

/**
 * Changes a recording's data in one transaction, so steps arriving at once from the page and a
 * deletion from the panel never overwrite each other. `change` returns undefined to leave it.
 */
export async function updateRecording(id: string, change: (data: RecordingData) => RecordingData | undefined): Promise<RecordingData | undefined> {
  return db().transaction('rw', db().recordings, async () => {
    const record = await db().recordings.get(id);
    if (!record || record.status !== 'recording') return undefined;
    const parsed = RecordingData.safeParse(record.data);
    if (!parsed.success) return undefined;
    const next = change(parsed.data);
    if (next) await db().recordings.put({ ...record, data: next });
    return next;
  });
}

export async function putRecording(record: RecordingRecord): Promise<void> {
  await db().recordings.put(record);
}

export async function deleteRecording(id: string): Promise<void> {
  await db().recordings.delete(id);
}
