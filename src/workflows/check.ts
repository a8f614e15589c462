import type { z } from 'zod';
import type { Workflow } from '../shared/workflow';
import { actionStrings, referencedNames } from './fill';
import { navigateRefused, secretProblem, siteProblem } from './rules';

/** "steps[2].action.kind" from a zod path, with step numbers as people count them. */
function where(path: PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const rest = path.slice(2).map(String).join('.');
    return `step ${path[1] + 1}${rest ? ` (${rest})` : ''}`;
  }
  return path.length ? path.map(String).join('.') : 'the file';
}

export function describeIssues(error: z.ZodError, max = 3): string {
  const shown = error.issues.slice(0, max).map(inWords);
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return shown.join('; ') + more;
}

/** One problem as a person reads it: "it has no name", "step 2 (action.text) should be text", not the schema's words. */
function inWords(issue: z.core.$ZodIssue): string {
  const place = where(issue.path);
  if (issue.code === 'invalid_type') {
    const missing = /received undefined/.test(issue.message);
    const kind = ({ string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' } as Record<string, string>)[issue.expected] ?? issue.expected;
    return missing ? `${place === 'the file' ? 'the file' : `"${place}"`} is missing` : `"${place}" should be ${kind}`;
  }
  return `${place}: ${issue.message}`;
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
    if (['click', 'type', 'select', 'check', 'upload'].includes(s.action.kind) && !s.target) return `step ${i + 1} (${s.action.kind}) has no target element`;
    if (s.action.kind === 'upload') {
      // a file is the Run form's choice, never a value: anything else (a secret, typed text) would be named as a file on a card
      const only = /^\{\{\s*([a-z][a-z0-9_]*)\s*\}\}$/.exec(s.action.file.trim())?.[1];
      const variable = w.variables.find((v) => v.name === only);
      if (!variable?.file || variable.secret) return `step ${i + 1} (upload) must name one file variable, as {{name}}`;
    }
    if (s.action.kind === 'navigate' && navigateRefused(s.action.url, w.startUrl)) return `step ${i + 1} (navigate) opens "${s.action.url.slice(0, 80)}", which is not a web page address`;
  }
  return secretProblem(w) ?? siteProblem(w);
}
