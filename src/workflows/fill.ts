import type { Workflow, WorkflowAction, WorkflowVariable } from '../shared/workflow';

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

/** Variable names a string refers to. */
export function referencedNames(s: string): string[] {
  return [...s.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Every string of an action that may hold placeholders. */
export function actionStrings(action: WorkflowAction): string[] {
  switch (action.kind) {
    case 'navigate':
      return [action.url];
    case 'type':
      return [action.value];
    case 'select':
      return action.values;
    case 'press':
      return [action.keys];
    case 'upload':
      return [action.file];
    default:
      return [];
  }
}

export function fillString(s: string, values: Record<string, string>): string {
  return s.replace(PLACEHOLDER, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`No value for {{${name}}}.`);
    return v;
  });
}

/** The action with its placeholders replaced by the replay's values. */
export function fillAction(action: WorkflowAction, values: Record<string, string>): WorkflowAction {
  switch (action.kind) {
    case 'navigate':
      return { ...action, url: fillString(action.url, values) };
    case 'type':
      return { ...action, value: fillString(action.value, values) };
    case 'select':
      return { ...action, values: action.values.map((v) => fillString(v, values)) };
    case 'press':
      return { ...action, keys: fillString(action.keys, values) };
    case 'upload':
      return { ...action, file: fillString(action.file, values) };
    default:
      return action;
  }
}

export type ValuesCheck =
  | { ok: true; values: Record<string, string>; secrets: Record<string, string> }
  | { ok: false; message: string };

/**
 * The values a replay runs with: what the person gave, else the recorded default. Secrets have no
 * default and must be given; they are returned apart so that they are never persisted. A file
 * variable's value is the name of the file chosen for this run (`files`); without one it is missing
 * (the recorded file's bytes were never kept).
 */
export function resolveValues(workflow: Pick<Workflow, 'variables'>, given: Record<string, string>, files: ReadonlySet<string> = new Set()): ValuesCheck {
  const known = new Set(workflow.variables.map((v) => v.name));
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length) return { ok: false, message: `This workflow has no variable named ${unknown.map((u) => `"${u}"`).join(', ')}.` };
  const values: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const missing: WorkflowVariable[] = [];
  const noFile: WorkflowVariable[] = [];
  for (const v of workflow.variables) {
    const value = given[v.name] ?? (v.secret ? undefined : v.default);
    if (v.file && !files.has(v.name)) noFile.push(v);
    else if (value === undefined || (v.secret && value === '')) missing.push(v);
    else if (v.secret) secrets[v.name] = value;
    else values[v.name] = value;
  }
  if (noFile.length) return { ok: false, message: `Choose a file for ${noFile.map((m) => `"${m.label}"`).join(', ')} before the replay starts.` };
  if (missing.length) return { ok: false, message: `Give a value for ${missing.map((m) => `"${m.label}"`).join(', ')} before the replay starts.` };
  return { ok: true, values, secrets };
}
