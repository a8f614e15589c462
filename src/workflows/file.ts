import type { z } from 'zod';
import { Workflow, WORKFLOW_FORMAT, WORKFLOW_VERSION } from '../shared/workflow';
import { actionStrings, referencedNames } from './fill';
import { looksLikeChromeRecording, workflowFromChromeRecording } from './chrome-recorder/import';
import { importProblem, navigateRefused, offSiteWarnings, secretProblem, siteProblem } from './rules';

/** `warnings`: what the person should know before running it (steps that leave the workflow's site). */
export type FileResult = { ok: true; workflow: Workflow; kind: 'workflow' | 'chrome-recorder'; warnings: string[] } | { ok: false; message: string };

/** "steps[2].action.kind" from a zod path, with step numbers as people count them. */
function where(path: PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const rest = path.slice(2).map(String).join('.');
    return `step ${path[1] + 1}${rest ? ` (${rest})` : ''}`;
  }
  return path.length ? path.map(String).join('.') : 'the file';
}

export function describeIssues(error: z.ZodError, max = 3): string {
  const shown = error.issues.slice(0, max).map((i) => `${where(i.path)}: ${i.message}`);
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return shown.join('; ') + more;
}

/**
 * Checks that go beyond the schema: names the steps use exist, ids are unique, secrets carry no
 * value and go only into fields, the start address is on the workflow's site, every address is a web page.
 */
export function checkWorkflow(w: Workflow): string | undefined {
  const names = new Set<string>();
  for (const v of w.variables) {
    if (names.has(v.name)) return `variable "${v.name}" is declared twice`;
    names.add(v.name);
    if (v.secret && v.default) return `secret variable "${v.name}" carries a value; secrets are never stored in workflows`;
  }
  const ids = new Set<string>();
  for (const [i, s] of w.steps.entries()) {
    if (ids.has(s.id)) return `step ${i + 1} repeats the step id "${s.id}"`;
    ids.add(s.id);
    for (const str of actionStrings(s.action)) {
      for (const name of referencedNames(str)) if (!names.has(name)) return `step ${i + 1} uses {{${name}}}, which is not among the variables`;
    }
    if (['click', 'type', 'select', 'check'].includes(s.action.kind) && !s.target) return `step ${i + 1} (${s.action.kind}) has no target element`;
    if (s.action.kind === 'navigate' && navigateRefused(s.action.url, w.startUrl)) return `step ${i + 1} (navigate) opens "${s.action.url.slice(0, 80)}", which is not a web page address`;
  }
  return secretProblem(w) ?? siteProblem(w);
}

/** A stored or imported workflow object, checked strictly; the message says what is wrong. */
export function validateWorkflow(value: unknown): { ok: true; workflow: Workflow } | { ok: false; message: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'The file does not hold a workflow object.' };
  const v = value as Record<string, unknown>;
  if (v.format !== WORKFLOW_FORMAT) {
    return { ok: false, message: `This is not a workflow file: "format" is ${v.format === undefined ? 'missing' : JSON.stringify(v.format)}, expected "${WORKFLOW_FORMAT}".` };
  }
  if (typeof v.version !== 'number' || !Number.isInteger(v.version) || v.version < 1) {
    return { ok: false, message: `The workflow's "version" is ${JSON.stringify(v.version) ?? 'missing'}; expected a whole number.` };
  }
  if (v.version > WORKFLOW_VERSION) {
    return { ok: false, message: `This workflow was written by a newer version of the extension (format version ${v.version}); this one reads version ${WORKFLOW_VERSION}. Update the extension to import it.` };
  }
  const parsed = Workflow.safeParse(value);
  if (!parsed.success) return { ok: false, message: `The workflow file is not valid: ${describeIssues(parsed.error)}.` };
  const problem = checkWorkflow(parsed.data);
  if (problem) return { ok: false, message: `The workflow file is not valid: ${problem}.` };
  return { ok: true, workflow: parsed.data };
}

/**
 * Reads an imported file: this extension's workflow format or a Chrome DevTools Recorder
 * recording. Nothing is stored here; a refused file leaves everything as it was.
 */
export function parseWorkflowFile(text: string, opts: { id: string; now: number }): FileResult {
  if (text.length > 5_000_000) return { ok: false, message: 'The file is larger than 5 MB; a workflow is a small JSON file.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not JSON (${(e as Error).message}).` };
  }
  if (looksLikeChromeRecording(value)) {
    const r = workflowFromChromeRecording(value, opts);
    if (!r.ok) return r;
    const problem = importProblem(r.workflow);
    if (problem) return { ok: false, message: `The Chrome Recorder file was not imported: ${problem}.` };
    return { ok: true, workflow: r.workflow, kind: 'chrome-recorder', warnings: offSiteWarnings(r.workflow) };
  }
  const r = validateWorkflow(value);
  if (!r.ok) return r;
  const problem = importProblem(r.workflow);
  if (problem) return { ok: false, message: `The workflow file was not imported: ${problem}.` };
  // An imported workflow gets an id of its own, so it never replaces one already stored.
  const workflow: Workflow = { ...r.workflow, id: opts.id, source: { kind: 'file', id: r.workflow.id }, updatedAt: opts.now };
  return { ok: true, kind: 'workflow', workflow, warnings: offSiteWarnings(workflow) };
}

/** The file a workflow is exported as. */
export function workflowFileText(w: Workflow): string {
  return JSON.stringify(w, null, 2) + '\n';
}
