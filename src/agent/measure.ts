import type { LlmClient, LlmRequest } from '../shared/llm';
import type { AgentConfigInput } from './config';
import type { AgentPorts } from './ports';
import { createAgent, type StartInput } from './agent';

export interface CallStats {
  calls: number;
  /** input tokens of each call, in order */
  inputTokensPerCall: number[];
  inputTokens: number;
  outputTokens: number;
  success: boolean;
  steps: number;
}

/** Wraps a client to record every call's usage. */
export function countingClient(inner: LlmClient): { llm: LlmClient; stats: Omit<CallStats, 'success' | 'steps'> } {
  const stats = { calls: 0, inputTokensPerCall: [] as number[], inputTokens: 0, outputTokens: 0 };
  return {
    stats,
    llm: {
      async complete(request: LlmRequest) {
        const response = await inner.complete(request);
        stats.calls += 1;
        stats.inputTokensPerCall.push(response.usage.inputTokens);
        stats.inputTokens += response.usage.inputTokens;
        stats.outputTokens += response.usage.outputTokens;
        return response;
      },
    },
  };
}

/**
 * Runs one task twice, staged (every action the screen allows per call) and iterative (one action
 * per call), each with fresh ports from `makePorts` so both start from the same page, and reports
 * model calls and input tokens per call for each.
 */
export async function compareStagedAndIterative(
  makePorts: () => AgentPorts,
  input: StartInput,
  config: AgentConfigInput = {},
): Promise<{ staged: CallStats; iterative: CallStats }> {
  const runOnce = async (oneActionPerCall: boolean): Promise<CallStats> => {
    const ports = makePorts();
    const counted = countingClient(ports.llm);
    const agent = createAgent({ ...ports, llm: counted.llm }, { config: { ...config, oneActionPerCall } });
    const outcome = await agent.start(input).done;
    const stored = await ports.store.load(outcome.runId);
    return { ...counted.stats, success: outcome.success, steps: stored?.stepsTaken ?? 0 };
  };
  return { staged: await runOnce(false), iterative: await runOnce(true) };
}
