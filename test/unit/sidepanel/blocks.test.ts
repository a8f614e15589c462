import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/storage/db';
import { buildBlocks, type Entry } from '../../../src/sidepanel/features/chat/timeline/blocks';

let id = 0;
const ev = (e: Record<string, unknown>): Entry => {
  const event = { runId: 'r1', chatId: 'c', seq: ++id, time: id, id, ...e } as unknown as EventRecord;
  return { at: id, key: `e${id}`, event };
};
const call = { policy: 'FILL_TEXT', target: 'From', value: 'Boston' };

describe('the timeline grouped per plan step', () => {
  it('folds a step into one block, keeps model text and page changes in its details, and ends on one line', () => {
    const entries = [
      ev({ type: 'run_started', chatId: 'c', task: 't', resumed: false, trial: 0 }),
      ev({ type: 'plan', trial: 0, planNo: 0, reasoning: 'Fill the form.', steps: [call] }),
      ev({ type: 'thought', source: 'planner', text: 'Fill the form.' }),
      ev({ type: 'policy_started', planIndex: 0, call }),
      ev({ type: 'thought', source: 'policy', text: 'The From field is id 10.' }),
      ev({ type: 'action', step: 0, action: { kind: 'type', id: 10, text: 'Boston', mode: 'replace' }, line: '<input id=10 label="From">', replayed: false, forced: false }),
      ev({ type: 'observation', step: 0, ok: true, change: { kind: 'dom', url: 'u', added: 2, removed: 0, summary: '2 elements added' }, summary: '2 elements added' }),
      ev({ type: 'usage', role: 'policy', model: 'm', inputTokens: 10, outputTokens: 2, costUsd: null, total: { calls: 2, inputTokens: 20, outputTokens: 4, costUsd: null } }),
      ev({ type: 'policy_finished', planIndex: 0, call, status: 'done', summary: 'Typed Boston.' }),
      ev({ type: 'plan', trial: 0, planNo: 1, reasoning: 'The booking is confirmed.', steps: [] }),
      ev({ type: 'thought', source: 'planner', text: 'The booking is confirmed.' }),
      ev({ type: 'done', success: true, summary: 'The booking is confirmed.' }),
    ];
    const blocks = buildBlocks(entries);
    expect(blocks.map((b) => (b.kind === 'message' ? 'message' : `${b.kind}:${b.kind === 'step' ? b.start.type : b.event.type}`))).toEqual(['line:plan', 'step:policy_started', 'line:done']);
    const step = blocks[1]!;
    if (step.kind !== 'step') throw new Error('not a step');
    expect(step.events.map((e) => e.type)).toEqual(['thought', 'action', 'observation', 'usage']);
    expect(step.raw.map((e) => e.type)).toEqual(['thought', 'action', 'observation', 'usage', 'policy_finished', 'plan', 'thought']);
    const plan = blocks[0]!;
    if (plan.kind !== 'line') throw new Error('not a line');
    // "Started" and the plan's own words are details of the plan line
    expect(plan.raw.map((e) => e.type)).toEqual(['run_started', 'plan', 'thought']);
    // the closing sentence is shown once: the done line; the empty plan's reasoning is a detail
    const end = blocks[2]!;
    expect(end.kind === 'line' && end.raw).toEqual([]);
  });

  it('shows an event kind it does not know as a line of its own, not hidden in details', () => {
    const blocks = buildBlocks([ev({ type: 'table', rows: [] })]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.kind === 'line' && blocks[0]!.raw).toEqual([]);
  });
});
