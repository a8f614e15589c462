import { LlmError, type LlmClient } from '../../shared/llm';
import type { Settings } from '../../shared/settings';
import { configurationProblem, modelFor } from '../settings-store';
import { anthropicClient } from './anthropic';
import { openaiClient } from './openai';

/** The configured provider as an LlmClient; throws a not_configured LlmError that says what is missing. */
export function clientFor(settings: Settings): LlmClient {
  const problem = configurationProblem(settings);
  if (problem) throw new LlmError('not_configured', problem);
  const common = {
    apiKey: settings.apiKeys[settings.provider],
    baseUrl: settings.baseUrls[settings.provider],
    model: (role: 'planner' | 'policy' | 'reflection') => modelFor(settings, role),
    timeoutMs: settings.requestTimeoutMs,
    maxRetries: settings.maxRetries,
  };
  switch (settings.provider) {
    case 'anthropic':
      return anthropicClient(common);
    case 'openai':
      return openaiClient({ ...common, keyName: 'OpenAI API key' });
    case 'openai-compatible':
      return openaiClient({ ...common, keyName: 'API key of your OpenAI-compatible server' });
  }
}
