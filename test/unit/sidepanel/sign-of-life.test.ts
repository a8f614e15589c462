import { describe, expect, it } from 'vitest';
import { elapsed, slowness, SLOW_AFTER_MS } from '../../../src/sidepanel/features/chat/sign-of-life';

describe('a sign of life while a task runs', () => {
  it('says nothing for 20 s of quiet, then who is slow and for how long', () => {
    expect(slowness(1_000 + SLOW_AFTER_MS - 1, 1_000, 'policy_started')).toBeNull();
    expect(slowness(1_000 + 23_400, 1_000, 'policy_started')).toEqual({ seconds: 23, who: 'model' });
    // after an action, the page is what is working
    expect(slowness(1_000 + 21_000, 1_000, 'action')).toEqual({ seconds: 21, who: 'page' });
  });

  it('writes elapsed time in seconds, then minutes', () => {
    expect(elapsed(12_900)).toBe('12 s');
    expect(elapsed(125_000)).toBe('2 min 5 s');
    expect(elapsed(-5)).toBe('0 s');
  });
});
