import type { z } from 'zod';
import type { TypeAction } from '../../shared/action';
import { currentValue, editKind, placeCaret } from './editable';
import { resolveOrThrow } from './errors';
import { setNativeValue } from './native-value';
import { locate } from './target';

/**
 * Types through the browser's editing command first, which fires real beforeinput/input events
 * and respects maxlength; falls back to the native value setter when the field refuses it.
 */
export async function typeText(a: z.output<typeof TypeAction>): Promise<void> {
  const el = resolveOrThrow(a.id);
  const kind = editKind(el, a.id);
  // scrolled to, checked and hit-tested as a person would reach it; no pointer goes to its point,
  // so there is no frame to wait for it to hold still
  await locate(a.id, 'edit', { still: false });
  const before = currentValue(el);
  const expected = a.mode === 'replace' ? a.text : before + a.text;
  if (kind === 'value') {
    setNativeValue(el, expected);
    return;
  }
  placeCaret(el, a.mode);
  const doc = el.ownerDocument;
  const ok = a.text === '' ? doc.execCommand('delete') : doc.execCommand('insertText', false, a.text);
  if (kind === 'rich') return;
  // the page may reshape what it was given (a mask, a maxlength, a formatter): its result stands,
  // and the caller's check says whether it shows the value; only a field the command did not
  // reach, or that took nothing of it, gets the value set directly
  if (!ok || (currentValue(el) === before && expected !== before)) setNativeValue(el, expected);
  el.dispatchEvent(new (doc.defaultView ?? window).Event('change', { bubbles: true }));
}
