import type Anthropic from '@anthropic-ai/sdk';
import { providerSdks } from './sdks';
import { z } from 'zod';
import type { LlmClient, LlmRequest, LlmResponse } from '../../shared/llm';
import { classifyProviderError } from './errors';
import { realSignal } from './signal';
import { anthropicTurn } from './images';

export interface ProviderConfig {
  apiKey: string;
  baseUrl: string;
  model: (role: LlmRequest['role']) => string;
  timeoutMs: number;
  maxRetries: number;
}

/** LlmClient over the official Anthropic SDK (Messages API, streaming, tool use). */
export function anthropicClient(config: ProviderConfig): LlmClient {
  const { BaseAnthropic, Messages } = providerSdks();
  const base = new BaseAnthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl || undefined,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    // The key never leaves the service worker; this flag only lifts the SDK's browser-environment guard.
    dangerouslyAllowBrowser: true,
  });
  const client = { messages: new Messages(base) };
  return {
    async complete(request: LlmRequest): Promise<LlmResponse> {
      const model = config.model(request.role);
      try {
        const stream = client.messages.stream(
          {
            model,
            max_tokens: request.maxTokens ?? 2048,
            system: request.system,
            messages: request.messages.map(anthropicTurn),
            ...(request.tools?.length
              ? {
                  tools: request.tools.map((t) => ({
                    name: t.name,
                    description: t.description,
                    input_schema: z.toJSONSchema(t.schema) as Anthropic.Messages.Tool.InputSchema,
                  })),
                  ...(request.toolChoice ? { tool_choice: { type: 'tool' as const, name: request.toolChoice } } : {}),
                }
              : {}),
          },
          { signal: realSignal(request.signal) },
        );
        if (request.onText) stream.on('text', (delta) => request.onText?.(delta));
        const message = await stream.finalMessage();
        let text = '';
        const toolCalls: LlmResponse['toolCalls'] = [];
        for (const block of message.content) {
          if (block.type === 'text') text += block.text;
          else if (block.type === 'tool_use') toolCalls.push({ name: block.name, args: block.input });
        }
        return {
          text,
          toolCalls,
          usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
          model: message.model,
          stopReason: message.stop_reason ?? 'end_turn',
        };
      } catch (error) {
        throw classifyProviderError(error, 'Anthropic API key', config.baseUrl);
      }
    },
  };
}
