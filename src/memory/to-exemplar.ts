import type { Demonstration, DemoStep, StepLabel } from '../shared/demonstration';
import type { Exemplar, ExemplarStep, PolicyExample } from '../shared/exemplar';
import { tokensOf } from '../core/tokens';
import { CAPS, pageLine } from '../core/prompts/page-fence';
import { abstractPage, lineOf } from './abstract';
import { derivedLabels, stepLine, targetId } from './actions';
import { isPolicyName } from './policy-names';

/**
 * A stored demonstration as the agent's worked example (HeaP Appendix D, Synapse 3.3): the
 * planner's view (task -> policy calls), the whole trajectory (page, actions, page, actions ...)
 * and one cut per policy call (instruction + page -> actions). Pages are abstracted to the
 * touched elements and their neighbours, shrinking the neighbourhood until the example fits its
 * token budget, because the agent drops an example that does not fit rather than cutting it.
 */

export interface ExemplarOptions {
  score: number;
  why: string;
  /** tokens for the whole trajectory */
  budget?: number;
  /** tokens for one policy example */
  policyBudget?: number;
}

const RADII = [3, 2, 1, 0];

/**
 * Steps that were taken on one screen: a new group starts when the address changes or when the
 * element acted on is not on the group's first page (it appeared after an earlier step, like a
 * suggestion list), so every action in a group refers to ids its observation shows.
 */
export function screens(steps: DemoStep[]): number[][] {
  const groups: number[][] = [];
  let first: DemoStep | undefined;
  steps.forEach((step, i) => {
    const id = targetId(step);
    const fits =
      first !== undefined &&
      step.action.kind !== 'navigate' &&
      step.url === first.url &&
      (id === undefined || lineOf(first.page, id) !== undefined);
    if (fits) groups.at(-1)?.push(i);
    else {
      groups.push([i]);
      first = step;
    }
  });
  return groups;
}

function observationOf(steps: DemoStep[], indexes: number[], radius: number): string {
  const first = steps[indexes[0] ?? 0];
  if (!first) return '';
  const ids = indexes.map((i) => steps[i]).flatMap((s) => (s ? [targetId(s)] : [])).filter((id): id is number => id !== undefined);
  // a recorded title is the page's: one capped line, like the agent's own page header
  const head = pageLine(first.title || first.url, CAPS.title);
  return `${head}\n${abstractPage(first.page, ids, radius)}`;
}

function trajectoryOf(demo: Demonstration, budget: number): ExemplarStep[] {
  const groups = screens(demo.steps).filter((g) => !(g.length === 1 && demo.steps[g[0] ?? 0]?.action.kind === 'navigate'));
  let best: ExemplarStep[] = [];
  for (const radius of RADII) {
    const steps = groups.map((g) => ({ observation: observationOf(demo.steps, g, radius), actions: g.map((i) => stepLine(demo.steps[i] as DemoStep)) }));
    best = steps;
    if (cost(steps) <= budget) return steps;
  }
  // Even bare pages are too long: keep the first screens that fit (the start of a task teaches most).
  const kept: ExemplarStep[] = [];
  for (const s of best) {
    if (cost([...kept, s]) > budget) break;
    kept.push(s);
  }
  return kept;
}

/**
 * what the agent wraps around each step in a prompt (src/agent/exemplars.ts), counted so a packed
 * example still fits; at the first use, since the estimate's Unicode patterns are compiled then
 * (not at the worker's start)
 */
let stepWrapper: number | undefined;
const cost = (steps: ExemplarStep[]) => {
  stepWrapper ??= tokensOf('<example-page>\n\n</example-page>\nActions:\n\n');
  return steps.reduce((n, s) => n + tokensOf(s.observation) + tokensOf(s.actions.join('\n')) + stepWrapper!, 0);
};

function policyExampleOf(demo: Demonstration, label: StepLabel, budget: number): PolicyExample | undefined {
  const indexes = [...label.steps].sort((a, b) => a - b);
  const first = demo.steps[indexes[0] ?? -1];
  if (!first) return undefined;
  // only the steps on the call's first screen: their ids are the ones its observation shows
  const onScreen = indexes.filter((i) => demo.steps[i]?.url === first.url && (targetId(demo.steps[i] as DemoStep) === undefined || lineOf(first.page, targetId(demo.steps[i] as DemoStep) ?? -1)));
  const actions = [...onScreen.map((i) => stepLine(demo.steps[i] as DemoStep)), 'done'];
  for (const radius of RADII) {
    const observation = observationOf(demo.steps, onScreen, radius);
    if (tokensOf(observation) + tokensOf(actions.join('\n')) <= budget) {
      return { policy: label.call.policy, call: label.call, observation, actions };
    }
  }
  return undefined;
}

/**
 * The labels to use: the stored ones when the labelling call produced any, else ones derived from
 * the steps. One label naming no known policy (stored before imports were checked) discards them
 * all: the rest may have been written by the same hand.
 */
export function labelsOf(demo: Demonstration): StepLabel[] {
  if (demo.labels.some((l) => !isPolicyName(l.call.policy))) return derivedLabels(demo.steps);
  const valid = demo.labels.filter((l) => l.steps.every((i) => i >= 0 && i < demo.steps.length));
  return valid.length ? valid : derivedLabels(demo.steps);
}

export function toExemplar(demo: Demonstration, opts: ExemplarOptions): Exemplar {
  const budget = opts.budget ?? 1000;
  const policyBudget = opts.policyBudget ?? 400;
  const labels = labelsOf(demo);
  const policyExamples = labels.flatMap((l) => policyExampleOf(demo, l, policyBudget) ?? []);
  return {
    id: demo.id,
    task: demo.task,
    site: demo.site,
    score: opts.score,
    why: opts.why,
    planner: labels.map((l) => l.call),
    trajectory: trajectoryOf(demo, budget),
    policyExamples,
  };
}
