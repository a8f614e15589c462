import { inputType, isDisabled, tagOf } from '../page-model/dom';
import { ActionError } from './errors';

// typed by selection and insertText; other input types (date, color, range) take a value
const TEXT_TYPES = new Set(['', 'text', 'search', 'url', 'tel', 'password', 'email', 'number']);

export type EditKind = 'text' | 'value' | 'rich';

/** What kind of editing el takes, or a not_editable / disabled error that says why. */
export function editKind(el: Element, id: number): EditKind {
  const t = tagOf(el);
  if (isDisabled(el)) throw new ActionError('disabled', `element ${id} is disabled`);
  if (t === 'textarea') {
    if ((el as HTMLTextAreaElement).readOnly) throw new ActionError('not_editable', `element ${id} is read-only`);
    return 'text';
  }
  if (t === 'input') {
    const ty = inputType(el);
    if ((el as HTMLInputElement).readOnly) throw new ActionError('not_editable', `element ${id} is read-only`);
    if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(ty)) {
      throw new ActionError('not_editable', `element ${id} is an input of type ${ty}; ${ty === 'checkbox' || ty === 'radio' ? 'use check' : 'it cannot take text'}`);
    }
    return TEXT_TYPES.has(ty) ? 'text' : 'value';
  }
  if ((el as HTMLElement).isContentEditable) return 'rich';
  throw new ActionError('not_editable', `element ${id} (${t}) does not take text; pick the input field itself`);
}

/** The focused element, looking into shadow roots and same-origin frames. */
export function deepActiveElement(): Element | null {
  let a: Element | null = document.activeElement;
  for (let i = 0; a && i < 32; i++) {
    const inner = a.shadowRoot?.activeElement ?? (tagOf(a) === 'iframe' ? safeDoc(a)?.activeElement : null);
    if (!inner || inner === a) break;
    a = inner;
  }
  return a;
}

function safeDoc(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** Focuses el and places the selection: everything (to replace) or the end (to append). */
export function placeCaret(el: Element, mode: 'replace' | 'append'): void {
  const he = el as HTMLElement;
  if (deepActiveElement() !== el) he.focus({ preventScroll: true });
  if (tagOf(el) === 'input' || tagOf(el) === 'textarea') {
    const f = el as HTMLInputElement;
    try {
      if (mode === 'replace') f.select();
      else f.setSelectionRange(f.value.length, f.value.length);
    } catch {
      // email and number inputs have no selection API; select() still works on most
      if (mode === 'replace') f.select?.();
    }
    return;
  }
  const doc = el.ownerDocument;
  const sel = doc.getSelection();
  if (!sel) return;
  const range = doc.createRange();
  range.selectNodeContents(el);
  if (mode === 'append') range.collapse(false);
  sel.removeAllRanges();
  sel.addRange(range);
}

export function currentValue(el: Element): string {
  const t = tagOf(el);
  if (t === 'input' || t === 'textarea') return (el as HTMLInputElement).value;
  return (el as HTMLElement).innerText ?? '';
}
