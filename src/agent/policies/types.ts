import type { PlanStep } from '../../shared/run-events';
import type { Ctx } from '../context';
import type { PolicyOutcome } from '../loop/policy-runner';

/**
 * A web policy (HeaP's low-level policy): a closed loop that acts on the page through element ids
 * until its instruction is done. Its behaviour lives in its prompt file; the module only names it.
 */
export interface WebPolicy {
  /** upper-case name the planner writes: FILL_TEXT */
  name: string;
  /** how the planner calls it, and what it does, on one line */
  usage: string;
  /** the policy's prompt file (guidance and a worked example) */
  guidance: string;
  /**
   * true when the target is free text (an instruction, a search query) rather than a description
   * of an element, so its absence from a new page says nothing about the plan
   */
  freeTarget?: boolean;
  /** model turns before the policy gives up; the agent's default when absent */
  maxTurns?: number;
  /** the policy looks at the page: a screenshot goes with every turn (for a model that sees), not only where the text is thin */
  looks?: boolean;
  /** a policy that is not an act-and-look loop (EXTRACT reads the page into a table) runs its own loop */
  run?: (ctx: Ctx, call: PlanStep, planIndex: number) => Promise<PolicyOutcome>;
}
