import type { Fingerprint } from '../../shared/fingerprint';
import type { WorkflowStep } from '../../shared/workflow';
import { closeToRecorded } from './similar';
import { saveWorkflow, type ReplayRun } from './run';

/**
 * A repair is written into the workflow at once only when the element found has the recorded
 * name (a changed id or path). A model's pick, or an element under another name, is used for
 * this replay and offered to the person to keep: the next replays would click it with no call.
 */
export async function keepRepair(run: ReplayRun, index: number, step: WorkflowStep, fp: Fingerprint | null, pick: { byModel: boolean; name: string; line: string }): Promise<void> {
  if (!fp) return;
  if (!pick.byModel && closeToRecorded(step.target, pick.name)) return writeBack(run, index, fp);
  run.state.repairs = [...run.state.repairs.filter((r) => r.index !== index), { index, stepId: step.id, line: pick.line, fingerprint: fp }];
}

/** Writes a fresh fingerprint into the step: an imported step that ran on its selectors now carries one, and later replays use it. */
export async function writeBack(run: ReplayRun, index: number, fp: Fingerprint | null): Promise<void> {
  if (!fp) return;
  const steps = run.wf.steps.map((s, i) => (i === index ? { ...s, target: fp, ...(s.recorder ? { recorder: { ...s.recorder, learned: true } } : {}) } : s));
  run.wf = { ...run.wf, steps, updatedAt: run.ports.now() };
  // stored behind the next step; the replay's end waits for it, where a failure surfaces
  saveWorkflow(run).catch(() => {});
}
