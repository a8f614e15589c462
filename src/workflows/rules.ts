import type { Fingerprint } from '../shared/fingerprint';
import type { Workflow, WorkflowStep } from '../shared/workflow';
import { isSecretField } from '../core/secrets';
import { hostOf, sameSite } from '../shared/site';
import { referencedNames } from './fill';

/**
 * What a workflow may do with the person's secrets and where it may go. A workflow file is
 * written by anyone: it may try to carry the password typed in the Run form to another site (in an
 * address, in a search box that the page sends away) or lead the tab off its site. These rules run
 * on every stored workflow (`siteProblem`, `secretProblem`) and on every import (`importProblem`,
 * `offSiteWarnings`); the replay engine checks the same things again before each step.
 */

const secretNamesOf = (w: Pick<Workflow, 'variables'>) => new Set(w.variables.filter((v) => v.secret).map((v) => v.name));

const stepName = (i: number, s: WorkflowStep) => `step ${i + 1} (${s.action.kind})`;

/** The start address is a web page on the workflow's own site. */
export function siteProblem(w: Pick<Workflow, 'site' | 'startUrl'>): string | undefined {
  const host = hostOf(w.startUrl);
  if (!host) return `the start address "${short(w.startUrl)}" is not a web page address`;
  if (!sameSite(host, w.site)) return `the start address is on ${host}, not on the workflow's site ${w.site}`;
  return undefined;
}

/**
 * A secret variable is only ever the whole value typed into a field: never part of an address, a
 * choice, a key press, or mixed with other text (which would let a page read it back).
 */
export function secretProblem(w: Pick<Workflow, 'variables' | 'steps'>): string | undefined {
  const secrets = secretNamesOf(w);
  if (!secrets.size) return undefined;
  for (const [i, s] of w.steps.entries()) {
    const a = s.action;
    const strings = a.kind === 'navigate' ? [a.url] : a.kind === 'select' ? a.values : a.kind === 'press' ? [a.keys] : a.kind === 'type' ? [a.value] : [];
    const used = strings.flatMap(referencedNames).filter((n) => secrets.has(n));
    if (!used.length) continue;
    const name = `{{${used[0]}}}`;
    if (a.kind === 'navigate') return `${stepName(i, s)} puts the secret ${name} into a web address; secrets are only typed into password, card or code fields`;
    if (a.kind !== 'type') return `${stepName(i, s)} uses the secret ${name}; secrets are only typed into password, card or code fields`;
    if (a.value.trim() !== name || used.length > 1) return `${stepName(i, s)} mixes the secret ${name} with other text; a secret is typed on its own`;
  }
  return undefined;
}

/** Whether a recorded element is a password, card or code field, by the check the page model uses (its accessible name stands for an aria-label). */
export function targetLooksSecret(fp: Fingerprint | undefined): boolean {
  if (!fp) return false;
  return isSecretField({ type: fp.inputType, name: fp.nameAttr, id: fp.domId, placeholder: fp.placeholder, label: fp.label, ariaLabel: fp.name });
}

/**
 * Checks for files from elsewhere, on top of the stored-workflow rules: a secret typed into a field
 * that is not a secret field (the page would show it, send it with a search, read it back).
 */
export function importProblem(w: Workflow): string | undefined {
  const secrets = secretNamesOf(w);
  for (const [i, s] of w.steps.entries()) {
    if (s.action.kind !== 'type') continue;
    const used = referencedNames(s.action.value).filter((n) => secrets.has(n));
    if (used.length && !targetLooksSecret(s.target)) {
      const field = s.target?.label || s.target?.name || s.target?.placeholder || 'a field';
      return `${stepName(i, s)} types the secret {{${used[0]}}} into "${short(field)}", which is not a password, card or code field`;
    }
  }
  return undefined;
}

/**
 * Where a navigate step goes, judged with its placeholders: a host, "not a web page", or "depends
 * on a value" when the site itself comes from a variable (filled with two different values, the
 * address lands on two different hosts).
 */
export function navigateTarget(url: string, startUrl: string): { host: string } | { problem: 'not_web' | 'variable_host' } {
  const a = hostOf(url.replace(/\{\{[^}]*\}\}/g, 'aaa'), startUrl);
  const b = hostOf(url.replace(/\{\{[^}]*\}\}/g, 'bbb'), startUrl);
  if (!a || !b) return { problem: 'not_web' };
  if (a !== b) return { problem: 'variable_host' };
  return { host: a };
}

/** Navigate steps that leave the workflow's site: allowed, but shown at import and confirmed at every run. */
export function offSiteWarnings(w: Pick<Workflow, 'site' | 'startUrl' | 'steps'>): string[] {
  const out: string[] = [];
  for (const [i, s] of w.steps.entries()) {
    if (s.action.kind !== 'navigate') continue;
    const t = navigateTarget(s.action.url, w.startUrl);
    if ('problem' in t) {
      out.push(t.problem === 'not_web' ? `Step ${i + 1} opens "${short(s.action.url)}", which is not a web page address.` : `Step ${i + 1} opens an address whose site comes from a variable.`);
    } else if (!sameSite(t.host, w.site)) out.push(`Step ${i + 1} leaves ${w.site} for ${t.host}.`);
  }
  return out;
}

/** Whether a navigate step's address is refused outright (not a web page). */
export function navigateRefused(url: string, startUrl: string): boolean {
  const t = navigateTarget(url, startUrl);
  return 'problem' in t && t.problem === 'not_web';
}

function short(s: string): string {
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
