import { Workflow, WORKFLOW_FORMAT, WORKFLOW_VERSION } from '../shared/workflow';
import { checkWorkflow, describeIssues } from './check';
import { looksLikeChromeRecording, workflowFromChromeRecording } from './chrome-recorder/import';
import { importProblem, offSiteWarnings } from './rules';

export { checkWorkflow, describeIssues };

/** `warnings`: what the person should know before running it (steps that leave the workflow's site). */
/** `notes`: steps and fields of a Chrome Recorder file that the replay does not honour. */
export type FileResult =
  | { ok: true; workflow: Workflow; kind: 'workflow' | 'chrome-recorder'; warnings: string[]; notes: string[]; literals?: Record<string, string> }
  | { ok: false; message: string };

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
    // a file cut short in a download or a copy ends in the middle of a value
    const cut = /end of (JSON|data)|Unterminated|Unexpected end/i.test((e as Error).message) ? ' It looks cut short: export it again.' : '';
    return { ok: false, message: `The file is not JSON (${(e as Error).message}).${cut}` };
  }
  if (looksLikeChromeRecording(value)) {
    const r = workflowFromChromeRecording(value, opts);
    if (!r.ok) return r;
    const problem = importProblem(r.workflow);
    if (problem) return { ok: false, message: `The Chrome Recorder file was not imported: ${problem}.` };
    return { ok: true, workflow: r.workflow, kind: 'chrome-recorder', warnings: [...offSiteWarnings(r.workflow), ...r.leaves], notes: r.notes, literals: r.literals };
  }
  const r = validateWorkflow(value);
  if (!r.ok) return r;
  const problem = importProblem(r.workflow);
  if (problem) return { ok: false, message: `The workflow file was not imported: ${problem}.` };
  // An imported workflow gets an id of its own, so it never replaces one already stored.
  const workflow: Workflow = { ...r.workflow, id: opts.id, source: { kind: 'file', id: r.workflow.id }, updatedAt: opts.now };
  return { ok: true, kind: 'workflow', workflow, warnings: offSiteWarnings(workflow), notes: [] };
}

/** The file a workflow is exported as. */
export function workflowFileText(w: Workflow): string {
  return JSON.stringify(w, null, 2) + '\n';
}
