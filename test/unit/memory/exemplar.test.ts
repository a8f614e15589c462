import { describe, expect, it } from 'vitest';
import { toExemplar, screens } from '../../../src/memory/to-exemplar';
import { abstractPage } from '../../../src/memory/abstract';
import { derivedLabels } from '../../../src/memory/actions';
import { tokensOf } from '../../../src/core/tokens';
import { parseActionLine } from '../../../src/core/actions/grammar';
import { AgentAction } from '../../../src/shared/action';
import { policyExamples, plannerExamples } from '../../../src/agent/exemplars';
import { flightDemo } from './demo-fixture';

describe('state abstraction', () => {
  const page = flightDemo().steps[4]!.page;
  it('keeps the touched element, its neighbours and the heading above, drops viewport noise', () => {
    const out = abstractPage(page, [5], 1);
    expect(out.split('\n')).toEqual(['# Search flights', '…', '<input id=4 type=radio label="Return" checked>', '<input id=5 label="From" placeholder="City or airport">', '<input id=6 label="To" placeholder="City or airport">']);
    expect(abstractPage(page, [8], 3)).not.toMatch(/below viewport|more links/);
  });
});

describe('demonstration -> exemplar', () => {
  it('groups steps by screen: a new address starts a new observation', () => {
    expect(screens(flightDemo().steps)).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6, 7],
    ]);
  });

  it('writes every action in the agent grammar, which parses back to a valid action', () => {
    const ex = toExemplar(flightDemo(), { score: 0.8, why: 'same site' });
    const lines = ex.trajectory.flatMap((s) => s.actions);
    expect(lines).toContain('type 5 "Boston"');
    expect(lines).toContain('check 3');
    expect(lines).toContain('click 8');
    for (const line of lines) {
      const parsed = parseActionLine(line);
      expect(parsed && 'action' in parsed && AgentAction.safeParse(parsed.action).success, line).toBe(true);
    }
  });

  it('keeps secrets as questions to the person: no value, the variable named', () => {
    const ex = toExemplar(flightDemo(), { score: 0.8, why: '' });
    const all = JSON.stringify(ex);
    expect(all).toContain('the password (the person types it)');
    expect(ex.trajectory[0]!.actions[1]).toMatch(/^ask "Please type the password/);
    expect(ex.planner.find((c) => c.target === 'Password')?.value).toBe('(the password (the person types it))');
  });

  it('derives planner calls from the steps when there are no labels', () => {
    const ex = toExemplar(flightDemo(), { score: 0.5, why: '' });
    expect(ex.planner).toEqual([
      { policy: 'FILL_TEXT', target: 'Username', value: 'ada' },
      { policy: 'FILL_TEXT', target: 'Password', value: '(the password (the person types it))' },
      { policy: 'CLICK', target: 'Sign in', value: '' },
      { policy: 'CHECK', target: 'One way', value: '' },
      { policy: 'FILL_TEXT', target: 'From', value: 'Boston' },
      { policy: 'FILL_TEXT', target: 'To', value: 'Denver' },
      { policy: 'CHOOSE_DATE', target: 'Departure date', value: '2027-07-12' },
      { policy: 'CLICK', target: 'Search flights', value: '' },
    ]);
    expect(derivedLabels(flightDemo().steps).map((l) => l.steps)).toEqual([[0], [1], [2], [3], [4], [5], [6], [7]]);
  });

  it('uses the stored labels for the planner and cuts one policy example per labelled call', () => {
    const demo = flightDemo({
      labels: [
        { call: { policy: 'FILL_TEXT', target: 'Username', value: 'ada' }, steps: [0] },
        { call: { policy: 'CLICK', target: 'Sign in', value: '' }, steps: [2] },
        { call: { policy: 'FILL_TEXT', target: 'From', value: 'Boston' }, steps: [4] },
        { call: { policy: 'FILL_TEXT', target: 'To', value: 'Denver' }, steps: [5] },
        { call: { policy: 'CLICK', target: 'Search flights', value: '' }, steps: [7] },
      ],
    });
    const ex = toExemplar(demo, { score: 0.9, why: 'same site' });
    expect(ex.planner.map((c) => `${c.policy} ${c.target}`)).toEqual(['FILL_TEXT Username', 'CLICK Sign in', 'FILL_TEXT From', 'FILL_TEXT To', 'CLICK Search flights']);
    const from = ex.policyExamples!.find((p) => p.call.target === 'From')!;
    expect(from.actions).toEqual(['type 5 "Boston"', 'done']);
    expect(from.observation).toContain('<input id=5 label="From"');
    // the agent renders them into a FILL_TEXT prompt and a planner prompt
    expect(policyExamples([ex], 'FILL_TEXT', 1500)).toContain('type 5 "Boston"');
    expect(plannerExamples([ex], 1500)).toContain('CLICK "Search flights"');
  });

  it('shrinks observations until the trajectory fits its budget, and never exceeds it', () => {
    const big = flightDemo();
    const filler = Array.from({ length: 300 }, (_, i) => `<a id=${100 + i}>Link number ${i} with some words</a>`).join('\n');
    for (const s of big.steps) s.page = `${filler}\n${s.page}\n${filler}`;
    const roomy = toExemplar(big, { score: 1, why: '', budget: 2000 });
    const tight = toExemplar(big, { score: 1, why: '', budget: 150 });
    const cost = (e: typeof roomy) => e.trajectory.reduce((n, s) => n + tokensOf(s.observation) + tokensOf(s.actions.join('\n')), 0);
    expect(cost(roomy)).toBeLessThanOrEqual(2000);
    expect(cost(tight)).toBeLessThanOrEqual(150);
    expect(cost(tight)).toBeLessThan(cost(roomy));
    // and the block the agent packs from it fits the same budget plus its heading
    const block = policyExamples([{ ...roomy, policyExamples: [] }], 'CLICK', 2000 + 60);
    expect(block).toContain('Demonstrated task');
    expect(roomy.trajectory[1]!.observation).toContain('<input id=5 label="From"');
  });
});
