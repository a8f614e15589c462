import type { Demonstration, DemoStep } from '../shared/demonstration';
import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type ExtractStepAction, type Workflow, type WorkflowAction, type WorkflowStep } from '../shared/workflow';
import { intentOf } from './intent';
import { hostOf, pathOf } from './text';
import { looksTaskSpecific, VariableNamer } from './variables';

/** Actions that can take the tab to another page; a recorded navigation right after one is its effect. */
const CAN_NAVIGATE = new Set(['click', 'press', 'select', 'check']);

/**
 * Turns a recording into a workflow: typed and chosen values become variables (secrets without a
 * default), each step gets its intent in words and the page it was recorded on, and a navigation
 * that followed a click or key press becomes that step's expected effect instead of a step of its
 * own (replaying it would load the recorded address, with the recorded session's parameters).
 */
/**
 * Which recorded steps are steps of the workflow: a navigation a click, key, choice or tick caused
 * is that step's effect, not a step of its own, and the first page is where the replay starts (a
 * later typed address stays a step). The recording panel lists the same steps the workflow keeps.
 */
export function stepsKept(demoSteps: readonly { action: { kind: string; url?: string } }[], startUrl: string): boolean[] {
  const kept: boolean[] = [];
  let prev: string | undefined;
  for (const d of demoSteps) {
    const navigate = d.action.kind === 'navigate';
    const keep = !(navigate && prev && CAN_NAVIGATE.has(prev)) && !(navigate && !prev && pathOf(d.action.url ?? '') === pathOf(startUrl));
    kept.push(keep);
    if (keep) prev = d.action.kind;
  }
  return kept;
}

export function workflowFromDemonstration(
  demo: Demonstration,
  opts: { id: string; now: number; name?: string; extract?: { action: ExtractStepAction; url: string; title: string } },
): Workflow {
  const namer = new VariableNamer();
  const steps: WorkflowStep[] = [];
  const demoSteps = demo.steps;
  const kept = stepsKept(demoSteps, demo.startUrl);
  /** the address each tab a step opened was first recorded on: Chrome Recorder's `target` for it */
  const tabUrls = new Map<number, string>();
  for (let i = 0; i < demoSteps.length; i++) {
    const d = demoSteps[i]!;
    const prev = steps.at(-1);
    if (!kept[i]) {
      if (d.action.kind === 'navigate' && prev && CAN_NAVIGATE.has(prev.action.kind)) prev.after = { ...prev.after, navigates: true, path: pathOf(d.action.url) };
      continue;
    }
    // A step recorded on another page than the one before it: the previous step took the tab there
    // (in the same tab: a step in another tab is on the page that tab opened at).
    if (prev && prev.before && (prev.tab ?? 1) === (d.tab ?? 1) && pathOf(d.url) !== prev.before.path && !prev.after.navigates && CAN_NAVIGATE.has(prev.action.kind)) {
      prev.after = { ...prev.after, navigates: true, path: pathOf(d.url) };
    }
    const action = toAction(d, namer);
    if (!action) continue;
    steps.push({
      id: `s${steps.length + 1}`,
      action,
      target: d.action.kind === 'navigate' ? undefined : d.target,
      intent: intentOf(action, d.target),
      before: { path: pathOf(d.url), title: d.title },
      after: { navigates: false, ...(d.opensTab ? { opensTab: true } : {}) },
      ...(d.tab && d.tab > 1 ? { tab: d.tab, tabUrl: tabUrls.get(d.tab) ?? tabUrls.set(d.tab, d.url).get(d.tab)! } : {}),
    });
  }
  // a table the person marked while recording is read last, on the page it was marked on
  if (opts.extract) steps.push(extractStep(opts.extract, steps.length + 1));
  if (steps.length === 0) throw new Error('The recording has no steps to replay.');
  return {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_VERSION,
    id: opts.id,
    name: opts.name ?? demo.task,
    description: demo.description,
    site: demo.site || hostOf(demo.startUrl),
    startUrl: demo.startUrl,
    variables: namer.variables,
    steps,
    source: { kind: 'recording', id: demo.id },
    createdAt: opts.now,
    updatedAt: opts.now,
  };
}

function toAction(d: DemoStep, namer: VariableNamer): WorkflowAction | undefined {
  const a = d.action;
  switch (a.kind) {
    case 'navigate':
      return { kind: 'navigate', url: a.url };
    case 'click':
      return { kind: 'click' };
    case 'type':
      if (a.secret) return { kind: 'type', value: namer.add(d.target, undefined, { secret: true, name: d.variable }) };
      return { kind: 'type', value: looksTaskSpecific(a.value) ? namer.add(d.target, a.value) : a.value };
    case 'select':
      return { kind: 'select', values: a.values.map((v) => namer.add(d.target, v)) };
    case 'check':
      return { kind: 'check', checked: a.checked };
    case 'press':
      return { kind: 'press', keys: a.keys };
    case 'upload':
      // the file is the person's choice for this run: asked for at every Run, the recorded name a hint
      return { kind: 'upload', file: namer.add(d.target, a.file, { file: true }) };
  }
}

function extractStep(e: { action: ExtractStepAction; url: string; title: string }, n: number): WorkflowStep {
  return { id: `s${n}`, action: e.action, intent: `read ${e.action.title} into a table`, before: { path: pathOf(e.url), title: e.title }, after: { navigates: false } };
}
