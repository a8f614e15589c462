import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import { applyCorrection, disabledAt, emptyMemory, forcedAt, hiddenIdsAt } from '../../../src/agent/reflection/memory';
import { observeState, stateKey } from '../../../src/agent/reflection/status';
import { newTrial } from '../../../src/agent/run-state';

const click = (id: number): AgentAction => ({ kind: 'click', id, button: 'left', modifiers: [] });
const type = (id: number, text: string): AgentAction => ({ kind: 'type', id, text, mode: 'replace' });

describe('structured reflection memory (Algorithm 1)', () => {
  it('forces the correction at its step and disables the wrong action there', () => {
    const m = applyCorrection(emptyMemory(), 2, click(30), click(31), 'cheaper one');
    expect(forcedAt(m, 2)).toEqual(click(31));
    expect(forcedAt(m, 1)).toBeUndefined();
    expect(disabledAt(m, 2)).toEqual([click(30)]);
    expect(hiddenIdsAt(m, 2)).toEqual([30]);
    expect(hiddenIdsAt(m, 3)).toEqual([]);
  });

  it('wrong actions accumulate per step; a correction already found wrong is not forced, the model chooses with them hidden', () => {
    let m = applyCorrection(emptyMemory(), 0, click(9), click(30), 'a');
    m = applyCorrection(m, 0, click(30), click(31), 'b');
    expect(disabledAt(m, 0)).toEqual([click(9), click(30)]);
    expect(forcedAt(m, 0)).toEqual(click(31));
    // Bouncing back to an action that already failed at this step:
    m = applyCorrection(m, 0, click(31), click(9), 'c');
    expect(hiddenIdsAt(m, 0)).toEqual([9, 30, 31]);
    expect(forcedAt(m, 0)).toBeUndefined();
  });

  it('a stored correction that led to another failure at its step is disabled too', () => {
    let m = applyCorrection(emptyMemory(), 2, click(30), click(31), 'a');
    // the replay did not reach step 2 as planned, so the action there was something else
    m = applyCorrection(m, 2, click(32), click(33), 'b');
    expect(disabledAt(m, 2).map((a) => ('id' in a ? a.id : -1))).toEqual([30, 32, 31]);
  });

  it('clears every later entry when an earlier step is corrected', () => {
    let m = applyCorrection(emptyMemory(), 3, click(7), click(8), 'late');
    m = applyCorrection(m, 5, click(1), click(2), 'later');
    m = applyCorrection(m, 1, type(4, 'Denvr'), type(4, 'Denver'), 'typo');
    expect(Object.keys(m.corrections)).toEqual(['1']);
    expect(Object.keys(m.disabled)).toEqual(['1']);
    expect(hiddenIdsAt(m, 1)).toEqual([]); // typing is not hidden from the page, only forced
    expect(forcedAt(m, 1)).toEqual(type(4, 'Denver'));
  });

  it('keeps earlier entries when a later step is corrected', () => {
    let m = applyCorrection(emptyMemory(), 1, click(7), click(8), 'x');
    m = applyCorrection(m, 4, click(1), click(2), 'y');
    expect(Object.keys(m.corrections).sort()).toEqual(['1', '4']);
  });

  it('memory survives JSON (it lives in the stored run)', () => {
    const m = applyCorrection(emptyMemory(), 2, click(30), click(31), 'x');
    const back = JSON.parse(JSON.stringify(m)) as typeof m;
    expect(forcedAt(back, 2)).toEqual(click(31));
  });
});

describe('page state verdicts', () => {
  it('counts no change only when actions ran between looks, and spots a return to an earlier state', () => {
    const t = newTrial(0);
    const a = stateKey('u', 'A');
    const b = stateKey('u', 'B');
    expect(observeState(t, a, 2).kind).toBe('ok');
    expect(observeState(t, a, 2).kind).toBe('ok'); // nothing ran: not "no change"
    t.steps.push({} as never);
    expect(observeState(t, a, 2).kind).toBe('ok'); // first round without change
    t.steps.push({} as never);
    expect(observeState(t, a, 2)).toMatchObject({ kind: 'no_change' });
    const t2 = newTrial(0);
    observeState(t2, a, 2);
    t2.steps.push({} as never);
    observeState(t2, b, 2);
    t2.steps.push({} as never);
    expect(observeState(t2, a, 2)).toMatchObject({ kind: 'cycle' });
  });
});
