import { LlmError } from '../../shared/llm';

interface SdkErrorShape {
  status?: number;
  name?: string;
  message?: string;
}

const CONTEXT_LENGTH = /context (length|window)|too many tokens|prompt is too long|maximum context|reduce the length/i;

/**
 * Both SDKs throw errors of the same shape (status + class name). Map them to the few kinds the
 * agent and the panel act on, with a message that says what to do. `keyName` is the setting to check.
 */
export function classifyProviderError(error: unknown, keyName: string, baseUrl: string): LlmError {
  if (error instanceof LlmError) return error;
  const e = (error ?? {}) as SdkErrorShape;
  const name = e.name ?? '';
  const detail = (e.message ?? String(error)).slice(0, 300);
  if (name.includes('UserAbort')) return new LlmError('aborted', 'The request was stopped.');
  if (name.includes('Timeout') || /timed out/i.test(detail)) return new LlmError('timeout', `The model did not answer in time (${detail}).`);
  if (name.includes('APIConnectionError') || (e.status === undefined && /fetch|network|connect/i.test(detail))) {
    return new LlmError('unreachable', `Could not reach ${baseUrl || 'the provider'}: check the base URL and your connection.`);
  }
  const status = e.status;
  if (status === 401 || status === 403) {
    return new LlmError('auth', `The provider refused the ${keyName} (HTTP ${status}). Check the key in Settings.`, status);
  }
  if (status === 429) return new LlmError('rate_limit', `Rate limited by the provider even after retrying (HTTP 429): ${detail}`, status);
  if (status !== undefined && status >= 500) return new LlmError('server', `The provider had an error even after retrying (HTTP ${status}): ${detail}`, status);
  if (status === 400 || status === 413) {
    if (CONTEXT_LENGTH.test(detail)) return new LlmError('context_length', `The request was too long for the model: ${detail}`, status);
    return new LlmError('bad_request', `The provider rejected the request (HTTP ${status}): ${detail}`, status);
  }
  if (status === 404) return new LlmError('bad_request', `Not found (HTTP 404): check the model name and base URL. ${detail}`, status);
  if (error instanceof SyntaxError || /JSON/i.test(detail)) return new LlmError('server', `The provider sent a malformed answer: ${detail}`);
  return new LlmError('server', detail);
}
