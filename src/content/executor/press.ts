import type { z } from 'zod';
import type { PressAction } from '../../shared/action';
import { inputType, tagOf } from '../page-model/dom';
import { deepActiveElement, placeCaret } from './editable';
import { ActionError, resolveOrThrow } from './errors';
import { clipboardUse, parseKeys, type Chord } from '../../core/keys';

/**
 * DOM-level keys. Synthetic key events do not make the browser act (no typing, no form submit,
 * no focus move), so the common defaults are carried out here; the trusted path needs none of this.
 * The keys are read by the one parser the gate uses too (src/core/keys.ts): a list it cannot read
 * fully, or a clipboard chord (paste, copy, cut), is refused before anything is pressed.
 */
export async function press(a: z.output<typeof PressAction>): Promise<void> {
  let chords: Chord[];
  try {
    chords = parseKeys(a.keys);
  } catch (e) {
    throw new ActionError('unsupported', (e as Error).message);
  }
  if (a.id !== undefined) {
    const el = resolveOrThrow(a.id);
    (el as HTMLElement).focus({ preventScroll: false });
  }
  for (let i = 0; i < a.repeat; i++) for (const c of chords) pressChord(c);
}

function isTextField(el: Element | null): boolean {
  if (!el) return false;
  const t = tagOf(el);
  return t === 'textarea' || (t === 'input' && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(inputType(el))) || (el as HTMLElement).isContentEditable;
}

function pressChord(c: Chord): void {
  // parseKeys refuses these already; a chord that reached here by another way is not pressed either
  if (clipboardUse(c)) throw new ActionError('unsupported', `"${c.name}" uses the clipboard, which is never pressed`);
  const target = deepActiveElement() ?? document.body;
  const view = target.ownerDocument.defaultView ?? window;
  const mods = new Set(c.modifiers);
  const init: KeyboardEventInit = {
    key: c.key.key, code: c.key.code, keyCode: c.key.keyCode, which: c.key.keyCode, bubbles: true, cancelable: true, composed: true,
    ctrlKey: mods.has('Control'), metaKey: mods.has('Meta'), shiftKey: mods.has('Shift'), altKey: mods.has('Alt'),
  } as KeyboardEventInit;
  const proceed = target.dispatchEvent(new view.KeyboardEvent('keydown', init));
  const typing = c.key.text && !mods.has('Control') && !mods.has('Meta') && !mods.has('Alt');
  if (proceed && typing) target.dispatchEvent(new view.KeyboardEvent('keypress', { ...init, charCode: c.key.text!.charCodeAt(0) }));
  if (proceed) defaultAction(target, c, mods);
  target.dispatchEvent(new view.KeyboardEvent('keyup', init));
}

function defaultAction(target: Element, c: Chord, mods: Set<string>): void {
  const doc = target.ownerDocument;
  const key = c.key.key;
  const command = mods.has('Control') || mods.has('Meta');
  if (command && key.toLowerCase() === 'a') {
    if (isTextField(target)) placeCaret(target, 'replace');
    else doc.getSelection()?.selectAllChildren(doc.body);
    return;
  }
  if (command || mods.has('Alt')) return;
  if (key === 'Tab') return moveFocus(target, mods.has('Shift') ? -1 : 1);
  if (key === 'Enter') {
    const t = tagOf(target);
    if (t === 'textarea' || (target as HTMLElement).isContentEditable) doc.execCommand('insertLineBreak');
    else if (t === 'input' && (target as HTMLInputElement).form) (target as HTMLInputElement).form!.requestSubmit();
    else if (t === 'a' || t === 'button' || t === 'summary' || target.getAttribute('role') === 'button') (target as HTMLElement).click();
    return;
  }
  if (key === ' ' && !isTextField(target)) {
    (target as HTMLElement).click();
    return;
  }
  if (key === 'Backspace' && isTextField(target)) doc.execCommand('delete');
  else if (key === 'Delete' && isTextField(target)) doc.execCommand('forwardDelete');
  else if (c.key.text && isTextField(target)) doc.execCommand('insertText', false, c.key.text);
  else if ((key === 'ArrowDown' || key === 'ArrowUp') && tagOf(target) === 'select') {
    const s = target as HTMLSelectElement;
    const next = Math.max(0, Math.min(s.options.length - 1, s.selectedIndex + (key === 'ArrowDown' ? 1 : -1)));
    if (next !== s.selectedIndex) {
      s.selectedIndex = next;
      s.dispatchEvent(new Event('input', { bubbles: true }));
      s.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

const TABBABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),summary,[tabindex]:not([tabindex="-1"]),[contenteditable=""],[contenteditable=true]';

function moveFocus(from: Element, step: 1 | -1): void {
  const doc = from.ownerDocument;
  const all = Array.from(doc.querySelectorAll<HTMLElement>(TABBABLE)).filter((e) => e.checkVisibility?.() !== false && e.getClientRects().length > 0);
  if (!all.length) return;
  const i = all.indexOf(from as HTMLElement);
  const next = all[(i + step + all.length) % all.length]!;
  next.focus();
}
