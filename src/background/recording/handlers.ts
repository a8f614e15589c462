import type { BackgroundHandlers } from '../handlers';
import { sendToTab } from '../rpc';
import { saveDemonstration } from '../memory/save-demonstration';
import { saveWorkflowFromDemonstration } from '../workflows/from-demonstration';
import type { DemoStep } from '../../shared/demonstration';
import { buildDemonstration } from './build-demo';
import { markExtract } from './extract';
import { withoutStep, withStep } from './steps';
import { stampTab, tabNumberOf } from './tab-steps';
import { recordPageLoad } from './tabs';
import { doneWith, onScriptInNewDocument, workIn } from '../executor/content-script';
import { watchRecordedTabs } from './lifecycle';
import { deleteRecording, getRecording, putRecording, recordingOfTab, updateRecording } from './store';

const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const RECORDABLE = /^(https?|file):/;

type Handler<N extends keyof BackgroundHandlers> = NonNullable<BackgroundHandlers[N]>;

/** Asks the page for the step still pending (a field being typed in); nothing when the page is gone. */
async function flushPage(tabId: number, recordingId: string, stop: boolean): Promise<DemoStep[]> {
  try {
    return (await sendToTab(tabId, 'recorder.flush', { recordingId, stop }, { timeoutMs: 5000 })).steps;
  } catch {
    return [];
  }
}

/** Starts recording a tab, or picks up the recording the tab already has. */
const startRecording: Handler<'recording.start'> = async ({ tabId }) => {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab?.url) return { ok: false, message: 'That tab is no longer open.' };
  if (!RECORDABLE.test(tab.url)) return { ok: false, message: 'This page cannot be recorded: only web pages (http, https, file) can.' };
  const existing = await recordingOfTab(tabId);
  const id = existing?.id ?? newId('rec');
  if (!existing) {
    const first = { url: tab.url, title: tab.title ?? '', headings: [], page: '' };
    await putRecording({ id, tabId, status: 'recording', startedAt: Date.now(), data: { first, steps: [], lastUrl: tab.url, ready: false } });
  }
  try {
    // every page of the tab gets the script from now on (the recorder resumes in each: resumeInPage)
    await workIn(tabId, id);
    const first = await sendToTab(tabId, 'recorder.start', { recordingId: id });
    await updateRecording(id, (d) => (existing ? { ...d, ready: true } : { ...d, first, lastUrl: first.url, ready: true }));
  } catch {
    if (!existing) await Promise.all([deleteRecording(id), doneWith(id)]);
    return { ok: false, message: 'This page cannot be recorded: the browser did not let the co-pilot run in it. Reload the page and press Record again.' };
  }
  return { ok: true, recordingId: id };
};

/**
 * A new page of a worked tab got the script: when the tab is recorded (or is one a recorded step
 * opened), the load is recorded (a navigation, or the opened tab's first page) and the page told
 * to capture. The address is the browser's, never the page's word.
 */
async function resumeInPage(tabId: number, url: string): Promise<void> {
  const title = (await chrome.tabs.get(tabId).catch(() => undefined))?.title ?? '';
  const recordingId = await recordPageLoad(tabId, url, title);
  if (recordingId) await sendToTab(tabId, 'recorder.resume', { recordingId }, { timeoutMs: 5000 });
}

/** Saves a recording as a demonstration (and a workflow when asked), with the step the page still holds. */
const saveRecording: Handler<'recording.save'> = async ({ recordingId, task, description, alsoWorkflow }) => {
  const rec = await getRecording(recordingId);
  if (!rec) return { ok: false, message: 'There is no recording in progress (it was saved or discarded already).' };
  if (!task.trim()) return { ok: false, message: 'Give the task a name before saving (for example "search flights from Boston to Denver").' };
  const tail = await flushPage(rec.record.tabId, recordingId, false);
  let data = rec.data;
  for (const s of tail) data = (await updateRecording(recordingId, (d) => withStep(d, s))) ?? data;
  const latest = (await getRecording(recordingId))?.data ?? data;
  const built = buildDemonstration(latest, { id: newId('demo'), task, description, now: Date.now() });
  if (!built.ok) return built;
  await saveDemonstration(built.demo);
  let workflowId: string | undefined;
  let warning = '';
  if (alsoWorkflow) {
    try {
      workflowId = await saveWorkflowFromDemonstration(built.demo, latest.extract);
    } catch (error) {
      warning = `Saved as an example, but not as a workflow: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  // the table to read is a workflow step; an example for the agent has no place for it
  if (latest.extract && !alsoWorkflow) warning = 'The table to read was not kept: only a workflow can read it again.';
  await deleteRecording(recordingId);
  await flushPage(rec.record.tabId, recordingId, true);
  await doneWith(recordingId);
  return { ok: true, demonstrationId: built.demo.id, workflowId, steps: built.demo.steps.length, warning };
};

/**
 * Recording: the panel's Record controls and the steps the page's recorder sends. Everything lives
 * in the recordings table, written as each step arrives, so a page load or a service-worker
 * restart loses nothing.
 */
export function recordingHandlers(): BackgroundHandlers {
  watchRecordedTabs();
  onScriptInNewDocument((tabId, url) => void resumeInPage(tabId, url).catch((e: unknown) => console.warn('could not resume the recording in the new page', e)));
  return {
    'recording.start': startRecording,

    'recording.step': async ({ recordingId, step }, sender) => {
      const rec = await getRecording(recordingId);
      // any tab of the recording: the one it started in, or one a step opened
      const tab = rec && sender.tabId !== undefined ? tabNumberOf(rec.data, sender.tabId, rec.record.tabId) : undefined;
      if (!rec || rec.record.status !== 'recording' || tab === undefined || sender.frameId) return { ok: false, message: 'This tab is not being recorded.' };
      const stored = await updateRecording(recordingId, (d) => withStep(d, stampTab(step, tab)));
      return stored ? { ok: true } : { ok: false, message: 'The recording has ended.' };
    },

    'recording.deleteStep': async ({ recordingId, index, at }) => {
      const done = await updateRecording(recordingId, (d) => withoutStep(d, index, at));
      return done ? { ok: true } : { ok: false, message: 'That step is no longer in the recording; nothing was deleted.' };
    },

    'recording.extract': markExtract,

    'recording.save': saveRecording,

    'recording.discard': async ({ recordingId }) => {
      const rec = await getRecording(recordingId);
      if (!rec) return { ok: false, message: 'There is no recording in progress.' };
      await deleteRecording(recordingId);
      await flushPage(rec.record.tabId, recordingId, true);
      await doneWith(recordingId);
      return { ok: true };
    },
  };
}
