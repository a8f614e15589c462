import { describe, expect, it } from 'vitest';
import { titleInWords, valuesInWords } from '../../../src/sidepanel/features/chat/history-summary';

describe('a chat title in the list of earlier chats', () => {
  it('is cut at the last whole word when the stored title was cut at 80 characters', () => {
    const stored = 'Find me the cheapest flight from Boston to Denver on the 12th of next month, leaving in the morning'.slice(0, 80);
    expect(titleInWords(stored)).toBe('Find me the cheapest flight from Boston to Denver on the 12th of next month…');
    expect(titleInWords('Order a pizza')).toBe('Order a pizza');
    // one long word: nothing better than the cut
    expect(titleInWords('x'.repeat(80))).toBe(`${'x'.repeat(80)}…`);
  });
});

describe('a replay in the list of earlier chats', () => {
  it('says the values it ran with, by their labels, never a secret one, so two runs of a workflow differ', () => {
    const variables = [{ name: 'username', label: 'Username' }, { name: 'password', label: 'Password', secret: true }, { name: 'note' }];
    expect(valuesInWords({ username: 'mlopez', password: 'hunter2', note: '' }, variables)).toBe('Username “mlopez”');
    expect(valuesInWords({ username: 'ann', note: 'second try' }, variables)).toBe('Username “ann”, note “second try”');
    expect(valuesInWords({}, variables)).toBe('');
    expect(valuesInWords(undefined, variables)).toBe('');
    expect(valuesInWords({ username: 'x'.repeat(40), note: 'y'.repeat(40), other: 'z'.repeat(40) }, variables)).toHaveLength(80);
  });
});
