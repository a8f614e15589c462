/** A fake page, a scripted model and the replay's ports, shared by the replay engine's tests. */
import type { ActionResult, BrowserAction } from '../../../src/shared/action';
import type { Fingerprint } from '../../../src/shared/fingerprint';
import type { LlmClient, LlmRequest } from '../../../src/shared/llm';
import type { RunEvent } from '../../../src/shared/run-events';
import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow } from '../../../src/shared/workflow';
import { newReplayState, type ReplayState } from '../../../src/workflows/replay/state';
import type { ReplayPage, Resolution } from '../../../src/workflows/replay/ports';

export const fp = (role: string, name: string, extra: Partial<Fingerprint> = {}): Fingerprint => ({ tag: role === 'button' ? 'button' : 'input', role, name, css: '', xpath: '', frames: [], shadow: [], ...extra });

export const workflow: Workflow = {
  format: WORKFLOW_FORMAT,
  version: WORKFLOW_VERSION,
  id: 'wf',
  name: 'Sign in',
  description: '',
  site: 'bank.test',
  startUrl: 'https://bank.test/login',
  variables: [
    { name: 'username', label: 'Username', default: 'mlopez', secret: false },
    { name: 'password', label: 'Password', secret: true },
  ],
  steps: [
    { id: 's1', action: { kind: 'type', value: '{{username}}' }, target: fp('textbox', 'Username', { domId: 'user' }), intent: 'type {{username}} into "Username"', before: { path: '/login', title: '' }, after: { navigates: false } },
    { id: 's2', action: { kind: 'type', value: '{{password}}' }, target: fp('textbox', 'Password', { domId: 'pass' }), intent: 'type {{password}} into "Password"', before: { path: '/login', title: '' }, after: { navigates: false } },
    { id: 's3', action: { kind: 'click' }, target: fp('button', 'Sign in', { domId: 'go' }), intent: 'click the "Sign in" button', before: { path: '/login', title: '' }, after: { navigates: true, path: '/home' } },
  ],
  source: { kind: 'file' },
  createdAt: 0,
  updatedAt: 0,
};

export interface El {
  id: number;
  role: string;
  name: string;
  domId: string;
  secret?: boolean;
  value?: string;
  formAction?: string;
}

/** A page of elements; the resolver matches by domId, then by role+name, like the real one's agreement rule in small. */
export function fakePage(els: El[], opts: { url?: string } = {}) {
  let url = opts.url ?? 'https://bank.test/login?s=1';
  const acted: BrowserAction[] = [];
  const page: ReplayPage = {
    url: async () => url,
    async resolve(f): Promise<Resolution> {
      const byId = els.filter((e) => e.domId === f.domId);
      const byName = els.filter((e) => e.role === f.role && e.name === f.name);
      const hit = byId.length === 1 ? { e: byId[0]!, s: 'domId' as const } : byName.length === 1 ? { e: byName[0]!, s: 'role+name' as const } : undefined;
      if (!hit) return { ok: false, reason: byName.length > 1 ? 'ambiguous' : 'not_found', message: byName.length > 1 ? 'two elements match' : 'nothing matches' };
      return { ok: true, id: hit.e.id, strategy: hit.s, tag: hit.e.role === 'button' ? 'button' : 'input', role: hit.e.role, name: hit.e.name, secret: !!hit.e.secret, line: `<${hit.e.role} id=${hit.e.id}>${hit.e.name}` };
    },
    async act(a): Promise<ActionResult> {
      acted.push(a);
      if (a.kind === 'type') els.find((e) => e.id === a.id)!.value = a.text;
      if (a.kind === 'click' && els.find((e) => e.id === a.id)?.role === 'button') url = 'https://bank.test/home?s=1';
      return { ok: true, change: { kind: 'dom', url, added: 0, removed: 0, summary: '' }, elapsedMs: 1 };
    },
    snapshot: async () => ({ url, title: '', text: els.map((e) => `<${e.role} id=${e.id}>${e.name}`).join('\n'), tokens: 10, elementCount: els.length, truncated: false, seq: 1, takenAt: 0 }),
    async describe(id) {
      const e = els.find((x) => x.id === id);
      return e ? { id, tag: e.role === 'button' ? 'button' : 'input', role: e.role, name: e.name, secret: !!e.secret, formAction: e.formAction, line: `<${e.role} id=${id}>${e.name}` } : null;
    },
    async fieldState(id) {
      const e = els.find((x) => x.id === id)!;
      return e.secret ? { checked: null, filled: !!e.value } : { value: e.value ?? '', checked: null, filled: !!e.value };
    },
    fingerprint: async (id) => {
      const e = els.find((x) => x.id === id)!;
      return fp(e.role, e.name, { domId: e.domId });
    },
  };
  return { page, acted };
}

export function scriptedLlm(answers: string[]): LlmClient & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    requests,
    async complete(req) {
      requests.push(req);
      return { text: answers.shift() ?? 'Actions:\nask "?"', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, model: 'm', stopReason: 'end' };
    },
  };
}

export function harness(page: ReplayPage, llm?: LlmClient, control: () => 'run' | 'pause' | 'stop' = () => 'run') {
  const events: RunEvent[] = [];
  const saved: ReplayState[] = [];
  const workflows: Workflow[] = [];
  let t = 0;
  const ports = {
    page,
    llm,
    saveWorkflow: async (w: Workflow) => void workflows.push(w),
    saveState: async (s: ReplayState) => void saved.push(structuredClone(s)),
    secrets: () => ({ password: 'Tulip-1234' }),
    control,
    emit: (e: RunEvent) => void events.push(e),
    now: () => t,
    sleep: async (ms: number) => void (t += ms),
  };
  const start = newReplayState({ replayId: 'r1', workflowId: 'wf', name: 'Sign in', tabId: 1, chatId: 'c', values: { username: 'kenji_t' }, secretNames: ['password'], now: 0 });
  return { ports, events, saved, workflows, start };
}

export const canonical = (): El[] => [
  { id: 1, role: 'textbox', name: 'Username', domId: 'user' },
  { id: 2, role: 'textbox', name: 'Password', domId: 'pass', secret: true },
  { id: 3, role: 'button', name: 'Sign in', domId: 'go' },
];

