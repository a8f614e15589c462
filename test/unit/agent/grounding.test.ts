import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';

describe('grounding repair (send the reason back, at most 3 times)', () => {
  it('a reply that does not parse is sent back with the reason, and the next one is used', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), 'I think we should fill the field.', acts('type 4 "Denver"', 'done'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.success).toBe(true);
    const repairRequest = h.llm.requests[2];
    expect(repairRequest?.messages).toHaveLength(3);
    expect(repairRequest?.messages[1]).toEqual({ role: 'assistant', content: 'I think we should fill the field.' });
    expect(repairRequest?.messages[2]?.content).toContain('could not be used: no action found');
    expect(h.log.events.filter((e) => e.type === 'grounding_repair')).toHaveLength(1);
  });

  it('bad JSON is named as such', async () => {
    const h = harness({ replies: [plan('CLICK "Open calendar"'), '```json\n{"actions": [oops]}\n```', acts('click 8', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.llm.requests[2]?.messages[2]?.content).toContain('the JSON in the answer does not parse');
  });

  it('an element id that is not on the page is refused before anything runs', async () => {
    const h = harness({ replies: [plan('CLICK "Search flights"'), acts('type 4 "Denver"', 'click 99'), acts('click 7', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.llm.requests[2]?.messages[2]?.content).toContain('there is no element with id 99 on the page');
    // The whole reply was rejected, so its valid first action did not run either.
    expect(h.browser.acted).toEqual([{ kind: 'click', id: 7, button: 'left', modifiers: [] }]);
  });

  it('a tool call with a malformed action is sent back with the schema error', async () => {
    const h = harness({
      config: { useTools: true },
      replies: [
        plan('CLICK "Open calendar"'),
        { tool: { name: 'act', args: { thought: '', actions: [{ kind: 'teleport', id: 8 }] } } },
        { tool: { name: 'act', args: { thought: 'ok', actions: [{ kind: 'click', id: 8 }, { kind: 'done' }] } } },
        plan(),
      ],
    });
    expect((await h.agent.start({ chatId: 'c', task: 't' }).done).success).toBe(true);
    expect(h.llm.requests[2]?.messages[2]?.content).toMatch(/action 1 is malformed/);
  });

  it('an action the executor rejects goes back with the executor reason', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), acts('type 7 "Denver"'), acts('type 4 "Denver"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.llm.shown(2)).toContain('`type 7 "Denver"` could not run (not_editable');
    expect(h.browser.value(4)).toBe('Denver');
  });

  it('after 3 repairs the step fails with the last reason', async () => {
    const h = harness({
      config: { maxTrials: 1 },
      replies: [plan('CLICK "Search flights"'), acts('click 99'), acts('click 98'), acts('click 97'), acts('click 96')],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.success).toBe(false);
    expect(outcome.summary).toContain('no element with id 96');
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'policy']);
    expect(h.log.events.filter((e) => e.type === 'grounding_repair').map((e) => (e.type === 'grounding_repair' ? e.attempt : 0))).toEqual([1, 2, 3]);
    expect(h.log.events.find((e) => e.type === 'trial_ended')).toMatchObject({ status: 'exception' });
    expect(h.browser.acted).toEqual([]);
  });
});

describe('staged plan-and-follow', () => {
  it('runs every action of one answer on the current screen', async () => {
    const h = harness({ replies: [plan('ACT "fill the form"'), acts('type 4 "Denver"', 'select 6 "First"', 'check 11', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.browser.value(4)).toBe('Denver');
    expect(h.browser.value(6)).toBe('First');
    expect(h.browser.isChecked(11)).toBe(true);
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'planner']);
  });

  it('stops the batch at a navigation and looks again', async () => {
    const h = harness({ replies: [plan('ACT "search"'), acts('click 7', 'check 10', 'done'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.browser.acted.map((a) => a.kind)).toEqual(['click']);
    expect(h.browser.isChecked(10)).toBe(false);
    expect(h.llm.shown(2)).toContain('Flights from');
  });

  it('stops the batch when the next target disappeared', async () => {
    const h = harness({ replies: [plan('CHOOSE_DATE "Depart" "11/01/2026"'), acts('click 8'), acts('click 61', 'click 62'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.browser.value(5)).toBe('11/01/2026');
    expect(h.browser.acted).not.toContainEqual(expect.objectContaining({ kind: 'click', id: 62 }));
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'planner']);
  });

  it('one-action-per-call mode runs only the first action of each answer', async () => {
    const h = harness({
      config: { oneActionPerCall: true },
      replies: [plan('ACT "fill"'), acts('type 4 "Denver"', 'check 11', 'done'), acts('check 11', 'done'), acts('done'), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(h.browser.acted.map((a) => a.kind)).toEqual(['type', 'check']);
    expect(h.llm.shown(1)).toContain('Give exactly one action');
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'planner']);
  });
});
