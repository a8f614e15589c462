import { z } from 'zod';
import { PlanStep } from './run-events';
import { lazy } from './lazy';

/** One step of a recorded demonstration: the abstracted page and what was done on it. */
export const ExemplarStep = lazy(() => z.object({ observation: z.string(), actions: z.array(z.string()) }));
export type ExemplarStep = z.infer<typeof ExemplarStep>;

/** A worked example for one policy, cut from a labelled demonstration. */
export const PolicyExample = lazy(() => z.object({
  policy: z.string(),
  call: PlanStep,
  observation: z.string(),
  actions: z.array(z.string()),
}));
export type PolicyExample = z.infer<typeof PolicyExample>;

/** A retrieved demonstration. Actions are in the plain-text action grammar (`click 12`). */
export const Exemplar = lazy(() => z.object({
  id: z.string(),
  task: z.string(),
  site: z.string(),
  score: z.number(),
  /** why it was retrieved, for the timeline */
  why: z.string().default(''),
  /** the demonstration as a sequence of policy calls (HeaP's planner examples) */
  planner: z.array(PlanStep),
  /** the whole trajectory (Synapse's trajectory-as-exemplar) */
  trajectory: z.array(ExemplarStep),
  policyExamples: z.array(PolicyExample).optional(),
}));
export type Exemplar = z.infer<typeof Exemplar>;
