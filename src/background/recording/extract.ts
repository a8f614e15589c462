import type { BackgroundHandlers } from '../handlers';
import { sendToTab } from '../rpc';
import { extractHere } from '../../workflows/extract-here';
import { getRecording, updateRecording } from './store';

type Handler = BackgroundHandlers['recording.extract'];

/**
 * "Extract a table here" while recording: reads the recorded tab's page model now (the whole page,
 * no budget) and keeps the table's shape as the recording's last step, so the workflow's replay
 * reads the table again with no model call. Nothing is guessed: a page without a header line and
 * rows, a column the header does not name, or a next-page control not on the page is refused.
 */
export const markExtract: Handler = async ({ recordingId, columns, next, maxPages, remove }) => {
  const rec = await getRecording(recordingId);
  if (!rec || rec.record.status !== 'recording') return { ok: false, message: 'There is no recording in progress.' };
  if (remove) {
    await updateRecording(recordingId, ({ extract: _dropped, ...d }) => d);
    return { ok: true, columns: [], rows: 0 };
  }
  const snap = await sendToTab(rec.record.tabId, 'page.snapshot', { budget: 0 }, { timeoutMs: 10_000 }).catch(() => undefined);
  if (!snap) return { ok: false, message: 'The recorded page did not answer; wait until it has loaded and try again.' };
  const made = extractHere(snap.text, { columns, next, maxPages, title: snap.title ? `the table on ${snap.title}` : 'the table' });
  if (!made.ok) return made;
  const stored = await updateRecording(recordingId, (d) => ({ ...d, extract: { action: made.action, url: snap.url, title: snap.title, rows: made.rows } }));
  if (!stored) return { ok: false, message: 'The recording has ended.' };
  return { ok: true, columns: made.action.columns.map((c) => c.name), rows: made.rows };
};
