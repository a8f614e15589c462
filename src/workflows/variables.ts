import type { Fingerprint } from '../shared/fingerprint';
import type { WorkflowVariable } from '../shared/workflow';
import { secretKind } from '../core/secrets';
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
    const label = variableLabel(fp, opts);
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

/**
 * What the Run form and the steps call a variable, in the person's words: the field's label, name,
 * text or placeholder; for a secret with none of those, the kind of secret its field holds (a
 * `#pw` of type password is "Password", not "pw"); then the kind the recording gave, the field's
 * id or name attribute; "value" only when nothing at all says what it is.
 */
function variableLabel(fp: Fingerprint | undefined, opts: { secret?: boolean; name?: string }): string {
  const words = (fp?.label || fp?.name || fp?.text || fp?.placeholder || '').trim();
  if (words) return words;
  const kind = opts.secret && fp ? secretKind({ type: fp.inputType, id: fp.domId, name: fp.nameAttr }) : undefined;
  if (kind) return kindInWords(kind);
  if (opts.name) return opts.secret ? kindInWords(opts.name) : opts.name;
  return (fp?.testId || fp?.domId || fp?.nameAttr || '').trim() || (opts.secret ? 'Secret' : 'value');
}

/** `card_number` → "Card number". */
const kindInWords = (kind: string) => {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Whether a typed value is worth a variable: empty values and single characters are not data. */
export function looksTaskSpecific(value: string): boolean {
  return value.trim().length > 0;
}
