import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FLIGHT_SEARCH, HOME, RESULTS } from './support/flight-site';

describe('planner and policies', () => {
  it('plans policy calls and runs each policy until done, then ends on an empty plan', async () => {
    const h = harness({ replies: FLIGHT_SEARCH.replies() });
    const outcome = await h.agent.start({ chatId: 'c1', task: FLIGHT_SEARCH.task }).done;

    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(h.browser.currentUrl).toBe(RESULTS);
    expect(h.browser.value(3, HOME)).toBe('Boston, MA (BOS)');
    expect(h.browser.value(4, HOME)).toBe('Denver');
    expect(h.browser.value(6, HOME)).toBe('Economy');
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'policy', 'policy', 'planner']);
    expect(h.llm.remaining).toBe(0);

    // The planner saw the request and the page, fenced as untrusted data.
    const first = h.llm.shown(0);
    expect(first).toContain('Search flights from Boston to Denver in economy');
    expect(first).toMatch(/<page>\n[\s\S]*<input id=3 label="From">[\s\S]*<\/page>/);
    expect(first).toContain('FILL_TEXT "field" "text"');
    // The second FILL_TEXT turn saw the suggestion that typing made appear, and its own previous action.
    expect(h.llm.shown(2)).toContain('<option id=21>Boston, MA (BOS)</option>');
    expect(h.llm.shown(2)).toContain('type 3 "Boston"');
    expect(h.llm.shown(2)).toContain('Your instruction: FILL_TEXT "From" "Boston"');
    // The closing planner call knew what had been done.
    expect(h.llm.shown(6)).toContain('select 6 "Economy"');

    const types = h.log.types();
    expect(types[0]).toBe('run_started');
    expect(types.filter((t) => t === 'policy_started')).toHaveLength(4);
    expect(types.at(-1)).toBe('done');
    const seqs = h.log.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const action = h.log.events.find((e) => e.type === 'action');
    expect(action).toMatchObject({ step: 0, line: '<input id=3 label="From">' });
  });

  it('runs the plan from tool calls when the model supports tools', async () => {
    const h = harness({
      config: { useTools: true },
      replies: [
        { tool: { name: 'plan', args: { reasoning: 'Type the origin.', steps: [{ policy: 'fill text', target: 'To', value: 'Denver' }] } } },
        { tool: { name: 'act', args: { thought: 'To is id 4.', actions: [{ kind: 'type', id: '4', text: 'Denver' }, { kind: 'done' }] } } },
        { tool: { name: 'plan', args: { reasoning: 'Done.', steps: [] } } },
      ],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 'Put Denver as destination' }).done;
    expect(outcome.success).toBe(true);
    expect(h.browser.value(4)).toBe('Denver');
    expect(h.llm.requests[0]?.tools?.[0]?.name).toBe('plan');
    expect(h.llm.requests[0]?.toolChoice).toBe('plan');
    expect(h.llm.requests[1]?.tools?.[0]?.name).toBe('act');
    const planEvent = h.log.events.find((e) => e.type === 'plan');
    expect(planEvent).toMatchObject({ steps: [{ policy: 'FILL_TEXT', target: 'To', value: 'Denver' }] });
  });

  it('re-plans when a navigation takes the page somewhere the plan did not expect', async () => {
    const h = harness({
      replies: [
        plan('CLICK "Search flights"', 'FILL_TEXT "Promo" "SAVE"'),
        acts('click 7', 'done'),
        // The results page has no Promo field: the planner is asked again rather than the policy.
        plan(),
      ],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 'search' }).done;
    expect(outcome.success).toBe(true);
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'planner']);
    expect(h.llm.shown(2)).toContain(RESULTS);
  });

  it('continues a chat: earlier turns reach the planner and sites named there are allowed', async () => {
    const h = harness({ replies: [plan()] });
    await h.agent.start({
      chatId: 'c',
      task: 'and make it business class',
      history: [
        { role: 'user', content: 'Find flights Boston to Denver, compare with kayak.com' },
        { role: 'assistant', content: 'Found 2 flights.' },
      ],
    }).done;
    expect(h.llm.shown(0)).toContain('Person: Find flights Boston to Denver');
    expect(h.llm.shown(0)).toContain('Current task: and make it business class');
    const stored = [...h.store.runs.values()].map((j) => JSON.parse(j) as { allowedHosts: string[] })[0];
    expect(stored?.allowedHosts).toEqual(['flights.example', 'kayak.com']);
  });
});
