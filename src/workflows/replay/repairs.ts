import type { Fingerprint } from '../../shared/fingerprint';
import type { WorkflowStep } from '../../shared/workflow';
import { closeToRecorded } from './similar';
import { saveWorkflow, type ReplayRun } from './run';

/**
 * A repair is written into the workflow at once when the element found has the recorded name (a
 * changed id or path) or the person chose it ("Use this" on the resolver's guess). A model's pick, or an element under another name, is used for
 * this replay and offered to the person to keep: the next replays would click it with no call.
 */
export async function keepRepair(run: ReplayRun, index: number, step: WorkflowStep, fp: Fingerprint | null, pick: { byModel: boolean; name: string; line: string; guessed?: boolean }): Promise<void> {
  if (!fp) return;
  // the person said "Use this" with the element marked in the page: theirs is the answer to learn
  if (pick.guessed || (!pick.byModel && closeToRecorded(step.target, pick.name))) return writeBack(run, index, fp);
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
