import { describe, expect, it } from 'vitest';
import { stepText } from '../../../src/sidepanel/features/record/step-text';
import type { DemoStep } from '../../../src/shared/demonstration';

const base = { at: 1, url: 'http://x/', title: 'X', page: '' };
const target = (name: string, role = 'textbox') => ({ tag: 'input', role, name, css: '#a', xpath: '', frames: [], shadow: [] });

describe('how the Record bar lists a step', () => {
  it('says what was done to which element', () => {
    expect(stepText({ ...base, action: { kind: 'type', id: 1, value: 'Boston', secret: false }, target: target('From') })).toBe('Type “Boston” into “From”');
    expect(stepText({ ...base, action: { kind: 'click', id: 2 }, target: target('Search flights', 'button') })).toBe('Click “Search flights”');
    expect(stepText({ ...base, action: { kind: 'select', id: 3, values: ['Economy'] }, target: target('Cabin', 'combobox') })).toBe('Choose “Economy” in “Cabin”');
    expect(stepText({ ...base, action: { kind: 'check', id: 4, checked: false }, target: target('Flexible', 'checkbox') })).toBe('Uncheck “Flexible”');
    expect(stepText({ ...base, action: { kind: 'press', keys: 'Enter' } })).toBe('Press Enter');
    expect(stepText({ ...base, action: { kind: 'navigate', url: 'http://x/results?q=1' } })).toBe('Go to /results?q=1');
    // a step in a tab an earlier step opened says which
    expect(stepText({ ...base, action: { kind: 'click', id: 7 }, target: target('Add to wishlist', 'link'), tab: 2 })).toBe('Tab 2: Click “Add to wishlist”');
  });

  it('shows a secret only as the variable it asks for', () => {
    const s: DemoStep = { ...base, action: { kind: 'type', id: 1, value: '', secret: true }, target: target('Password'), variable: 'password' };
    expect(stepText(s)).toBe('Type a secret (password) into “Password”');
  });
});
