import { defaultPolicies } from '../../agent';
import type { Demonstration, StepLabel } from '../../shared/demonstration';
import type { LlmClient } from '../../shared/llm';
import { labelRequest, parseLabels } from '../../memory/label';

/**
 * The auto-label call (HeaP Appendix D), made once per demonstration. Returns the labels, or why
 * there are none; it never throws, because a failed call must not lose the demonstration.
 */
export async function labelWithModel(llm: LlmClient, demo: Demonstration): Promise<{ ok: true; labels: StepLabel[] } | { ok: false; reason: string }> {
  if (!demo.steps.length) return { ok: false, reason: 'the demonstration has no steps' };
  try {
    const response = await llm.complete(labelRequest(demo, defaultPolicies.map((p) => p.usage)));
    return parseLabels(response.text, demo.steps, defaultPolicies.map((p) => p.name));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
