import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';

/**
 * Which actions activate a control, and whether they submit a form. Every way of pressing a
 * button counts the same: a click, a double click, Enter, Return, NumpadEnter or Space on it
 * (Chromium fires the button's click for each), Enter in a field (the form's default button),
 * Ctrl/Cmd+Enter in a text area (how composers send), and a change that submits by itself.
 */
export interface Activation {
  /** how the person would describe it: "clicking", "pressing Space on" */
  via: string;
  submits: boolean;
  /** Ctrl/Cmd+Enter in a message box: how composers send */
  composer?: true;
}

const ENTER = /^(?:enter|return|numpadenter)$/i;
const SPACE = /^(?:space|spacebar| )$/i;

/** The keys of a press, split into chords and their parts: "Control+Enter Tab" → [["control","enter"],["tab"]]. */
function chords(keys: string): string[][] {
  if (keys === ' ') return [[' ']];
  return keys
    .trim()
    .split(/\s+/)
    .map((chord) => chord.split('+').filter(Boolean));
}

const FIELD_TAGS = new Set(['input', 'textarea']);
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'file', 'button', 'reset', 'hidden', 'submit', 'image', 'color', 'range']);

function isTextField(el: ElementInfo): boolean {
  if (el.tag === 'textarea') return true;
  if (el.tag !== 'input') return /^(?:textbox|searchbox|combobox)$/i.test(el.role);
  return !NON_TEXT_INPUTS.has(el.inputType ?? 'text');
}

function isSubmitControl(el: ElementInfo): boolean {
  if (!el.formAction) return false;
  return el.tag === 'button' || (el.tag === 'input' && ['submit', 'image'].includes(el.inputType ?? ''));
}

export function activationOf(action: AgentAction, el: ElementInfo | null): Activation | null {
  if (!el) return null;
  switch (action.kind) {
    case 'click':
    case 'click_at':
    case 'double_click':
      // a click into a text field focuses it; everything else is judged as an activation
      if (FIELD_TAGS.has(el.tag) && isTextField(el)) return null;
      return { via: action.kind === 'double_click' ? 'double-clicking' : 'clicking', submits: isSubmitControl(el) };
    case 'select':
    case 'check':
      return el.autoSubmit ? { via: action.kind === 'select' ? 'choosing an option of' : 'ticking', submits: true } : null;
    case 'type':
      // a field that submits its form as it is typed into
      return el.autoSubmit ? { via: 'typing into', submits: true } : null;
    case 'press':
      return pressActivation(action.keys, el);
    default:
      return null;
  }
}

function pressActivation(keys: string, el: ElementInfo): Activation | null {
  for (const parts of chords(keys)) {
    const key = parts.at(-1) ?? '';
    const modified = parts.length > 1;
    const enter = ENTER.test(key);
    const space = SPACE.test(key);
    if (!enter && !space) continue;
    const name = enter ? key : 'Space';
    if (isTextField(el)) {
      // Space types a space; Enter in a one-line field submits its form; Ctrl/Cmd+Enter in a text area is how many composers send
      if (space) continue;
      if (el.tag === 'textarea' || (el.role === 'textbox' && el.tag !== 'input')) {
        if (modified) return { via: `pressing ${parts.join('+')} in`, submits: !!el.formAction, composer: true };
        continue;
      }
      if (el.formAction) return { via: `pressing ${name} in`, submits: true };
      continue;
    }
    return { via: `pressing ${modified ? parts.join('+') : name} on`, submits: isSubmitControl(el) };
  }
  return null;
}
