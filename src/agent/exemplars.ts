import type { Exemplar } from './exemplar';
import type { PlanStep } from '../shared/run-events';
import { fencePageText } from './page-fence';
import { tokensOf } from './tokens';

export function planStepLine(step: PlanStep): string {
  const parts = [step.policy];
  if (step.target) parts.push(JSON.stringify(step.target));
  if (step.value) parts.push(JSON.stringify(step.value));
  return parts.join(' ');
}

/** Adds blocks best-first until the next one would pass the budget. */
function packWithin(blocks: string[], budget: number, heading: string): string {
  const kept: string[] = [];
  let used = tokensOf(heading);
  for (const block of blocks) {
    const cost = tokensOf(block);
    if (used + cost > budget) continue;
    kept.push(block);
    used += cost;
  }
  return kept.length ? `${heading}\n\n${kept.join('\n\n')}` : '';
}

const byScore = (list: Exemplar[]) => [...list].sort((a, b) => b.score - a.score);

/** The planner's examples: a demonstrated task and the policy calls it became (HeaP). */
export function plannerExamples(exemplars: Exemplar[], budget: number): string {
  const blocks = byScore(exemplars)
    .filter((e) => e.planner.length)
    .map((e) => `Example task (${e.site}): ${e.task}\nPlan:\n${e.planner.map(planStepLine).join('\n')}`);
  return packWithin(blocks, budget, 'Plans that worked for similar tasks the person demonstrated:');
}

/**
 * A policy's examples: its own labelled cuts first; otherwise whole trajectories, page after page
 * with the actions taken on each (Synapse's trajectory-as-exemplar), which also shows how several
 * actions go in one answer.
 */
export function policyExamples(exemplars: Exemplar[], policy: string, budget: number): string {
  const sorted = byScore(exemplars);
  const own = sorted.flatMap((e) =>
    (e.policyExamples ?? [])
      .filter((p) => p.policy.toUpperCase() === policy.toUpperCase())
      .map(
        (p) =>
          `Instruction: ${planStepLine(p.call)}\n<example-page>\n${fencePageText(p.observation)}\n</example-page>\nActions:\n${p.actions.join('\n')}`,
      ),
  );
  if (own.length) return packWithin(own, budget, `Worked examples of ${policy} from the person's demonstrations:`);
  const trajectories = sorted
    .filter((e) => e.trajectory.length)
    .map((e) => {
      const steps = e.trajectory
        .map((s) => `<example-page>\n${fencePageText(s.observation)}\n</example-page>\nActions:\n${s.actions.join('\n')}`)
        .join('\n');
      return `Demonstrated task (${e.site}): ${e.task}\n${steps}`;
    });
  return packWithin(trajectories, budget, 'Whole demonstrations of similar tasks (page, then the actions taken on it):');
}
