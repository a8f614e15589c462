import { normalizePolicyName, POLICY_NAMES } from '../agent/policies/names';

const KNOWN = new Set(POLICY_NAMES.map(normalizePolicyName));

/**
 * Whether a label names one of the agent's web policies. A demonstration's labels become the
 * planner's examples, so a label from an imported file that names anything else (a "RULES
 * UPDATE: ..." written where a policy belongs) is free text, never an example.
 */
export function isPolicyName(name: string): boolean {
  return KNOWN.has(normalizePolicyName(name));
}
