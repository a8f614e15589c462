import { describe, expect, it } from 'vitest';
import { parseShown } from '../../../src/sidepanel/features/chat/events/use-shown-columns';

describe('the columns a person chose to see', () => {
  it('shows every column until a choice is made', () => {
    expect(parseShown(null, 3)).toEqual([true, true, true]);
  });
  it('keeps a choice that fits the table', () => {
    expect(parseShown('[true,false,true]', 3)).toEqual([true, false, true]);
  });
  it('shows every column for a choice that no longer fits, hides all, or cannot be read', () => {
    expect(parseShown('[true,false]', 3)).toEqual([true, true, true]);
    expect(parseShown('[false,false,false]', 3)).toEqual([true, true, true]);
    expect(parseShown('{not json', 3)).toEqual([true, true, true]);
    expect(parseShown('["yes",true,true]', 3)).toEqual([true, true, true]);
  });
});
