import { describe, expect, it } from 'vitest';
import { demonstrationText, labelRequest, parseLabels } from '../../../src/memory/label';
import { flightDemo } from './demo-fixture';
import { labelWithModel } from '../../../src/background/memory/label-demonstration';
import type { LlmClient } from '../../../src/shared/llm';

const POLICIES = ['FILL_TEXT', 'CHOOSE_DATE', 'SELECT', 'CLICK', 'CHECK', 'SEARCH_AND_OPEN', 'ACT'];

describe('auto-label request', () => {
  it('lists every recorded action in the action grammar with the element line it touched, and no secret', () => {
    const demo = flightDemo();
    const text = demonstrationText(demo);
    const lines = text.split('\n');
    expect(lines).toHaveLength(demo.steps.length);
    expect(lines[0]).toBe('1. type 2 "ada" on <input id=2 label="Username">');
    expect(lines[1]).toMatch(/^2\. ask ".*password.*" on <input id=3 type=password label="Password" value=\(filled\)>$/);
    expect(lines[4]).toBe('5. type 5 "Boston" on <input id=5 label="From" placeholder="City or airport">');
  });

  it('renders the prompt file with the policies, the task and the actions', () => {
    const req = labelRequest(flightDemo(), ['FILL_TEXT "field" "text": type into a field', 'CLICK "name": click it']);
    expect(req.system).toContain('- FILL_TEXT "field" "text": type into a field');
    expect(req.system).toContain('one line per call');
    expect(req.messages[0]?.content).toContain('Task: Search flights from Boston to Denver on 12 July');
    expect(req.messages[0]?.content).toContain('8. click 8 on <button id=8>Search flights</button>');
  });
});

describe('parseLabels', () => {
  const steps = flightDemo().steps;
  const good = [
    'Here are the labels:',
    '1: FILL_TEXT "Username" "ada"',
    '2: FILL_TEXT "Password" ""',
    '3: CLICK "Sign in"',
    '- 4: CHECK "One way"',
    'steps 5: FILL_TEXT "From" "Boston"',
    '6: fill_text("To", "Denver")',
    '7: CHOOSE_DATE "Departure date" "12 July"',
    '8: CLICK "Search flights"',
  ].join('\n');

  it('reads one call per line with the actions it covers', () => {
    const parsed = parseLabels(good, steps, POLICIES);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.labels).toHaveLength(8);
    expect(parsed.labels[5]).toEqual({ call: { policy: 'FILL_TEXT', target: 'To', value: 'Denver' }, steps: [5] });
    expect(parsed.labels[3]?.call).toEqual({ policy: 'CHECK', target: 'One way', value: '' });
  });

  it('reads ranges and lists', () => {
    const parsed = parseLabels('1-3: ACT "sign in"\n4, 5-7: FILL_TEXT "search form" "Boston Denver"\n8: CLICK "Search flights"', steps, POLICIES);
    expect(parsed.ok && parsed.labels.map((l) => l.steps)).toEqual([[0, 1, 2], [3, 4, 5, 6], [7]]);
  });

  it('refuses an unknown policy, actions out of order, a gap and an empty answer', () => {
    expect(parseLabels(good.replace('CLICK "Sign in"', 'LOGIN "Sign in"'), steps, POLICIES)).toEqual({ ok: false, reason: '"3: LOGIN "Sign in"" names no known policy' });
    const back = parseLabels('1-3: ACT "x"\n2: CLICK "y"\n4-8: ACT "z"', steps, POLICIES);
    expect(back.ok).toBe(false);
    expect(!back.ok && back.reason).toContain('out of order');
    const gap = parseLabels('1-3: ACT "x"\n5-8: ACT "z"', steps, POLICIES);
    expect(gap).toEqual({ ok: false, reason: 'action 4 belongs to no call' });
    expect(parseLabels('I cannot help with that.', steps, POLICIES).ok).toBe(false);
    expect(parseLabels('1-9: ACT "all"', steps, POLICIES).ok).toBe(false);
  });

  it('lets a page load that followed an action go unlabelled', () => {
    const withNav = [...steps.slice(0, 3), { ...steps[2]!, action: { kind: 'navigate' as const, url: 'http://x/search' } }, ...steps.slice(3)];
    const parsed = parseLabels('1-3: ACT "sign in"\n5-9: ACT "search"', withNav, POLICIES);
    expect(parsed.ok).toBe(true);
  });
});

describe('labelWithModel', () => {
  const answer = (text: string): LlmClient => ({
    complete: async () => ({ text, toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, model: 'm', stopReason: 'end' }),
  });

  it('returns the parsed labels of a good answer', async () => {
    const r = await labelWithModel(answer('1-3: ACT "sign in"\n4-7: FILL_TEXT "search" "Boston Denver"\n8: CLICK "Search flights"'), flightDemo());
    expect(r.ok && r.labels.map((l) => l.call.policy)).toEqual(['ACT', 'FILL_TEXT', 'CLICK']);
  });

  it('says why there are no labels when the call fails or the answer is unusable, and never throws', async () => {
    const failing: LlmClient = { complete: async () => Promise.reject(new Error('HTTP 500 from the provider')) };
    expect(await labelWithModel(failing, flightDemo())).toEqual({ ok: false, reason: 'HTTP 500 from the provider' });
    expect(await labelWithModel(answer('Sure! Here you go.'), flightDemo())).toMatchObject({ ok: false });
  });
});
