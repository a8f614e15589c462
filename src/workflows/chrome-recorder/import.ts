import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow, type WorkflowStep } from '../../shared/workflow';
import { sameSite } from '../../shared/site';
import { checkWorkflow, describeIssues } from '../check';
import { intentOf } from '../intent';
import { hostOf, pathOf } from '../text';
import { VariableNamer } from '../variables';
import { convertStep, selectorsOf, unknownSelectorKind, type ConvertContext } from './convert';
import { RecorderStep, STEP_TYPES, UserFlow } from './schema';
import { TargetTabs } from './tabs';

/** A Chrome Recorder file has a title and steps, and none of this extension's `format` field. */
export function looksLikeChromeRecording(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.format === undefined && typeof v.title === 'string' && Array.isArray(v.steps);
}

/** `notes`: the steps and fields of the file that the replay does not honour, by step number. */
/**
 * `literals`: the file's values of secret variables (never part of the workflow); `leaves`: steps
 * whose recorded navigation went to another site (a link or a form that posts elsewhere).
 */
type Imported = { ok: true; workflow: Workflow; notes: string[]; leaves: string[]; literals: Record<string, string> } | { ok: false; message: string };

const stepRef = (i: number, type: string) => `Step ${i + 1} ("${type}")`;

/** The step parsed, or the message that names it: an unknown type, a bad field, an unknown selector kind. */
function parseStep(raw: unknown, i: number): { ok: true; step: RecorderStep } | { ok: false; message: string } {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return { ok: false, message: `Step ${i + 1} of the Chrome Recorder file has no step type.` };
  if (!STEP_TYPES().has(type)) return { ok: false, message: `${stepRef(i, type)} of the Chrome Recorder file is not a step type of the Recorder format; nothing was imported.` };
  const parsed = RecorderStep.safeParse(raw);
  if (!parsed.success) return { ok: false, message: `${stepRef(i, type)} of the Chrome Recorder file is not valid: ${describeIssues(parsed.error)}.` };
  const s = parsed.data;
  const odd = unknownSelectorKind(selectorsOf(s));
  if (odd) return { ok: false, message: `${stepRef(i, type)} of the Chrome Recorder file uses the selector "${odd.slice(0, 80)}", whose kind is not one of CSS, aria/, text/, xpath/, pierce/; nothing was imported.` };
  return { ok: true, step: s };
}

/**
 * A Chrome DevTools Recorder recording to a workflow. Every step type of the format is read: the
 * ones the extension acts on carry the file's selectors (`recorder`), which the replay resolves as
 * Chrome's runner does until a run has written a full fingerprint back; the ones it cannot honour
 * (viewport, network emulation, closing the page, script expressions, back/forward buttons) are
 * left out and named in `notes`. A step in a tab or window an earlier step opened (`target`)
 * runs in that tab of the replay (tabs.ts). A custom step, an unknown step type or selector kind,
 * or a `navigate` to another site refuses the whole file, naming the step.
 */
export function workflowFromChromeRecording(value: unknown, opts: { id: string; now: number }): Imported {
  const flow = UserFlow.safeParse(value);
  if (!flow.success) return { ok: false, message: `The Chrome Recorder file is not valid: ${describeIssues(flow.error)}.` };
  const ctx: ConvertContext = { namer: new VariableNamer(), held: [], flowTimeout: flow.data.timeout, selectorAttribute: flow.data.selectorAttribute, literals: {} };
  const tabs = new TargetTabs();
  const steps: WorkflowStep[] = [];
  const notes: string[] = [];
  const leaves: string[] = [];
  let startUrl = '';
  let currentPath = '';
  for (const [i, raw] of flow.data.steps.entries()) {
    const parsed = parseStep(raw, i);
    if (!parsed.ok) return parsed;
    const s = parsed.step;
    if (s.type === 'navigate') {
      if (!startUrl) startUrl = s.url;
      else if (!sameSite(s.url, hostOf(startUrl))) {
        return { ok: false, message: `${stepRef(i, s.type)} of the Chrome Recorder file leaves ${hostOf(startUrl)} for ${hostOf(s.url) || s.url.slice(0, 80)}; a flow is imported for one site, so nothing was imported.` };
      }
    }
    const c = convertStep(s, ctx);
    if (c.kind === 'refuse') return { ok: false, message: `${stepRef(i, s.type)} of the Chrome Recorder file ${c.message}; remove it in the Recorder and export again. Nothing was imported.` };
    const nav = 'assertedEvents' in s ? s.assertedEvents?.find((e) => e.type === 'navigation') : undefined;
    if (nav?.url && startUrl && s.type !== 'navigate' && !sameSite(nav.url, hostOf(startUrl))) {
      leaves.push(`Step ${i + 1} ("${s.type}") led to ${hostOf(nav.url) || nav.url.slice(0, 80)} when it was recorded, away from ${hostOf(startUrl)}.`);
    }
    if (c.kind === 'skip') {
      if (c.note) notes.push(`${stepRef(i, s.type)}: ${c.note}.`);
      // a key press's navigation is asserted on its keyUp
      const last = steps.at(-1);
      if (nav && s.type === 'keyUp' && last?.action.kind === 'press') {
        last.after = { navigates: true, path: nav.url ? pathOf(nav.url) : undefined };
        if (nav.url) currentPath = pathOf(nav.url);
      }
      continue;
    }
    if (c.note) notes.push(`${stepRef(i, s.type)}: ${c.note}.`);
    const step: WorkflowStep = {
      id: `s${steps.length + 1}`,
      action: c.action,
      target: c.fp,
      intent: intentOf(c.action, c.fp),
      before: currentPath ? { path: currentPath, title: '' } : undefined,
      after: { navigates: false },
      ...(c.recorder ? { recorder: c.recorder } : {}),
    };
    if (s.type === 'navigate') currentPath = pathOf(s.url);
    else if (nav) {
      step.after = { navigates: true, path: nav.url ? pathOf(nav.url) : undefined };
      if (nav.url) currentPath = pathOf(nav.url);
    }
    // in a tab an earlier step opened, when the file says so (`target`)
    steps.push(tabs.place(step, s.target, steps.at(-1)));
  }
  if (flow.data.steps.some((s) => ['click', 'doubleClick'].includes((s as { type?: string }).type ?? ''))) notes.push('Clicks land in the middle of their element, not at the exact point within it that was recorded.');
  if (!steps.length) return { ok: false, message: 'The Chrome Recorder file has no steps this extension can replay.' };
  if (!startUrl) return { ok: false, message: 'The Chrome Recorder file never navigates to a page, so there is no site to replay it on; record it starting with a page load.' };
  const workflow: Workflow = {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_VERSION,
    id: opts.id,
    name: flow.data.title || 'Imported recording',
    description: 'Imported from a Chrome DevTools Recorder file.',
    site: hostOf(startUrl),
    startUrl,
    variables: ctx.namer.variables,
    steps,
    source: { kind: 'chrome-recorder' },
    createdAt: opts.now,
    updatedAt: opts.now,
  };
  const problem = checkWorkflow(workflow);
  return problem ? { ok: false, message: `The Chrome Recorder file could not be turned into a workflow: ${problem}.` } : { ok: true, workflow, notes, leaves, literals: ctx.literals };
}
