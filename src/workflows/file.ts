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
    return { ok: false, message: notJson(text, (e as Error).message) };
  }
  if (looksLikeChromeRecording(value)) {
    const r = workflowFromChromeRecording(value, opts);
    if (!r.ok) return r;
    const problem = importProblem(r.workflow);
    if (problem) return { ok: false, message: `The Chrome Recorder file was not imported: ${problem}.` };
    return { ok: true, workflow: r.workflow, kind: 'chrome-recorder', warnings: [...offSiteWarnings(r.workflow), ...r.leaves], notes: r.notes, literals: r.literals };
  }
  const other = notOurs(value);
  if (other) return { ok: false, message: other };
  const r = validateWorkflow(value);
  if (!r.ok) return r;
  const problem = importProblem(r.workflow);
  if (problem) return { ok: false, message: `The workflow file was not imported: ${problem}.` };
  // An imported workflow gets an id of its own, so it never replaces one already stored.
  const workflow: Workflow = { ...r.workflow, id: opts.id, source: { kind: 'file', id: r.workflow.id }, updatedAt: opts.now };
  return { ok: true, kind: 'workflow', workflow, warnings: offSiteWarnings(workflow), notes: [] };
}

/** What Import takes, said after every file it refuses for being another kind of file. */
export const IMPORT_TAKES = 'Import takes a workflow exported from this extension (its Export button) or a JSON file exported from the Recorder in Chrome’s DevTools.';

/**
 * A file JSON.parse refused, in words: a picture or other binary file, text that is no JSON, or
 * JSON cut short. The parser's own message is never shown (it quotes the file's first bytes).
 */
function notJson(text: string, parserSaid: string): string {
  // a file cut short in a download or a copy ends in the middle of a value
  if (/end of (JSON|data)|Unterminated|Unexpected end/i.test(parserSaid) && /^\s*[[{]/.test(text)) return 'The file is not JSON as it stands: it stops in the middle. It looks cut short: export it again.';
  // control characters or bytes that are no text: a picture, a PDF, an archive …
  if (hasBinary(text.slice(0, 2000))) return `The file is not JSON: it looks like a picture or another kind of file, not a workflow. ${IMPORT_TAKES}`;
  return `The file is not JSON, so it is not a workflow. ${IMPORT_TAKES}`;
}

/** Control characters no text file holds (NUL, the PNG header's 0x1A …) or bytes that were no UTF-8 at all. */
function hasBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 8 || (c >= 14 && c <= 26) || c === 0xfffd) return true;
  }
  return false;
}

/** JSON of another kind than this extension's workflows (a Chrome Recorder file was recognised before). */
function notOurs(value: unknown): string | undefined {
  const format = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>).format : undefined;
  if (format === WORKFLOW_FORMAT) return undefined;
  const said = typeof format === 'string' ? ` (it says its format is “${format.slice(0, 40)}”)` : '';
  return `This JSON file is not a workflow of this extension${said}, nor a Chrome Recorder export. ${IMPORT_TAKES}`;
}

/** The file a workflow is exported as. */
export function workflowFileText(w: Workflow): string {
  return JSON.stringify(w, null, 2) + '\n';
}
