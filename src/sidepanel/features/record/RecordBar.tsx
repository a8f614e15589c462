import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { LIVE_STATUSES } from '../chat/waiting';
import { send } from '../../../platform/rpc';
import { stepsKept } from '../../../workflows/from-demonstration';
import { Notice, useNotice } from '../../notice';
import type { TargetTab } from '../../use-target-tab';
import { ExtractTable } from './ExtractTable';
import { RecordSteps } from './RecordSteps';
import { useRecording, type LiveRecording } from './use-recording';
import type { Message } from './record-message';


const failed = (e: unknown) => ({ ok: false as const, message: e instanceof Error ? e.message : String(e) });

/** What the record bar shows, read once by the panel: it decides where the bar goes (./App.tsx). */
export interface RecordState {
  recording: LiveRecording | undefined;
  notice: ReturnType<typeof useNotice>;
  /** a run goes on in the tab: Record waits for it */
  busyTab: boolean;
}

export function useRecordState(tabId: number | undefined): RecordState {
  return { recording: useRecording(tabId), notice: useNotice(), busyTab: useLiveRunIn(tabId) };
}

/** A task or a replay going on in the tab: recording then would capture its actions, and hide its questions. */
function useLiveRunIn(tabId: number | undefined): boolean {
  return (
    useLiveQuery(async () => (tabId === undefined ? false : (await db().runs.where('tabId').equals(tabId).filter((r) => LIVE_STATUSES.includes(r.status)).count()) > 0), [tabId]) ?? false
  );
}

/**
 * The Record button and, while recording, the live list of captured steps with Save and Discard.
 * `fill`: it stands in the chat's place while the tab records (the chat waits until it is saved
 * or discarded), so a long recording never pushes the form or the buttons off the panel.
 */
export function RecordBar({ tab, state, fill = false }: { tab: TargetTab; state: RecordState; fill?: boolean }) {
  const { recording } = state;
  const [message, setMessage] = state.notice;
  const [busy, setBusy] = useState(false);

  async function start() {
    if (tab.tabId === undefined) return;
    setBusy(true);
    setMessage(undefined);
    const r = await send('recording.start', { tabId: tab.tabId }).catch(failed);
    setBusy(false);
    if (!r.ok) setMessage({ kind: 'error', text: r.message });
  }

  return (
    <section className={`record-bar${fill ? ' fill' : ''}`} data-testid="record-bar">
      {recording && !recording.data.ready ? (
        <p className="muted" data-testid="record-starting">Starting the recorder in the page…</p>
      ) : recording ? (
        <RecordingPanel recording={recording} onDone={setMessage} inChat={fill} />
      ) : (
        <button
          className="record-button"
          data-testid="record"
          disabled={busy || tab.tabId === undefined || state.busyTab}
          title={state.busyTab ? 'Stop the task or let it finish first' : undefined}
          onClick={() => void start()}
        >
          ● Record
        </button>
      )}
      <Notice notice={message} onDismiss={() => setMessage(undefined)} testId="record-message" />
    </section>
  );
}

function RecordingPanel({ recording, onDone, inChat }: { recording: LiveRecording; onDone: (m: Message | undefined) => void; inChat: boolean }) {
  const [task, setTask] = useState('');
  const [description, setDescription] = useState('');
  const [alsoWorkflow, setAlsoWorkflow] = useState(true);
  const [busy, setBusy] = useState(false);
  const steps = recording.data.steps;
  // counted as the workflow will keep them (a page load a click caused is no step of its own)
  const count = stepsKept(steps, recording.data.first.url).filter(Boolean).length;

  async function save() {
    setBusy(true);
    onDone(undefined);
    const r = await send('recording.save', { recordingId: recording.id, task, description, alsoWorkflow }).catch(failed);
    setBusy(false);
    if (!r.ok) return onDone({ kind: 'error', text: r.message });
    // no count: the workflow keeps fewer steps than were recorded (a navigation a click caused is
    // not a step of its own), and its card beside this says how many
    const saved = `Saved “${task.trim()}”${r.workflowId ? ', also as a workflow' : ''}.`;
    // it stays until the person does something next: one who looked away while it saved still reads it
    onDone(r.warning ? { kind: 'error', text: `${saved} ${r.warning}` } : { kind: 'ok', text: saved, untilNextAction: true });
  }

  async function discard() {
    setBusy(true);
    const r = await send('recording.discard', { recordingId: recording.id }).catch(failed);
    setBusy(false);
    onDone(r.ok ? { kind: 'ok', text: 'Recording discarded.' } : { kind: 'error', text: r.message });
  }

  return (
    <div className="recording" data-testid="recording">
      <p className="recording-head">
        <span className="dot" aria-hidden="true" /> Recording: do the task in the page. <span data-testid="record-count">{count}</span> step{count === 1 ? '' : 's'}
      </p>
      <RecordSteps recording={recording} busy={busy} onDone={onDone} />
      <ExtractTable recording={recording} onDone={onDone} />
      <label>
        Task name
        <input data-testid="record-task" value={task} maxLength={500} placeholder="e.g. sign in to my bank" onChange={(e) => setTask(e.target.value)} />
      </label>
      <label>
        Description (optional)
        <textarea data-testid="record-description" value={description} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" data-testid="record-workflow" checked={alsoWorkflow} onChange={(e) => setAlsoWorkflow(e.target.checked)} /> Also save as a workflow
      </label>
      <div className="row">
        <button className="primary" data-testid="record-save" disabled={busy} onClick={() => void save()}>
          Save
        </button>
        <button data-testid="record-discard" disabled={busy} onClick={() => void discard()}>
          Discard
        </button>
      </div>
      {inChat && <p className="muted small">The chat comes back when you save or discard the recording.</p>}
    </div>
  );
}
