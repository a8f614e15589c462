import type { PlanStep, RunEventBody, TrialStatus } from '../shared/run-events';
import type { AgentPorts, Clock } from './ports';
import type { RunState } from './run-state';
import type { RunControl } from './control';
import type { SecretVault } from './safety/secrets';

/*
 * The types every part of a run is written against: the run's context, a web policy and what it
 * ends with, the policies by name. Types only, importing only leaves, so the loop, the policies and
 * the tab and vision layers can all name them without importing one another (context.ts builds a
 * Ctx, with the loop's policy runner; policies/registry.ts the registry).
 */

/** Everything one run's code needs; built fresh for every start or resume, nothing kept in globals. */
export interface Ctx {
  run: RunState;
  ports: AgentPorts & { clock: Clock };
  control: RunControl;
  policies: PolicyRegistry;
  /** the person's secrets behind their placeholders, never in the run state (safety/secrets.ts) */
  secrets: SecretVault;
  emit(body: RunEventBody): void;
  save(): Promise<void>;
  /** between actions: honour stop and pause, and the run's time limit */
  checkpoint(): Promise<void>;
  /**
   * runs a policy as the loop runs a plan's call (its own run, or the act-and-look loop), so a
   * policy that runs another inside it (EACH, an instruction on every item) names no loop
   */
  runPolicy(policy: WebPolicy, call: PlanStep, planIndex: number): Promise<PolicyOutcome>;
}

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

export interface PolicyRegistry {
  get(name: string): WebPolicy | undefined;
  list(): WebPolicy[];
}

/** How a policy's loop ended: its instruction done, or the trial ended (reflection takes over). */
export type PolicyOutcome =
  | { kind: 'done'; summary: string; navigated: boolean }
  | { kind: 'trial_end'; status: TrialStatus; reason: string };
