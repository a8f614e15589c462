// Which key presses a recording keeps. Typing is recorded as the field's final value, so a key is
// a step of its own only when it does something beyond typing: submits, closes, moves a choice.
// Pure (no DOM), so the rules are unit-tested.

export interface KeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export interface KeyTarget {
  tag: string;
  role: string;
  inputType: string;
  /** a text field or contenteditable, where printable keys and arrows edit text */
  editable: boolean;
  /** a textarea or contenteditable, where Enter is a new line */
  multiline: boolean;
}

/** Roles whose arrow keys, Tab or Enter pick or move a choice rather than edit text. */
const CHOOSING_ROLES = new Set([
  'combobox', 'listbox', 'option', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'tablist',
  'grid', 'gridcell', 'tree', 'treeitem', 'slider', 'spinbutton', 'radio', 'radiogroup',
]);
const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']);
// activating these with Enter or Space fires a click, and the click is what gets recorded
const CLICKABLE_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'radio']);

/** The key in Playwright's notation ("Enter", "Shift+Tab", "Control+Enter") when it matters, else undefined. */
export function keyThatMatters(e: KeyEvent, t: KeyTarget): string | undefined {
  const { key } = e;
  const chord = (k: string) => [e.ctrlKey && 'Control', e.altKey && 'Alt', e.metaKey && 'Meta', e.shiftKey && 'Shift', k].filter(Boolean).join('+');
  const choosing = CHOOSING_ROLES.has(t.role);
  switch (key) {
    case 'Escape':
      return 'Escape';
    case 'Enter':
      if (t.multiline && !e.ctrlKey && !e.metaKey) return undefined;
      if (CLICKABLE_ROLES.has(t.role) || t.tag === 'button' || t.tag === 'a' || t.tag === 'summary') return undefined;
      return chord('Enter');
    case 'Tab':
      // moving between fields is implied by the next step's target; accepting a suggestion is not
      return choosing && t.editable ? chord('Tab') : undefined;
    default:
      if (!ARROWS.has(key)) return undefined;
      if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
      if (choosing) return chord(key);
      // in a text field arrows move the caret; on the page they scroll: neither is a step
      return undefined;
  }
}
