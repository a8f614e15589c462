import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { actionStrings, referencedNames } from '../fill';
import { typesSecret } from './actions';
import { saveWorkflow, type ReplayRun } from './run';

/**
 * A step typing a plain variable into a field the page marks secret (an `<input type=password>`
 * that the file's selectors or the workflow did not reveal, such as `#verify`). The value is the
 * person's password, shown in the Run form only because nobody could tell before the page did:
 * - for this run it is a secret: typed, never again shown or logged (it leaves the replay's stored
 *   values and is kept with the run's secrets, in memory), judged as a secret by the gate;
 * - the workflow's variable becomes a secret with no stored value (the file's literal goes), so
 *   the next Run form asks for it as a password;
 * - when a secret of this run already holds the same value (the password of a password + confirm
 *   pair), the step types that secret instead and its own variable goes: the next Run form asks
 *   for the value once.
 * Returns whether the step now types a secret. Not when the variable is used anywhere but as the
 * whole value typed by a step (a secret may go nowhere else; rules.ts), nor for a literal: the
 * step then stops, as before, because a secret field gets only a secret.
 */
export async function secretAtRun(run: ReplayRun, step: WorkflowStep, found: { secret?: boolean }): Promise<boolean> {
  if (!found.secret || step.action.kind !== 'type' || typesSecret(step, run.secretNames)) return false;
  const name = wholeVariable(step.action.value);
  const v = name ? run.wf.variables.find((x) => x.name === name) : undefined;
  const value = name ? (run.state.values[name] ?? v?.default) : undefined;
  if (!name || !v || v.secret || value === undefined || value === '' || !onlyTyped(run.wf, name)) return false;
  const known = { ...run.ports.secrets(), ...run.kept };
  const same = [...run.secretNames].find((n) => n !== name && known[n] === value && run.wf.variables.some((x) => x.name === n && x.secret));
  const next = same ? typedAs(run.wf, name, same) : madeSecret(run.wf, name);
  run.wf = { ...next, steps: markedSecret(next.steps, step.id), updatedAt: run.ports.now() };
  // the value, for this run only: in memory (and the worker's session store), never with the stored state
  run.kept = { ...run.kept, [name]: value };
  run.secretNames = new Set([...run.secretNames, name]);
  run.state.secretNames = [...new Set([...run.state.secretNames, name])];
  run.state.values = Object.fromEntries(Object.entries(run.state.values).filter(([k]) => k !== name));
  await Promise.all([run.ports.keepSecret?.(name, value), saveWorkflow(run)]);
  return true;
}

const wholeVariable = (value: string) => /^\{\{\s*([a-z][a-z0-9_]*)\s*\}\}$/.exec(value.trim())?.[1];

/** The variable is only ever the whole value of a typing step. */
function onlyTyped(w: Workflow, name: string): boolean {
  return w.steps.every((s) => (s.action.kind === 'type' && wholeVariable(s.action.value) === name) || !actionStrings(s.action).some((str) => referencedNames(str).includes(name)));
}

function madeSecret(w: Workflow, name: string): Workflow {
  return { ...w, variables: w.variables.map((x) => (x.name === name ? { name: x.name, label: x.label, secret: true } : x)) };
}

/** Every step that typed `name` types the secret `as` instead; `name` goes. */
function typedAs(w: Workflow, name: string, as: string): Workflow {
  const steps = w.steps.map((s) => (s.action.kind === 'type' && wholeVariable(s.action.value) === name ? { ...s, action: { ...s.action, value: `{{${as}}}` }, intent: s.intent.replaceAll(`{{${name}}}`, `{{${as}}}`) } : s));
  return { ...w, variables: w.variables.filter((x) => x.name !== name), steps };
}

/** The step's field is a password field: so the workflow says, for its rules and its export. */
function markedSecret(steps: WorkflowStep[], id: string): WorkflowStep[] {
  return steps.map((s) => (s.id === id && s.target ? { ...s, target: { ...s.target, inputType: 'password' } } : s));
}
