import { describe, expect, it } from 'vitest';
import type { LlmClient, LlmRequest } from '../../../src/shared/llm';
import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow } from '../../../src/shared/workflow';
import { matchWorkflowRequest } from '../../../src/workflows/chat/match';
import { valuesFromRequest } from '../../../src/workflows/chat/values';

const candidates = [
  { id: 'login', name: 'Log in to Harbor Bank', description: '', site: 'bank.test' },
  { id: 'flights', name: 'Flight search', description: 'one-way search from Boston', site: 'air.test' },
  { id: 'country', name: 'Update my address country', description: '', site: 'shop.test' },
  { id: 'country2', name: 'Update my billing country', description: '', site: 'shop.test' },
];

describe('matching a chat request to a saved workflow', () => {
  it('needs a word asking for a repeat and words of the name, on the same site', () => {
    expect(matchWorkflowRequest('do the login again with user bob', 'bank.test', candidates)?.id).toBe('login');
    expect(matchWorkflowRequest('run my flight search to Denver on the 14th', 'air.test', candidates)?.id).toBe('flights');
    expect(matchWorkflowRequest('search flights to Denver', 'air.test', candidates)).toBeNull(); // a new task, not a repeat
    expect(matchWorkflowRequest('run my flight search to Denver', 'bank.test', candidates)).toBeNull(); // other site
    expect(matchWorkflowRequest('do it again', 'bank.test', candidates)).toBeNull(); // names nothing
  });

  it('gives up when two workflows match equally well, and prefers the one that shares more words', () => {
    expect(matchWorkflowRequest('update my country again', 'shop.test', candidates)).toBeNull();
    expect(matchWorkflowRequest('update my address country again to Spain', 'shop.test', candidates)?.id).toBe('country');
  });
});

const wf: Workflow = {
  format: WORKFLOW_FORMAT,
  version: WORKFLOW_VERSION,
  id: 'wf',
  name: 'Log in to Harbor Bank',
  description: '',
  site: 'bank.test',
  startUrl: 'https://bank.test/login',
  variables: [
    { name: 'username', label: 'Username', default: 'mlopez', secret: false },
    { name: 'branch', label: 'Branch', default: 'North', secret: false },
    { name: 'password', label: 'Password', secret: true },
  ],
  steps: [{ id: 's1', action: { kind: 'type', value: '{{username}}' }, intent: 'type {{username}}', after: { navigates: false } }],
  source: { kind: 'file' },
  createdAt: 0,
  updatedAt: 0,
};

function llmAnswering(text: string): LlmClient & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    requests,
    async complete(req) {
      requests.push(req);
      return { text, toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, model: 'm', stopReason: 'end' };
    },
  };
}

describe('values from a chat request', () => {
  it('fills what the request sets, keeps recorded values for the rest, and reports secrets as missing without showing them to the model', async () => {
    const llm = llmAnswering('Here you go:\n```json\n{"values": {"username": "bob"}}\n```');
    const r = await valuesFromRequest(llm, wf, 'do the login again with user bob');
    expect(r).toEqual({ ok: true, values: { username: 'bob', branch: 'North' }, missingSecrets: ['password'] });
    expect(llm.requests).toHaveLength(1);
    const prompt = llm.requests[0]!.system + llm.requests[0]!.messages.map((m) => m.content).join('');
    expect(prompt).toContain('username: Username, recorded "mlopez"');
    expect(prompt).not.toContain('password');
  });

  it('refuses an answer that is not the JSON asked for, or that names a variable the workflow does not have', async () => {
    expect(await valuesFromRequest(llmAnswering('username is bob'), wf, 'x')).toMatchObject({ ok: false, message: expect.stringContaining('expected form') });
    expect(await valuesFromRequest(llmAnswering('{"values": {"password": "hunter2"}}'), wf, 'x')).toMatchObject({ ok: false, message: expect.stringContaining('password') });
    expect(await valuesFromRequest(llmAnswering('{"values": {"username": 7}}'), wf, 'x')).toMatchObject({ ok: false });
  });
});
