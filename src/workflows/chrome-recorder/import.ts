import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow, type WorkflowAction, type WorkflowStep } from '../../shared/workflow';
import type { Fingerprint } from '../../shared/fingerprint';
import { intentOf } from '../intent';
import { hostOf, pathOf } from '../text';
import { VariableNamer } from '../variables';
import { checkWorkflow, describeIssues } from '../file';
import { RecorderStep, UserFlow } from './schema';
import { fingerprintFromSelectors } from './selectors';
import { SECRET_NAME } from '../../shared/secrets';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);
/** Steps that change nothing a replay has to redo. */
const IGNORED = new Set(['setViewport', 'scroll', 'emulateNetworkConditions', 'close']);


function looksSecret(fp: Fingerprint | undefined): boolean {
  return !!fp && SECRET_NAME.test([fp.name, fp.label, fp.domId, fp.nameAttr, fp.css, fp.placeholder].join(' '));
}

/** A Chrome Recorder file has a title and steps, and none of this extension's `format` field. */
export function looksLikeChromeRecording(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.format === undefined && typeof v.title === 'string' && Array.isArray(v.steps);
}

type Imported = { ok: true; workflow: Workflow } | { ok: false; message: string };

/**
 * A Chrome DevTools Recorder recording to a workflow. Changes become `type` steps with a variable
 * each (the recorded value as default); keyDown/keyUp pairs become key presses (with the
 * modifiers held at the time); waitForElement becomes a wait for the element; a navigation the
 * Recorder asserted after a click becomes that click's expected effect. Steps this extension
 * cannot replay (double clicks, hovers, custom steps, expressions) refuse the file by name.
 */
export function workflowFromChromeRecording(value: unknown, opts: { id: string; now: number }): Imported {
  const flow = UserFlow.safeParse(value);
  if (!flow.success) return { ok: false, message: `The Chrome Recorder file is not valid: ${describeIssues(flow.error)}.` };
  const namer = new VariableNamer();
  const steps: WorkflowStep[] = [];
  const held: string[] = [];
  let startUrl = '';
  let currentPath = '';
  for (const [i, raw] of flow.data.steps.entries()) {
    const parsed = RecorderStep.safeParse(raw);
    if (!parsed.success) {
      const type = (raw as { type?: unknown } | null)?.type;
      return { ok: false, message: `Step ${i + 1} of the Chrome Recorder file${typeof type === 'string' ? ` ("${type}")` : ''} is not valid: ${describeIssues(parsed.error)}.` };
    }
    const s = parsed.data;
    if (IGNORED.has(s.type)) continue;
    if (s.type === 'hover' || s.type === 'doubleClick' || s.type === 'waitForExpression' || s.type === 'customStep') {
      return { ok: false, message: `Step ${i + 1} of the Chrome Recorder file is a "${s.type}" step, which this extension cannot replay; remove it in the Recorder and export again.` };
    }
    const fp = s.type === 'click' || s.type === 'change' || s.type === 'waitForElement' ? fingerprintFromSelectors(s.selectors, s.frame, flow.data.selectorAttribute) : undefined;
    let action: WorkflowAction | undefined;
    switch (s.type) {
      case 'navigate':
        if (!startUrl) startUrl = s.url;
        action = { kind: 'navigate', url: s.url };
        break;
      case 'click':
        action = { kind: 'click' };
        break;
      case 'change':
        // A Recorder file carries typed passwords in clear; they become secrets and are not kept.
        action = { kind: 'type', value: s.value ? (looksSecret(fp) ? namer.add(fp, undefined, { secret: true }) : namer.add(fp, s.value)) : '' };
        break;
      case 'keyDown':
        if (MODIFIERS.has(s.key)) held.push(s.key);
        else action = { kind: 'press', keys: [...held, s.key].join('+') };
        break;
      case 'keyUp': {
        const at = held.lastIndexOf(s.key);
        if (at >= 0) held.splice(at, 1);
        break;
      }
      case 'waitForElement':
        action = { kind: 'wait', timeoutMs: Math.min(60_000, Math.round(s.timeout ?? 5_000)) };
        break;
    }
    const nav = s.type === 'click' || s.type === 'change' || s.type === 'keyUp' || s.type === 'keyDown' ? s.assertedEvents?.find((e) => e.type === 'navigation') : undefined;
    if (!action) {
      // a key press's navigation is asserted on its keyUp
      const last = steps.at(-1);
      if (nav && last?.action.kind === 'press') {
        last.after = { navigates: true, path: nav.url ? pathOf(nav.url) : undefined };
        if (nav.url) currentPath = pathOf(nav.url);
      }
      continue;
    }
    const step: WorkflowStep = {
      id: `s${steps.length + 1}`,
      action,
      target: fp,
      intent: intentOf(action, fp),
      before: currentPath ? { path: currentPath, title: '' } : undefined,
      after: { navigates: false },
    };
    if (s.type === 'navigate') currentPath = pathOf(s.url);
    else if (nav) {
      step.after = { navigates: true, path: nav.url ? pathOf(nav.url) : undefined };
      if (nav.url) currentPath = pathOf(nav.url);
    }
    steps.push(step);
  }
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
    variables: namer.variables,
    steps,
    source: { kind: 'chrome-recorder' },
    createdAt: opts.now,
    updatedAt: opts.now,
  };
  const problem = checkWorkflow(workflow);
  return problem ? { ok: false, message: `The Chrome Recorder file could not be turned into a workflow: ${problem}.` } : { ok: true, workflow };
}

