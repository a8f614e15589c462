import type { Fingerprint } from '../shared/fingerprint';
import type { WorkflowVariable } from '../shared/workflow';
import { targetName } from './intent';
import { norm, slug } from './text';

/**
 * Decides which recorded values become variables. A typed value is data the person chose for this
 * task (a city, a date, a name, an amount, a search term), so it becomes a variable; so does a
 * value chosen in a list. What is not data stays fixed: a value typed into a field that holds a
 * fixed answer by nature (quantities of one, "yes"/"no") is still a variable, because a wrong
 * guess here only costs the person one glance at the form, while a missing variable makes the
 * workflow useless for any other trip.
 */
export class VariableNamer {
  readonly variables: WorkflowVariable[] = [];
  private readonly used = new Set<string>();

  /** Adds a variable for a value typed or chosen into `fp`; returns its placeholder. */
  add(fp: Fingerprint | undefined, value: string | undefined, opts: { secret?: boolean; name?: string; file?: boolean } = {}): string {
    const label = targetName(fp) || opts.name || 'value';
    const base = opts.name && /^[a-z][a-z0-9_]*$/.test(opts.name) ? opts.name : slug(label, 'value');
    // The same field typed twice with the same value is one variable (a retyped search, say).
    const same = this.variables.find((v) => norm(v.label) === norm(label) && !v.secret && !opts.secret && !!v.file === !!opts.file && v.default === value);
    if (same) return `{{${same.name}}}`;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    const variable: WorkflowVariable = opts.secret ? { name, label, secret: true } : { name, label, default: value ?? '', secret: false, ...(opts.file ? { file: true } : {}) };
    this.variables.push(variable);
    return `{{${name}}}`;
  }
}

/** Whether a typed value is worth a variable: empty values and single characters are not data. */
export function looksTaskSpecific(value: string): boolean {
  return value.trim().length > 0;
}
