// Key definitions in Playwright's notation, shared by the trusted path (CDP key events) and the
// DOM-level fallback. Pure data: no DOM, no chrome, so the service worker can import it.

export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';

export interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  /** what the key types, if anything */
  text?: string;
  location?: number;
}

const NAMED: Record<string, KeyDef> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 },
};
for (let i = 1; i <= 12; i++) NAMED['F' + i] = { key: 'F' + i, code: 'F' + i, keyCode: 111 + i };

const ALIASES: Record<string, string> = {
  Esc: 'Escape', Return: 'Enter', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight',
  Ctrl: 'Control', Cmd: 'Meta', Command: 'Meta', Option: 'Alt', Del: 'Delete', ' ': 'Space', Spacebar: 'Space',
};

export const MODIFIER_BITS: Record<Modifier, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

export function keyDef(name: string): KeyDef | null {
  const n = ALIASES[name] ?? name;
  if (NAMED[n]) return NAMED[n]!;
  if ([...n].length !== 1) return null;
  const upper = n.toUpperCase();
  if (/[a-z]/i.test(n)) return { key: n, code: 'Key' + upper, keyCode: upper.charCodeAt(0), text: n };
  if (/[0-9]/.test(n)) return { key: n, code: 'Digit' + n, keyCode: n.charCodeAt(0), text: n };
  return { key: n, code: '', keyCode: 0, text: n };
}

export interface Chord {
  modifiers: Modifier[];
  key: KeyDef;
}

/** "Control+Shift+A" -> modifiers and the main key; throws on names it does not know. */
export function parseChord(keys: string): Chord {
  const parts = keys === '+' ? ['+'] : keys.split(/\+(?!$)/);
  const last = parts.pop()!;
  const modifiers = parts.map((p) => (ALIASES[p] ?? p) as Modifier);
  for (const m of modifiers) if (!(m in MODIFIER_BITS)) throw new Error(`unknown modifier "${m}" in "${keys}"`);
  const key = keyDef(last);
  if (!key) throw new Error(`unknown key "${last}" in "${keys}"`);
  // with Shift a letter types its capital
  if (key.text && /^[a-z]$/.test(key.text) && modifiers.includes('Shift')) return { modifiers, key: { ...key, key: key.text.toUpperCase(), text: key.text.toUpperCase() } };
  return { modifiers, key };
}

/** A comma or space separated list of chords: "Tab Tab Enter" or "Control+A, Backspace". */
export function parseKeys(keys: string): Chord[] {
  const trimmed = keys.trim();
  if (trimmed.length === 1 || /^(Control|Meta|Alt|Shift|Ctrl|Cmd)\+.$/.test(trimmed)) return [parseChord(trimmed)];
  return trimmed.split(/[\s,]+/).filter(Boolean).map(parseChord);
}
