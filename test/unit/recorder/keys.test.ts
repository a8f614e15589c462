import { describe, expect, it } from 'vitest';
import { keyThatMatters, type KeyEvent, type KeyTarget } from '../../../src/content/recorder/keys';

const key = (k: string, mods: Partial<KeyEvent> = {}): KeyEvent => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
const textField: KeyTarget = { tag: 'input', role: 'textbox', inputType: 'text', editable: true, multiline: false };
const textarea: KeyTarget = { tag: 'textarea', role: 'textbox', inputType: '', editable: true, multiline: true };
const autocomplete: KeyTarget = { tag: 'input', role: 'combobox', inputType: 'text', editable: true, multiline: false };
const button: KeyTarget = { tag: 'button', role: 'button', inputType: '', editable: false, multiline: false };
const listbox: KeyTarget = { tag: 'ul', role: 'listbox', inputType: '', editable: false, multiline: false };
const page: KeyTarget = { tag: 'body', role: 'generic', inputType: '', editable: false, multiline: false };

describe('keys a recording keeps', () => {
  it('keeps Enter in a single-line field (it submits) but not in a textarea (a new line is typing)', () => {
    expect(keyThatMatters(key('Enter'), textField)).toBe('Enter');
    expect(keyThatMatters(key('Enter'), textarea)).toBeUndefined();
    expect(keyThatMatters(key('Enter', { ctrlKey: true }), textarea)).toBe('Control+Enter');
  });

  it('leaves Enter on a button to the click it fires', () => {
    expect(keyThatMatters(key('Enter'), button)).toBeUndefined();
  });

  it('keeps Escape everywhere', () => {
    for (const t of [textField, textarea, button, listbox, page]) expect(keyThatMatters(key('Escape'), t)).toBe('Escape');
  });

  it('keeps arrows only where they move a choice', () => {
    expect(keyThatMatters(key('ArrowDown'), autocomplete)).toBe('ArrowDown');
    expect(keyThatMatters(key('ArrowUp'), listbox)).toBe('ArrowUp');
    expect(keyThatMatters(key('ArrowLeft'), textField)).toBeUndefined();
    expect(keyThatMatters(key('ArrowDown'), page)).toBeUndefined();
    expect(keyThatMatters(key('ArrowDown', { ctrlKey: true }), listbox)).toBeUndefined();
  });

  it('keeps Tab only when it accepts a suggestion, with Shift in the notation', () => {
    expect(keyThatMatters(key('Tab'), textField)).toBeUndefined();
    expect(keyThatMatters(key('Tab'), autocomplete)).toBe('Tab');
    expect(keyThatMatters(key('Tab', { shiftKey: true }), autocomplete)).toBe('Shift+Tab');
  });

  it('never keeps printable keys or editing shortcuts', () => {
    for (const k of ['a', 'Z', '1', ' ', 'Backspace', 'Delete']) expect(keyThatMatters(key(k), textField)).toBeUndefined();
    expect(keyThatMatters(key('a', { ctrlKey: true }), textField)).toBeUndefined();
  });
});
