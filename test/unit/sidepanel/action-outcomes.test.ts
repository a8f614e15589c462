import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/storage/db';
import { actionOutcomes } from '../../../src/sidepanel/features/chat/action-outcomes';

let id = 0;
const ev = (runId: string, e: Record<string, unknown>): EventRecord => ({ runId, chatId: 'c', seq: ++id, time: id, id, ...e }) as unknown as EventRecord;
const typed = (runId: string, step: number) => ev(runId, { type: 'action', step, action: { kind: 'type', id: 4, text: '«CVC»', mode: 'replace' }, line: '<input id=4 label="CVV" value=(empty)>', replayed: false, forced: false });

describe('what became of each action line (the timeline says "Typed" only once the page confirms it)', () => {
  it('done on its ok observation, failed on a failed one, by the person on a hand-off, and nothing while it runs', () => {
    const a = typed('r1', 0);
    const going = actionOutcomes([a]);
    expect(going.get(`e${a.id}`)).toBeUndefined();
    const ok = ev('r1', { type: 'observation', step: 0, ok: true, summary: 'typed' });
    expect(actionOutcomes([a, ok]).get(`e${a.id}`)).toBe('done');

    const b = typed('r1', 1);
    const empty = ev('r1', { type: 'observation', step: 1, ok: false, error: { code: 'not_editable', message: 'the field "CVV" is still empty after typing' }, summary: '' });
    expect(actionOutcomes([a, ok, b, empty]).get(`e${b.id}`)).toBe('failed');

    const c = typed('r1', 2);
    const handoff = ev('r1', { type: 'handoff', phase: 'started', reason: 'I do not have your CVC from this chat' });
    expect(actionOutcomes([c, handoff]).get(`e${c.id}`)).toBe('by_person');
  });

  it('an action cut short (the run\'s next action came with no answer to it) did not happen', () => {
    const a = typed('r1', 4);
    const b = typed('r1', 4);
    const ok = ev('r1', { type: 'observation', step: 4, ok: true, summary: 'typed' });
    const outcomes = actionOutcomes([a, b, ok]);
    expect(outcomes.get(`e${a.id}`)).toBe('failed');
    expect(outcomes.get(`e${b.id}`)).toBe('done');
  });

  it('an observation of another step or another run does not answer for the action', () => {
    const a = typed('r1', 3);
    const other = ev('r2', { type: 'observation', step: 3, ok: true, summary: 'typed' });
    const earlier = ev('r1', { type: 'observation', step: 2, ok: true, summary: 'typed' });
    expect(actionOutcomes([a, other, earlier]).get(`e${a.id}`)).toBeUndefined();
  });
});
