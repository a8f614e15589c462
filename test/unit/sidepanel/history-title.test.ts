import { describe, expect, it } from 'vitest';
import { titleInWords } from '../../../src/sidepanel/features/chat/history-summary';

describe('a chat title in the list of earlier chats', () => {
  it('is cut at the last whole word when the stored title was cut at 80 characters', () => {
    const stored = 'Find me the cheapest flight from Boston to Denver on the 12th of next month, leaving in the morning'.slice(0, 80);
    expect(titleInWords(stored)).toBe('Find me the cheapest flight from Boston to Denver on the 12th of next month…');
    expect(titleInWords('Order a pizza')).toBe('Order a pizza');
    // one long word: nothing better than the cut
    expect(titleInWords('x'.repeat(80))).toBe(`${'x'.repeat(80)}…`);
  });
});
