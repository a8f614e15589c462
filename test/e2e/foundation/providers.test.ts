import { beforeEach, describe, expect, it } from 'vitest';
import { useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';

const { llm, panel } = useExtension({ provider: true, panel: true });
beforeEach(() => llm.clear());

async function testConnectionInPanel(): Promise<string> {
  await panel.reload();
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await panel.getByRole('button', { name: 'Test connection' }).click();
  const result = panel.locator('[role=status], [role=alert]');
  await result.waitFor({ timeout: 20_000 });
  return (await result.textContent()) ?? '';
}

describe('model calls through the official SDKs', () => {
  it.each([
    ['anthropic', 'claude-test-model', '/v1/messages'],
    ['openai', 'gpt-test-model', '/v1/chat/completions'],
    ['openai-compatible', 'llama-local', '/v1/chat/completions'],
  ] as const)('%s: the request carries the configured model and key, and the answer reaches the panel', async (provider, model, path) => {
    const key = `key-${provider}-0123456789`;
    await panelSend(panel, 'settings.save', {
      provider,
      models: { planner: model },
      apiKeys: { [provider]: key },
      baseUrls: { [provider]: provider === 'anthropic' ? llm.anthropicBaseUrl : llm.openaiBaseUrl },
    });
    llm.script({ answer: (req) => ({ text: `ready from ${req.model}` }) });
    const shown = await testConnectionInPanel();
    expect(shown).toContain(`ready from ${model}`);
    expect(llm.requests).toHaveLength(1);
    const req = llm.requests[0]!;
    expect(req.path).toBe(path);
    expect(req.model).toBe(model);
    expect(req.apiKey).toBe(key);
    expect(req.stream).toBe(true);
    expect(req.lastUser).toBe('Reply with the word ready.');
    expect(shown).toMatch(new RegExp(`${req.inputTokens} tokens in`));
  });

  it('says which key to check on 401', async () => {
    await panelSend(panel, 'settings.save', { provider: 'anthropic', apiKeys: { anthropic: 'bad-key-000000' }, baseUrls: { anthropic: llm.anthropicBaseUrl } });
    llm.script({ answer: { error: { status: 401, message: 'invalid x-api-key' } } });
    const shown = await testConnectionInPanel();
    expect(shown).toMatch(/refused the Anthropic API key \(HTTP 401\)\. Check the key/);
  });

  it('retries a 429 after retry-after, then succeeds', async () => {
    await panelSend(panel, 'settings.save', { provider: 'openai', apiKeys: { openai: 'sk-0000000000' }, baseUrls: { openai: llm.openaiBaseUrl }, maxRetries: 2 });
    llm.script({ times: 1, answer: { error: { status: 429, headers: { 'retry-after': '1' } } } }, { answer: { text: 'ready after waiting' } });
    const started = Date.now();
    const shown = await testConnectionInPanel();
    expect(shown).toContain('ready after waiting');
    expect(llm.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('stops with a message after repeated 500s', async () => {
    await panelSend(panel, 'settings.save', { provider: 'anthropic', apiKeys: { anthropic: 'sk-0000000000' }, baseUrls: { anthropic: llm.anthropicBaseUrl }, maxRetries: 1 });
    llm.script({ answer: { error: { status: 500, message: 'overloaded', headers: { 'retry-after': '0' } } } });
    const shown = await testConnectionInPanel();
    expect(shown).toMatch(/had an error \(HTTP 500\)/);
    expect(llm.requests).toHaveLength(2);
  });

  it('times out a hung request', async () => {
    await panelSend(panel, 'settings.save', { provider: 'openai', apiKeys: { openai: 'sk-0000000000' }, baseUrls: { openai: llm.openaiBaseUrl }, maxRetries: 0, requestTimeoutMs: 1500 });
    llm.script({ answer: { hang: true } });
    const shown = await testConnectionInPanel();
    expect(shown).toMatch(/did not answer in time/);
  });

  it('reports a malformed answer', async () => {
    await panelSend(panel, 'settings.save', { provider: 'openai', maxRetries: 0, requestTimeoutMs: 10_000 });
    llm.script({ answer: { malformed: true } });
    const shown = await testConnectionInPanel();
    expect(shown).toMatch(/The provider sent a malformed answer/);
    expect(shown).not.toMatch(/answered in/);
  });

  it('says what is missing: no key, unreachable base URL', async () => {
    await panelSend(panel, 'settings.save', { provider: 'anthropic', apiKeys: { anthropic: '' } });
    expect(await testConnectionInPanel()).toMatch(/No Anthropic API key is set/);
    await panelSend(panel, 'settings.save', { provider: 'openai-compatible', baseUrls: { 'openai-compatible': 'http://127.0.0.1:9/v1' }, maxRetries: 0 });
    expect(await testConnectionInPanel()).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
  });
});
