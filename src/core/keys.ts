// Key definitions in Playwright's notation, and the one reading of a key list: the safety gate
// judges exactly the chords that the trusted path (CDP key events) and the DOM-level fallback
// press. Pure data and parsing: no DOM, no chrome, so the service worker can import it.

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
  NumpadEnter: { key: 'Enter', code: 'NumpadEnter', keyCode: 13, text: '\r', location: 3 },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
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
  Ctrl: 'Control', Cmd: 'Meta', Command: 'Meta', Option: 'Alt', Del: 'Delete', Ins: 'Insert', ' ': 'Space', Spacebar: 'Space',
};

/** Names of more than one character, in any case ("enter", "ctrl"), to their own spelling. */
const BY_LOWER = new Map<string, string>([...Object.keys(NAMED).map((n) => [n.toLowerCase(), n] as const), ...Object.entries(ALIASES).map(([a, n]) => [a.toLowerCase(), n] as const)]);

export const MODIFIER_BITS: Record<Modifier, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

/** A key's own name: "Return" → "Enter", "ctrl" → "Control"; a single character is itself. */
function canonical(name: string): string {
  if ([...name].length === 1) return ALIASES[name] ?? name;
  return BY_LOWER.get(name.toLowerCase()) ?? name;
}

export function keyDef(name: string): KeyDef | null {
  const n = canonical(name);
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
  /** the chord in canonical names, "Control+Enter", "Space", "#": what the gate and the person read */
  name: string;
}

/** Why a key string cannot be pressed; the executors refuse it with this message. */
export class KeyError extends Error {}

/** "Control+Shift+A" → modifiers and the main key; throws a KeyError on names it does not know. */
export function parseChord(keys: string): Chord {
  const parts = keys === '+' ? ['+'] : keys.split(/\+(?!$)/);
  const last = parts.pop()!;
  const modifiers = parts.map((p) => canonical(p) as Modifier);
  for (const m of modifiers) if (!(m in MODIFIER_BITS)) throw new KeyError(`unknown modifier "${m}" in "${keys}"`);
  const def = keyDef(last);
  if (!def) throw new KeyError(`unknown key "${last}" in "${keys}"`);
  const name = [...modifiers, def.code === 'Space' ? 'Space' : NAMED[canonical(last)] ? canonical(last) : def.key].join('+');
  // with Shift a letter types its capital
  const key = def.text && /^[a-z]$/.test(def.text) && modifiers.includes('Shift') ? { ...def, key: def.text.toUpperCase(), text: def.text.toUpperCase() } : def;
  return { modifiers, key, name };
}

/** One chord at the start: modifiers joined by "+", then a key name or any one character ("Control++", "Shift+,"). */
const CHORD = /^(?:[A-Za-z]+\+)*(?:[A-Za-z][A-Za-z0-9]*|\S)/u;
/** Between chords: spaces, or one comma with spaces around it. */
const SEPARATOR = /^(?:\s*,\s*|\s+)/;

/**
 * The chords a key list is written as, or why it cannot be read. One character is that key
 * (" ", ",", "+"); otherwise chords are separated by spaces or a comma ("Tab Tab Enter",
 * "Control+A, Backspace"). Anything left over, a list that starts or ends with a separator
 * ("Space,"), or a lone "+" or "," among other chords cannot be read one way only, so it is refused.
 */
function splitChords(keys: string): string[] | string {
  if ([...keys].length === 1) return [keys];
  const s = keys.trim();
  if (!s) return 'no key is named';
  const out: string[] = [];
  let rest = s;
  for (;;) {
    const chord = CHORD.exec(rest)?.[0];
    if (!chord) return `cannot read "${rest}" in "${keys}"`;
    out.push(chord);
    rest = rest.slice(chord.length);
    if (!rest) break;
    const sep = SEPARATOR.exec(rest)?.[0];
    if (!sep) return `cannot read "${rest}" in "${keys}": separate keys with spaces`;
    rest = rest.slice(sep.length);
    if (!rest) return `"${keys}" ends with a separator: write each key once, separated by spaces`;
  }
  if (out.length > 1 && out.some((c) => c === '+' || c === ',')) return `"${keys}" has a lone "+" or ",": write a combination without spaces ("Control+A") and press "+" or "," by itself`;
  return out;
}

export type ClipboardUse = 'paste' | 'copy' | 'cut';

/**
 * What a chord does with the person's clipboard, if anything: Control/Meta+V, Shift+Insert paste
 * it into the page (which may post it anywhere); Control/Meta+C, Control+Insert, Control/Meta+X,
 * Shift+Delete overwrite it with the page's words. None of them is ever pressed.
 */
export function clipboardUse(c: Pick<Chord, 'modifiers' | 'key'>): ClipboardUse | null {
  const command = c.modifiers.includes('Control') || c.modifiers.includes('Meta');
  const shift = c.modifiers.includes('Shift');
  switch (c.key.code) {
    case 'KeyV':
      return command ? 'paste' : null;
    case 'KeyC':
      return command ? 'copy' : null;
    case 'KeyX':
      return command ? 'cut' : null;
    case 'Insert':
      return shift ? 'paste' : command ? 'copy' : null;
    case 'Delete':
      return shift && !command ? 'cut' : null;
    default:
      return null;
  }
}

const CLIPBOARD_REASON: Record<ClipboardUse, string> = {
  paste: 'pasting is not allowed: it would put whatever the person copied into the page; type the text instead',
  copy: 'copying is not allowed: it would overwrite what the person copied',
  cut: 'cutting is not allowed: it would overwrite what the person copied; select the text and press Delete instead',
};

export type ReadKeys = { ok: true; chords: Chord[] } | { ok: false; reason: string };

/**
 * The one reading of a key list. The gate judges these chords and the executors press exactly
 * these; a list that cannot be read fully, or that uses the clipboard, is refused with a reason.
 */
export function readKeys(keys: string): ReadKeys {
  const split = splitChords(keys);
  if (typeof split === 'string') return { ok: false, reason: split };
  const chords: Chord[] = [];
  for (const part of split) {
    let chord: Chord;
    try {
      chord = parseChord(part);
    } catch (e) {
      return { ok: false, reason: (e as Error).message };
    }
    const use = clipboardUse(chord);
    if (use) return { ok: false, reason: `"${part}": ${CLIPBOARD_REASON[use]}` };
    chords.push(chord);
  }
  return { ok: true, chords };
}

/** readKeys for the executors: the chords, or a KeyError saying why nothing is pressed. */
export function parseKeys(keys: string): Chord[] {
  const read = readKeys(keys);
  if (!read.ok) throw new KeyError(read.reason);
  return read.chords;
}
