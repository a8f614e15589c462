import { z } from 'zod';
import { lazy } from './lazy';

/**
 * One call to a web policy, as the planner writes it: FILL_TEXT "From" "Boston". A module of its
 * own: a recorded demonstration holds these, and the content script, which builds the
 * demonstration's schemas in every page, need not build every run event's with them.
 */
export const PlanStep = lazy(() => z.object({
  policy: z.string().min(1),
  /** what the policy acts on, described in words (a field label, a button text) or an element id */
  target: z.string().default(''),
  /** the value to enter or choose; empty for CLICK and the like */
  value: z.string().default(''),
}));
export type PlanStep = z.infer<typeof PlanStep>;
