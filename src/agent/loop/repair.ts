import type { ChatTurn, LlmRequest, LlmResponse } from '../../shared/llm';
import { callModel } from '../model/call';
import { pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import type { Ctx } from '../ctx';

/** Thrown when a reply stays unusable after every repair attempt; the step fails with this reason. */
export class GroundingFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'GroundingFailed';
  }
}

export type Interpret<T> = (response: LlmResponse) => { ok: true; value: T } | { ok: false; reason: string };

/**
 * RCI's agent grounding: ask, check the reply, and when it cannot be used send it back with the
 * specific reason, up to `budget` times. `used` repairs were already spent on this step (an
 * executor rejection counts too), so the limit holds for the step as a whole.
 */
export async function askUntilUsable<T>(
  ctx: Ctx,
  request: LlmRequest,
  interpret: Interpret<T>,
  formatHint: string,
  used = 0,
): Promise<{ value: T; text: string; repairs: number }> {
  const messages: ChatTurn[] = [...request.messages];
  let repairs = used;
  for (;;) {
    const response = await callModel(ctx, { ...request, messages: [...messages] });
    const result = interpret(response);
    if (result.ok) return { value: result.value, text: response.text, repairs };
    if (repairs >= ctx.run.config.groundingRetries) throw new GroundingFailed(result.reason);
    repairs += 1;
    ctx.emit({ type: 'grounding_repair', attempt: repairs, reason: result.reason });
    messages.push({ role: 'assistant', content: replyAsText(response) });
    messages.push({
      role: 'user',
      // the reason can quote the page or the executor: one capped, defused line in a user turn
      content: renderPrompt(templates.groundingRepair, { system: {}, user: { reason: pageLine(result.reason), format_hint: formatHint } }, 'grounding-repair').user,
    });
  }
}

/** The model's reply as conversation text, tool calls included, so the repair turn can quote it. */
function replyAsText(response: LlmResponse): string {
  const calls = response.toolCalls.map((c) => `(called ${c.name} with ${JSON.stringify(c.args)})`);
  return [response.text, ...calls].filter(Boolean).join('\n') || '(empty reply)';
}
