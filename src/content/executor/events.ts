// DOM-level input for when trusted input is unavailable. These events have isTrusted=false:
// sites that check it ignore them, which is why the trusted path is the default.

export function pointerSequence(el: Element, x: number, y: number, opts: { button?: number; detail?: number; modifiers?: string[] } = {}): void {
  const view = el.ownerDocument.defaultView ?? window;
  const mods = new Set(opts.modifiers ?? []);
  const base = {
    bubbles: true, cancelable: true, composed: true, view, clientX: x, clientY: y,
    button: opts.button ?? 0, detail: opts.detail ?? 1,
    ctrlKey: mods.has('Control'), metaKey: mods.has('Meta'), shiftKey: mods.has('Shift'), altKey: mods.has('Alt'),
  };
  const P = view.PointerEvent ?? view.MouseEvent;
  el.dispatchEvent(new P('pointerover', base));
  el.dispatchEvent(new view.MouseEvent('mouseover', base));
  el.dispatchEvent(new P('pointerdown', { ...base, buttons: 1 }));
  el.dispatchEvent(new view.MouseEvent('mousedown', { ...base, buttons: 1 }));
  focusFor(el);
  el.dispatchEvent(new P('pointerup', base));
  el.dispatchEvent(new view.MouseEvent('mouseup', base));
}

/** Focus as a real mousedown would: the element itself or its nearest focusable ancestor. */
export function focusFor(el: Element): void {
  const target = (el.closest('a[href],button,input,select,textarea,summary,[tabindex],[contenteditable=""],[contenteditable=true]') ?? el) as HTMLElement;
  if (typeof target.focus === 'function' && el.ownerDocument.activeElement !== target) target.focus({ preventScroll: true });
}

export function hoverSequence(el: Element, x: number, y: number): void {
  const view = el.ownerDocument.defaultView ?? window;
  const base = { bubbles: true, cancelable: true, composed: true, view, clientX: x, clientY: y };
  const P = view.PointerEvent ?? view.MouseEvent;
  el.dispatchEvent(new P('pointerover', base));
  el.dispatchEvent(new P('pointerenter', { ...base, bubbles: false }));
  el.dispatchEvent(new view.MouseEvent('mouseover', base));
  el.dispatchEvent(new view.MouseEvent('mouseenter', { ...base, bubbles: false }));
  el.dispatchEvent(new P('pointermove', base));
  el.dispatchEvent(new view.MouseEvent('mousemove', base));
}

export function fire(el: Element, type: 'input' | 'change', data?: string): void {
  const view = el.ownerDocument.defaultView ?? window;
  const ev = type === 'input' ? new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: data ?? null }) : new view.Event('change', { bubbles: true });
  el.dispatchEvent(ev);
}
