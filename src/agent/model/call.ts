import { LlmError, type LlmRequest, type LlmResponse } from '../../shared/llm';
import type { ModelRole } from '../../shared/settings';
import { costOf } from './prices';
import type { Ctx } from '../ctx';

/** A provider error together with the role whose model failed, so the message can name the key. */
export class ModelCallFailed extends Error {
  constructor(
    readonly error: LlmError,
    readonly role: ModelRole,
  ) {
    super(error.message);
    this.name = 'ModelCallFailed';
  }
  get kind() {
    return this.error.kind;
  }
}

/**
 * Every model call of a run goes through here: streaming to the panel, cancellation on stop,
 * and the run's accounting (calls, tokens, cost where the price is known).
 */
export async function callModel(ctx: Ctx, request: LlmRequest): Promise<LlmResponse> {
  ctx.control.throwIfStopped();
  const role = request.role;
  const streamed: LlmRequest = {
    ...request,
    maxTokens: request.maxTokens ?? ctx.run.config.maxOutputTokens,
    signal: ctx.control.signal,
  };
  if (ctx.run.config.stream) streamed.onText = (delta) => ctx.emit({ type: 'text_delta', role, delta });
  // Everything emitted so far is on disk before a call that may outlive the worker.
  await ctx.save();
  let response: LlmResponse;
  try {
    response = await ctx.ports.llm.complete(streamed);
  } catch (error) {
    if (ctx.control.stopped) ctx.control.throwIfStopped();
    if (error instanceof LlmError) throw new ModelCallFailed(error, role);
    throw error;
  }
  account(ctx, role, response);
  return response;
}

function account(ctx: Ctx, role: ModelRole, response: LlmResponse): void {
  const { inputTokens, outputTokens } = response.usage;
  const cost = costOf(response.model, inputTokens, outputTokens);
  const usage = ctx.run.usage;
  usage.calls += 1;
  usage.inputTokens += inputTokens;
  usage.outputTokens += outputTokens;
  // Once one call has no known price, the total is unknown too rather than silently low.
  usage.costUsd = usage.costUsd === null || cost === null ? null : usage.costUsd + cost;
  ctx.emit({ type: 'usage', role, model: response.model, inputTokens, outputTokens, costUsd: cost, total: { ...usage } });
}

/**
 * Runs `attempt`; if the prompt was too long for the model, halves the page budget and runs it
 * once more (the attempt takes a new snapshot with the smaller budget).
 */
export async function withContextRetry<T>(ctx: Ctx, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ModelCallFailed) || error.kind !== 'context_length') throw error;
    ctx.run.pageBudget = Math.max(500, Math.floor(ctx.run.pageBudget / 2));
    await ctx.save();
    return attempt();
  }
}
