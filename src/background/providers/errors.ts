import { LlmError } from '../../shared/llm';

interface SdkErrorShape {
  status?: number;
  name?: string;
  message?: string;
  /** the response's headers (both SDKs keep them on an API error): retry-after says how long to wait */
  headers?: Headers | Record<string, string | null | undefined>;
}

/** How long the provider asked to wait before trying again, in words ("20 seconds"); '' when it did not say. */
function waitAsked(headers: SdkErrorShape['headers']): string {
  const raw = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  const seconds = raw && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
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
  const detail = plainDetail(e.message ?? String(error));
  if (name.includes('UserAbort')) return new LlmError('aborted', 'The request was stopped.');
  if (name.includes('Timeout') || /timed out/i.test(detail)) return new LlmError('timeout', `The model did not answer in time (${detail}).`);
  if (name.includes('APIConnectionError') || (e.status === undefined && /fetch|network|connect/i.test(detail))) {
    // the base URL is named only where the person set one: the provider's own address has no field in setup
    return new LlmError('unreachable', baseUrl ? `Could not reach ${baseUrl}: check the base URL and your connection.` : 'Could not reach the provider: check your connection.');
  }
  const status = e.status;
  if (status === 401 || status === 403) {
    // said where the key is typed (the setup card, Settings); the chat's card adds the way to Settings
    return new LlmError('auth', `The provider refused the ${keyName} (HTTP ${status}). Check the key.`, status);
  }
  if (status === 429) return new LlmError('rate_limit', `The provider is limiting requests (HTTP 429): wait ${waitAsked(e.headers) || 'a minute'}, then resume.${said(detail)}`, status);
  if (status !== undefined && status >= 500) return new LlmError('server', `The provider had an error (HTTP ${status}): try again in a moment.${said(detail)}`, status);
  if (status === 400 || status === 413) {
    if (CONTEXT_LENGTH.test(detail)) return new LlmError('context_length', `The request was too long for the model: ${detail}`, status);
    return new LlmError('bad_request', `The provider rejected the request (HTTP ${status}): ${detail}`, status);
  }
  if (status === 404) return new LlmError('bad_request', `Not found (HTTP 404): check the model name${baseUrl ? ' and the base URL' : ''}.${said(detail)}`, status);
  // a parser's words ("Expected property name or '}' in JSON at position 1") tell a person nothing
  if (error instanceof SyntaxError || /JSON/i.test(detail)) return new LlmError('server', 'The provider sent a malformed answer, one that could not be read: try again in a moment.');
  if (status !== undefined) return new LlmError('server', `The provider answered HTTP ${status}.${said(detail)}`, status);
  return new LlmError('server', detail || 'The provider failed without saying why.');
}

/** The provider's words after the advice, when they add something. */
const said = (detail: string) => (detail ? ` It said: “${detail}”` : '');

/**
 * The provider's own words as one short sentence. A server that is not the API (a proxy, a wrong
 * base URL) answers with an HTML page: only its title is kept, never the markup.
 */
export function plainDetail(message: string): string {
  let text = jsonMessage(message) ?? message;
  if (/<(?:!doctype|html|head|body|title|h1|p|div)\b/i.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text)?.[1] ?? '';
    text = title.replace(/<[^>]*>/g, ' ');
  }
  text = text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, c: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[c] ?? ' ');
  text = text.replace(/^\d{3}\s+(?=\S)/, '').replace(/\s+/g, ' ').trim();
  const sentence = /^.{1,200}?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}…` : sentence;
}

/** A body that is the API's own JSON error (`{"error":{"message":"overloaded"}}`): its message alone, never the JSON. */
function jsonMessage(text: string): string | undefined {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as { message?: unknown; error?: unknown };
    const inner = typeof v.error === 'object' && v.error ? (v.error as { message?: unknown }).message : v.error;
    const said = typeof inner === 'string' ? inner : typeof v.message === 'string' ? v.message : undefined;
    return said?.trim() || undefined;
  } catch {
    return undefined;
  }
}
