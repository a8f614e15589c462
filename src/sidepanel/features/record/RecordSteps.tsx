import { send } from '../../../platform/rpc';
import { stepsKept } from '../../../workflows/from-demonstration';
import { ExtractLine } from './ExtractTable';
import type { Message } from './record-message';
import { effectText, stepText } from './step-text';
import type { LiveRecording } from './use-recording';

const failed = (e: unknown) => ({ ok: false as const, message: e instanceof Error ? e.message : String(e) });

/** The steps captured so far, each with Delete, and the table to read last when one is marked. */
export function RecordSteps({ recording, busy, onDone }: { recording: LiveRecording; busy: boolean; onDone: (m: Message | undefined) => void }) {
  const steps = recording.data.steps;
  // the steps the workflow will keep: a page load a click caused is that click's effect
  const kept = stepsKept(steps, recording.data.first.url);
  async function remove(index: number, at: number) {
    const r = await send('recording.deleteStep', { recordingId: recording.id, index, at }).catch(failed);
    if (!r.ok) onDone({ kind: 'error', text: r.message });
  }
  return (
    <>
      {steps.length === 0 && !recording.data.extract && <p className="muted small">No steps yet.</p>}
      <ol className="record-steps" data-testid="record-steps">
        {steps.map((s, i) =>
          !kept[i] ? (
            // the page the step before opened: its effect, said under it, not a step to count or delete
            <li key={`${s.at}-${i}`} className="muted small record-effect" data-testid="record-step" data-kind={s.action.kind} data-effect="">
              ↳ {effectText(s)}
            </li>
          ) : (
          <li key={`${s.at}-${i}`} data-testid="record-step" data-kind={s.action.kind}>
            <span>{stepText(s)}</span>
            <button className="link" aria-label={`Delete step ${i + 1}`} data-testid="delete-step" disabled={busy} onClick={() => void remove(i, s.at)}>
              Delete
            </button>
          </li>
          ),
        )}
        <ExtractLine recording={recording} busy={busy} onDone={onDone} />
      </ol>
    </>
  );
}
