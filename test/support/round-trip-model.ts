import type { LlmServer } from './llm-server';
import { elementsOf, isPlanner, pageOf } from './model-reading';
import { PLANNERS } from './scripted-bench';
import { plan, policyAnswer } from './scripted-web-model';

export { startLlmServer } from './llm-server';

/**
 * The scripted model of one arena task in the real extension (bench "Round trips"): the planner
 * plans the screen as the agent bench's does, once, then says it is done; each policy answers as a
 * model following its prompt would (scripted-web-model.ts).
 */
export function scriptArenaTask(llm: LlmServer, task: string, text: string): void {
  let plans = 0;
  llm.clear();
  llm.script(
    { name: 'planner', match: isPlanner, answer: (r) => (plans++ === 0 ? plan('The form is on screen.', PLANNERS[task]!(text, elementsOf(pageOf(r))) ?? []) : plan('Done.', [])) },
    { name: 'policy', match: (r) => !isPlanner(r), answer: policyAnswer },
  );
}
