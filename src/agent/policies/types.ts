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
  /** model turns before the policy gives up; the agent's default when absent */
  maxTurns?: number;
}
