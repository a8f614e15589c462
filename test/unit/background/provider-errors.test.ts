import { describe, expect, it } from 'vitest';
import { classifyProviderError, plainDetail } from '../../../src/background/providers/errors';

const sdkError = (status: number, message: string) => Object.assign(new Error(message), { status, name: 'APIError' });
const HTML_404 = `404 <!DOCTYPE html><html><head><title>404 Not Found</title><style>body{font:13px}</style></head><body><h1>Not Found</h1><p>The requested URL /v1/chat/completions was not found on this server.</p><hr><address>Apache/2.4.41 Server at llm.local Port 80</address></body></html>`;

describe('provider errors in one sentence', () => {
  it('never shows the markup of an HTML error page: a 404 says what to check', () => {
    const e = classifyProviderError(sdkError(404, HTML_404), 'OpenAI API key', 'http://llm.local/v1');
    expect(e.message).toBe('Not found (HTTP 404): check the model name and the base URL. It said: “Not Found”');
    expect(e.message).not.toMatch(/<|DOCTYPE|Apache|font/);
  });

  it('maps status codes to advice', () => {
    expect(classifyProviderError(sdkError(401, 'invalid x-api-key'), 'Anthropic API key', '').message).toMatch(/^The provider refused the Anthropic API key \(HTTP 401\)\. Check the key\.$/);
    expect(classifyProviderError(sdkError(429, 'Too many requests. Slow down. Details follow'), 'k', '').message).toBe('The provider is limiting requests (HTTP 429): wait a minute, then resume. It said: “Too many requests.”');
    expect(classifyProviderError(sdkError(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>'), 'k', '').message).toBe(
      'The provider had an error (HTTP 502): try again in a moment. It said: “Bad Gateway”',
    );
    expect(classifyProviderError(sdkError(418, ''), 'k', '').message).toBe('The provider answered HTTP 418.');
    // the wait the provider asked for, when it said one
    const limited = Object.assign(sdkError(429, 'Rate limit exceeded'), { headers: new Headers({ 'retry-after': '20' }) });
    expect(classifyProviderError(limited, 'k', '').message).toBe('The provider is limiting requests (HTTP 429): wait 20 seconds, then resume. It said: “Rate limit exceeded”');
    // a parser's words are not shown
    expect(classifyProviderError(new SyntaxError("Expected property name or '}' in JSON at position 1 (line 1 column 2)"), 'k', '').message).toBe('The provider sent a malformed answer, one that could not be read: try again in a moment.');
  });

  it("says the API's own JSON error by its message, never as JSON", () => {
    expect(classifyProviderError(sdkError(503, '503 {"type":"error","error":{"type":"api_error","message":"overloaded"}}'), 'k', '').message).toBe(
      'The provider had an error (HTTP 503): try again in a moment. It said: “overloaded”',
    );
    expect(plainDetail('{"error":"model is loading"}')).toBe('model is loading');
    expect(plainDetail('{"message":"Rate limit reached for gpt-4.1. Try later."}')).toBe('Rate limit reached for gpt-4.1.');
  });

  it('keeps the first sentence of a long message', () => {
    expect(plainDetail('The model `gpt-x` does not exist. You can list models at /v1/models. More text here.')).toBe('The model `gpt-x` does not exist.');
    expect(plainDetail('x'.repeat(400))).toHaveLength(198);
  });
});

describe('advice names only what the person can change', () => {
  it('an unreachable provider at its own address is not told to check a base URL it has no field for', () => {
    const offline = Object.assign(new Error('fetch failed'), { name: 'APIConnectionError' });
    expect(classifyProviderError(offline, 'Anthropic API key', '').message).toBe('Could not reach the provider: check your connection.');
    expect(classifyProviderError(offline, 'OpenAI API key', 'http://localhost:11434/v1').message).toBe('Could not reach http://localhost:11434/v1: check the base URL and your connection.');
    expect(classifyProviderError(sdkError(404, 'model not found'), 'Anthropic API key', '').message).toMatch(/^Not found \(HTTP 404\): check the model name\./);
  });
});
