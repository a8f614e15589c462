// Trusted input through the Chrome DevTools Protocol. The events it produces have
// isTrusted === true, so sites that ignore synthetic events still respond. Both the service
// worker (chrome.debugger) and the tests (a Playwright CDP session) drive input through this
// module, each with its own `send`.
import { MODIFIER_BITS, parseKeys, type Chord, type Modifier } from '../../core/keys';

export type CdpSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** Every CDP method this module sends; nothing else is needed to act in a page. */
export const INPUT_COMMANDS: ReadonlySet<string> = new Set(['Input.dispatchMouseEvent', 'Input.dispatchKeyEvent', 'Input.insertText']);

/**
 * A `send` that refuses any method but the input commands above, so the debugger session (which
 * could read cookies, run scripts or watch the network) can only be used to click and type.
 */
export function onlyInputCommands(send: CdpSend): CdpSend {
  return (method, params) =>
    INPUT_COMMANDS.has(method)
      ? send(method, params)
      : Promise.reject(new Error(`refused CDP method ${method}: only ${[...INPUT_COMMANDS].join(', ')} may be sent to a tab`));
}

export type MouseButton = 'left' | 'right' | 'middle';

const bits = (mods: readonly Modifier[]) => mods.reduce((b, m) => b | MODIFIER_BITS[m], 0);

export async function mouseMove(send: CdpSend, x: number, y: number): Promise<void> {
  await send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'none', pointerType: 'mouse' });
}

/**
 * Move, press and release are sent together, each without waiting for the one before to be
 * acknowledged (as Puppeteer's click does): the browser queues a tab's input in order, and the
 * page gets the move before the press that follows it, though no longer a frame between them (the
 * move alone waited for one). Used by the agent's clicks as well as a replay's.
 */
export async function mouseClick(send: CdpSend, x: number, y: number, opts: { button?: MouseButton; clickCount?: number; modifiers?: readonly Modifier[] } = {}): Promise<void> {
  const button = opts.button ?? 'left';
  const modifiers = bits(opts.modifiers ?? []);
  const buttons = button === 'left' ? 1 : button === 'right' ? 2 : 4;
  const sent = [mouseMove(send, x, y)];
  for (let n = 1; n <= (opts.clickCount ?? 1); n++) {
    sent.push(
      send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button, buttons, clickCount: n, modifiers, pointerType: 'mouse' }) as Promise<void>,
      send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button, buttons: 0, clickCount: n, modifiers, pointerType: 'mouse' }) as Promise<void>,
    );
  }
  await Promise.all(sent);
}

/** Inserts text as an input method would: one beforeinput/input pair, whatever the characters. */
export async function insertText(send: CdpSend, text: string): Promise<void> {
  if (text) await send('Input.insertText', { text });
}

export async function pressChord(send: CdpSend, chord: Chord): Promise<void> {
  const held: Modifier[] = [];
  for (const m of chord.modifiers) {
    held.push(m);
    const def = parseKeys(m)[0]!.key;
    await send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, modifiers: bits(held), location: def.location ?? 0 });
  }
  const k = chord.key;
  const mods = bits(chord.modifiers);
  // with Control, Alt or Meta held a key types nothing; it is a shortcut
  const text = k.text && !(mods & (MODIFIER_BITS.Control | MODIFIER_BITS.Alt | MODIFIER_BITS.Meta)) ? k.text : undefined;
  const base = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, nativeVirtualKeyCode: k.keyCode, modifiers: mods, location: k.location ?? 0 };
  await send('Input.dispatchKeyEvent', { ...base, type: text ? 'keyDown' : 'rawKeyDown', ...(text ? { text, unmodifiedText: text } : {}) });
  await send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
  while (held.length) {
    const m = held.pop()!;
    const def = parseKeys(m)[0]!.key;
    await send('Input.dispatchKeyEvent', { type: 'keyUp', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, modifiers: bits(held), location: def.location ?? 0 });
  }
}

export async function pressKeys(send: CdpSend, keys: string, repeat = 1): Promise<void> {
  const chords = parseKeys(keys);
  for (let i = 0; i < repeat; i++) for (const c of chords) await pressChord(send, c);
}
