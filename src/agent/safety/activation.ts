import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import { readKeys, type Chord } from '../../core/keys';
import { isControl, isToggle } from './harmless';

/**
 * Which actions activate a control, and whether they submit a form. Every way of pressing a
 * button counts the same: a click, a double click, Enter, Return, NumpadEnter or Space on it
 * (Chromium fires the button's click for each), Enter in a field (the form's default button),
 * Enter or Ctrl/Cmd+Enter in a message box (how composers send), and a change that submits by
 * itself. Keys are read by the executors' own parser (src/core/keys.ts), so the chords judged
 * here are the chords pressed. A key that neither types into a field nor only moves around
 * (Delete, "#", "e" on a mail list or the page itself) may set off one of the page's keyboard
 * shortcuts: it is an activation whose effect the gate cannot know (`shortcut`).
 */
export interface Activation {
  /** how the person would describe it: "clicking", "pressing Space on" */
  via: string;
  submits: boolean;
  /** Enter or Ctrl/Cmd+Enter in a message box: how composers send */
  composer?: true;
  /**
   * the keys pressed ("Delete", "Tab Enter") where what they do is up to the page's scripts: not
   * typing into a field and not only moving around. The gate cannot know their effect: it asks.
   */
  shortcut?: string;
}

const ENTER = new Set(['Enter', 'NumpadEnter']);
/** Keys that only move the focus, the caret, the page or a list, or close something. */
const NAVIGATION = new Set(['Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape', 'PageUp', 'PageDown', 'Home', 'End']);
/** Keys that edit the text of a field (with Control or Meta too: select all, undo, delete a word). */
const EDITING = new Set(['Backspace', 'Delete', 'a', 'A', 'z', 'Z', 'y', 'Y', ...NAVIGATION]);

const FIELD_TAGS = new Set(['input', 'textarea']);
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'file', 'button', 'reset', 'hidden', 'submit', 'image', 'color', 'range']);

function isTextField(el: ElementInfo): boolean {
  if (el.tag === 'textarea') return true;
  if (el.tag !== 'input') return /^(?:textbox|searchbox|combobox)$/i.test(el.role);
  return !NON_TEXT_INPUTS.has(el.inputType ?? 'text');
}

/** A text area, or an editable box that is not an input (contenteditable, role=textbox): where messages are written. */
function isMessageBox(el: ElementInfo): boolean {
  return el.tag === 'textarea' || (el.role.toLowerCase() === 'textbox' && el.tag !== 'input');
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

const isCommand = (c: Chord) => c.modifiers.some((m) => m !== 'Shift');
const isNavigation = (c: Chord) => NAVIGATION.has(c.key.key) && !isCommand(c);

function pressActivation(keys: string, el: ElementInfo): Activation | null {
  const read = readKeys(keys);
  // nothing is pressed (the executors refuse what cannot be read): judged as the keys that run the most
  if (!read.ok) return { via: `pressing ${keys} on`, submits: isSubmitControl(el), shortcut: keys };
  const names = read.chords.map((c) => c.name).join(' ');
  let moved = false;
  for (const c of read.chords) {
    if (isNavigation(c)) {
      // after Tab the focus is on an element the gate has not seen
      moved ||= c.key.key === 'Tab';
      continue;
    }
    if (moved) return { via: `pressing ${names} from`, submits: false, shortcut: names };
    const judged = chordActivation(c, el, names);
    if (judged) return judged;
  }
  return null;
}

/** One chord pressed on `el`: null when it types, edits or moves in a field. */
function chordActivation(c: Chord, el: ElementInfo, names: string): Activation | null {
  const enter = ENTER.has(c.key.code);
  const space = c.key.code === 'Space';
  if (isTextField(el)) {
    if (enter && isMessageBox(el)) {
      // Enter and Ctrl/Cmd+Enter are how composers send; Shift+Enter starts a new line
      if (c.name === 'Shift+Enter') return null;
      return { via: `pressing ${c.name} in`, submits: !!el.formAction && c.modifiers.length > 0, composer: true };
    }
    // Enter in a one-line field submits its form
    if (enter) return el.formAction ? { via: `pressing ${c.name} in`, submits: true } : null;
    // typing, or editing the text: a chord with Control, Alt or Meta is a shortcut unless it edits
    if (!isCommand(c) || EDITING.has(c.key.key)) return null;
    return { via: `pressing ${names} in`, submits: false, shortcut: names };
  }
  // Enter or Space on a control or a toggle presses it, as a click would
  if ((enter || space) && !isCommand(c) && (isControl(el) || isToggle(el))) return { via: `pressing ${c.name} on`, submits: isSubmitControl(el) };
  return { via: `pressing ${names} on`, submits: (enter || space) && isSubmitControl(el), shortcut: names };
}

/**
 * The question a press that may set off one of the page's keyboard shortcuts asks (null for any
 * other activation): `words` for its approval key (the keys and the element they went to), and
 * the reason the card gives. The gate asks it as `other`, like a control it does not know.
 */
export function shortcutQuestion(a: Activation, el: ElementInfo): { words: string; reason: string } | null {
  if (!a.shortcut) return null;
  const raw = el.text || el.label || el.name || el.line || el.tag;
  const where = raw.length > 80 ? `${raw.slice(0, 79)}…` : raw;
  return {
    words: `keys ${a.shortcut} on ${where}`,
    reason: `${a.via} "${where}" does not type into a field: the page's own keyboard shortcuts decide what it does, and the gate cannot know them`,
  };
}
