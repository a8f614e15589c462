import { providerSdks } from './sdks';
import { z } from 'zod';
import type { LlmClient, LlmRequest, LlmResponse } from '../../shared/llm';
import { classifyProviderError } from './errors';
import { realSignal } from './signal';
import { openaiTurn } from './images';
import type { ProviderConfig } from './anthropic';

/**
 * LlmClient over the official OpenAI SDK (Chat Completions, streaming, function calling). The same
 * client serves any OpenAI-compatible server (Ollama, LM Studio, vLLM, OpenRouter) through baseUrl.
 */
export function openaiClient(config: ProviderConfig & { keyName: string }): LlmClient {
  const { OpenAI } = providerSdks();
  const client = new OpenAI({
    // Local servers need no key, but the SDK insists on a non-empty string.
    apiKey: config.apiKey || 'not-needed',
    baseURL: config.baseUrl || undefined,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    dangerouslyAllowBrowser: true,
  });
  return {
    async complete(request: LlmRequest): Promise<LlmResponse> {
      const model = config.model(request.role);
      try {
        const stream = client.chat.completions.stream(
          {
            model,
            max_completion_tokens: request.maxTokens ?? 2048,
            messages: [
              { role: 'system', content: request.system },
              ...request.messages.map(openaiTurn),
            ],
            stream_options: { include_usage: true },
            ...(request.tools?.length
              ? {
                  tools: request.tools.map((t) => ({
                    type: 'function' as const,
                    function: { name: t.name, description: t.description, parameters: z.toJSONSchema(t.schema) as Record<string, unknown> },
                  })),
                  ...(request.toolChoice ? { tool_choice: { type: 'function' as const, function: { name: request.toolChoice } } } : {}),
                }
              : {}),
          },
          { signal: realSignal(request.signal) },
        );
        if (request.onText) stream.on('content', (delta) => request.onText?.(delta));
        const completion = await stream.finalChatCompletion();
        const choice = completion.choices[0];
        const toolCalls: LlmResponse['toolCalls'] = [];
        for (const call of choice?.message.tool_calls ?? []) {
          if (call.type !== 'function') continue;
          let args: unknown = call.function.arguments;
          try {
            args = JSON.parse(call.function.arguments || '{}');
          } catch {
            // Left as the raw string: the agent's validation reports it back to the model (grounding repair).
          }
          toolCalls.push({ name: call.function.name, args });
        }
        return {
          text: choice?.message.content ?? '',
          toolCalls,
          usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
          model: completion.model,
          stopReason: choice?.finish_reason ?? 'stop',
        };
      } catch (error) {
        throw classifyProviderError(error, config.keyName, config.baseUrl);
      }
    },
  };
}
