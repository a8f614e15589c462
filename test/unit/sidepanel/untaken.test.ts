import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/storage/db';
import { untakenActions } from '../../../src/sidepanel/features/chat/untaken';

let id = 0;
const action = (step: number, text: string): EventRecord => ({ id: ++id, chatId: 'c', runId: 'r', seq: id, time: id, type: 'action', step, action: { kind: 'type', id: 3, text }, line: '<input id=3 label="Member number">' }) as unknown as EventRecord;
const seen = (step: number, ok: boolean): EventRecord => ({ id: ++id, chatId: 'c', runId: 'r', seq: id, time: id, type: 'observation', step, ok, summary: ok ? 'typed' : 'still empty' }) as unknown as EventRecord;

describe('what a run called done did not get done', () => {
  it('names an action whose page said no, once', () => {
    expect(untakenActions([action(1, '88120'), seen(1, false), action(2, '88120'), seen(2, false)], 'r')).toEqual(['Type 88120 into Member number']);
  });
  it('leaves out one done later in the same words, and those of other runs', () => {
    expect(untakenActions([action(1, '88120'), seen(1, false), action(2, '88120'), seen(2, true)], 'r')).toEqual([]);
    expect(untakenActions([action(1, '88120'), seen(1, false)], 'other')).toEqual([]);
  });
});
