import { LlmError, type LlmClient, type LlmRequest, type LlmResponse } from '../../../../src/shared/llm';
import type { ModelRole } from '../../../../src/shared/settings';
import { tokensOf } from '../../../../src/core/tokens';

/** One scripted answer: text, a tool call, an error to throw, or a function of the request. */
export type Reply =
  | string
  | { role?: ModelRole; text?: string; tool?: { name: string; args: unknown }; error?: LlmError; model?: string; hang?: boolean }
  | ((request: LlmRequest) => string | { text?: string; tool?: { name: string; args: unknown } });

/**
 * A model that answers from a script, in order, and keeps every request so tests can check what
 * the model was shown. Usage is the real token count of the request, so accounting is testable.
 */
export class ScriptedLlm implements LlmClient {
  requests: LlmRequest[] = [];
  private queue: Reply[];

  constructor(
    replies: Reply[],
    readonly model = 'claude-haiku-4-5',
  ) {
    this.queue = [...replies];
  }

  push(...replies: Reply[]): void {
    this.queue.push(...replies);
  }
  get remaining(): number {
    return this.queue.length;
  }
  roles(): ModelRole[] {
    return this.requests.map((r) => r.role);
  }
  /** everything the model was shown in call n */
  shown(n: number): string {
    const r = this.requests[n];
    return r ? [r.system, ...r.messages.map((m) => m.content)].join('\n') : '';
  }

  async complete(request: LlmRequest): Promise<LlmResponse> {
    this.requests.push(request);
    const next = this.queue.shift();
    if (next === undefined) throw new Error(`script ran out at call ${this.requests.length} (${request.role})`);
    let reply = typeof next === 'function' ? next(request) : next;
    if (typeof reply === 'string') reply = { text: reply };
    if ('role' in reply && reply.role && reply.role !== request.role) {
      throw new Error(`call ${this.requests.length}: expected a ${reply.role} request, got ${request.role}`);
    }
    if ('error' in reply && reply.error) throw reply.error;
    // The service worker died during this call: the answer never comes.
    if ('hang' in reply && reply.hang) return new Promise<LlmResponse>(() => {});
    const text = reply.text ?? '';
    request.onText?.(text);
    const input = tokensOf([request.system, ...request.messages.map((m) => m.content)].join('\n'));
    return {
      text,
      toolCalls: reply.tool ? [reply.tool] : [],
      usage: { inputTokens: input, outputTokens: tokensOf(text + JSON.stringify(reply.tool?.args ?? '')) },
      model: 'model' in reply && typeof reply.model === 'string' && reply.model ? reply.model : this.model,
      stopReason: reply.tool ? 'tool_use' : 'end_turn',
    };
  }
}

/** Text-grammar helpers so scripts read like what a model would write. */
export const plan = (...lines: string[]) => `Reasoning: Fill the form and search.\nPlan:\n${lines.join('\n') || 'DONE'}`;
export const acts = (...lines: string[]) => `Thought: Doing the next actions.\nActions:\n${lines.join('\n')}`;
export const reflection = (step: number, correction: string, why = 'That was the wrong element.') =>
  `Diagnosis: ${why}\nStep: ${step}\nCorrection: ${correction}`;
