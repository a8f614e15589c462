import { LlmError } from '../../shared/llm';
import type { WorkflowStep } from '../../shared/workflow';
import { typesSecret } from './actions';
import { askModelToHeal } from './heal';
import { roleFitsAction, sameRoleFamily } from './roles';
import { save, type ReplayRun } from './run';
import { closeToRecorded } from './similar';

export type ModelPick = { ok: true; id: number; tag: string; line: string; name: string; renamed: boolean } | { ok: false; message: string };

/** An element another way found (a model's pick, the resolver's guess) fits the step: its role, and a secret field only for a secret. */
export function fitsStep(run: ReplayRun, step: WorkflowStep, el: { role: string; tag: string; secret?: boolean }): boolean {
  return (roleFitsAction(step.action.kind, el.role) || el.tag === 'select') && sameRoleFamily(step.target?.role ?? '', el.role) && (step.action.kind !== 'type' || !!el.secret === typesSecret(step, run.secretNames));
}

/** The step's one model call; an id comes back only when the answer is confident and fits. */
export async function modelPick(run: ReplayRun, step: WorkflowStep, why: string): Promise<ModelPick> {
  const { ports } = run;
  if (!ports.llm) return { ok: false, message: why };
  run.state.modelCalls += 1;
  await save(run);
  let answer;
  try {
    answer = await askModelToHeal(ports.llm, step, await ports.page.snapshot(), why);
  } catch (e) {
    const detail = e instanceof LlmError ? e.message : String((e as Error)?.message ?? e);
    return { ok: false, message: `${why}; asking the model failed (${detail})` };
  }
  if (!answer.ok) return { ok: false, message: `${why}; ${answer.reason}` };
  const info = await ports.page.describe(answer.id);
  if (!info) return { ok: false, message: `${why}; the model named element ${answer.id}, which is not on the page` };
  if (!fitsStep(run, step, info)) return { ok: false, message: `${why}; the model pointed at ${info.line}, which does not fit the step` };
  // A page can word itself so the model picks another control ("Delete all" for "Save"): a
  // repair whose name is not close to the recorded one is used only once the person agrees.
  return { ok: true, id: info.id, tag: info.tag, line: info.line, name: info.name, renamed: !closeToRecorded(step.target, info.name) };
}
