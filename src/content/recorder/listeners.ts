import { inputType, tagOf } from '../page-model/dom';
import { roleOf } from '../page-model/roles';
import { checkAddress, stepIn, targetIn, viewNow, type CaptureState } from './capture-state';
import { keyThatMatters } from './keys';
import { markStale, type PageView } from './page-view';
import { autofilled, clickIsImplied, eventElement, isCheckable, isFileField, isSelect, scriptEditable, selectedLabels, typedField } from './targets';
import { beginTyping, fieldAsIs, finishTyping } from './typing';

/**
 * One handler an event type, each turning the person's input into recorded steps. They read the
 * page and the recording's state, never the event's outcome: they never cancel, stop or change it.
 *
 * Only trusted events count (`isTrusted`: the browser made them from the person's input, or from a
 * focus change). A page's own `dispatchEvent`, `element.click()` or scripted input is the page,
 * not the person: a recording that took it would save steps the person never did ("Check 'Enable
 * automatic payments'", "Choose 'Mallory'"). A person's choice in a select, tick or typing always
 * reaches us as trusted events, read in the capture phase before the page's own handlers. A field's
 * typed value is still read when the typing ends, so what a page's formatter made of the person's
 * text (a trusted edit began it) is what the step types.
 */

const STASH_MS = 10_000;

/** The view stashed when this gesture began, if the event belongs to it (used once); else the page now. */
function viewFor(s: CaptureState, e: Event): PageView {
  const path = e.composedPath();
  const stash = s.stash;
  s.stash = undefined;
  if (stash && Date.now() - stash.at < STASH_MS && (path.includes(stash.path[0]!) || stash.path.includes(path[0]!))) return stash.view;
  return viewNow(s);
}

export function onPointerDown(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return;
  checkAddress(s);
  if (s.pending && !e.composedPath().includes(s.pending.field)) finishTyping(s);
  s.stash = { path: e.composedPath(), view: viewNow(s), at: Date.now() };
}

/**
 * A click the page made: remembered until the page's script ends (the microtask runs only then,
 * as the script is still on the stack), so the change it makes on a checkbox is not taken.
 */
function noteScriptedClick(s: CaptureState, e: Event): void {
  const path = e.composedPath();
  s.scripted = path;
  queueMicrotask(() => {
    if (s.scripted === path) s.scripted = undefined;
  });
}

export function onClick(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return noteScriptedClick(s, e);
  const el = eventElement(e);
  if (!el) return;
  checkAddress(s);
  if (s.pending && !e.composedPath().includes(s.pending.field)) finishTyping(s);
  if (clickIsImplied(el)) return;
  // Enter in a field submits its form by "clicking" the submit button: the Enter is the step
  if ((e as MouseEvent).detail === 0 && s.enter && Date.now() - s.enter.at < 1000 && s.enter.form?.contains(el)) return;
  const v = viewFor(s, e);
  const { item, id, fp } = targetIn(el, v);
  // a click on plain text or an empty area is not a step: no control was there to act on
  if (!item || item.kind !== 'el') return;
  s.emitter.emit(stepIn(s, v, { kind: 'click', id }, fp));
}

export function onKeyDown(s: CaptureState, e: Event): void {
  const k = e as KeyboardEvent;
  if (!k.isTrusted || k.isComposing) return;
  const el = eventElement(e);
  if (!el) return;
  const field = typedField(el);
  const keys = keyThatMatters(k, {
    tag: tagOf(el),
    role: roleOf(el),
    inputType: inputType(el),
    editable: !!field,
    multiline: !!field && tagOf(field) !== 'input',
  });
  // Enter or Space on a button fires a click: keep the page as it was for that click
  if (!keys && !field && (k.key === 'Enter' || k.key === ' ')) s.stash = { path: e.composedPath(), view: viewNow(s), at: Date.now() };
  if (!keys) return;
  checkAddress(s);
  finishTyping(s);
  s.enter = keys === 'Enter' ? { at: Date.now(), form: (el as HTMLInputElement).form ?? null } : undefined;
  const v = viewNow(s);
  const onPage = tagOf(el) === 'body' || tagOf(el) === 'html';
  if (onPage) return s.emitter.emit(stepIn(s, v, { kind: 'press', keys }));
  const { id, fp } = targetIn(el, v);
  s.emitter.emit(stepIn(s, v, { kind: 'press', keys, id }, fp));
}

/**
 * An edit of the person's: every way a person types (keys, paste, drop, an input method, dictation,
 * a spelling fix) fires a trusted `beforeinput`; a page's `execCommand` fires only `input`. A
 * suggestion picked from the browser's list fires `input` as a replacement; a date, color or
 * range input fires only `input`, and no script can type into one.
 */
const isPersonsEdit = (e: Event, field: Element): boolean =>
  e.type === 'beforeinput' || (e as InputEvent).inputType === 'insertReplacementText' || !scriptEditable(field);

export function onEdit(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return;
  const el = eventElement(e);
  const field = el && typedField(el);
  if (field && isPersonsEdit(e, field)) beginTyping(s, field);
  markStale();
}

export function onChange(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return;
  const el = eventElement(e);
  // the change a click of the page's own made (checkbox.click()) is trusted, and the page's
  if (!el || s.scripted?.includes(el)) return;
  checkAddress(s);
  if (isSelect(el)) {
    finishTyping(s);
    const v = viewFor(s, e);
    const values = selectedLabels(el as HTMLSelectElement);
    const { id, fp } = targetIn(el, v);
    if (values.length) s.emitter.emit(stepIn(s, v, { kind: 'select', id, values }, fp));
  } else if (isCheckable(el)) {
    finishTyping(s);
    const v = viewFor(s, e);
    const { id, fp } = targetIn(el, v);
    s.emitter.emit(stepIn(s, v, { kind: 'check', id, checked: (el as HTMLInputElement).checked }, fp));
  } else if (isFileField(el)) {
    // the file chosen, by name: its bytes are the person's and never recorded (a Run asks for a file)
    finishTyping(s);
    const v = viewFor(s, e);
    const { id, fp } = targetIn(el, v);
    const file = el.files?.[0]?.name;
    if (file) s.emitter.emit(stepIn(s, v, { kind: 'upload', id, file }, fp));
  } else {
    const field = typedField(el);
    // a value set without keystrokes (autofill, a date picker) starts and ends here; a text field
    // the person did not edit changes only by autofill, or by a page's execCommand (not a step)
    if (field && (s.pending?.field === field || !scriptEditable(field) || autofilled(field))) {
      beginTyping(s, field);
      finishTyping(s);
    }
  }
  markStale();
}

export function onFocusIn(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return;
  const el = eventElement(e);
  const field = el && typedField(el);
  if (field && s.pending?.field !== field) s.focused = fieldAsIs(s, field);
}

export function onFocusOut(s: CaptureState, e: Event): void {
  if (!e.isTrusted) return;
  if (s.pending && e.composedPath().includes(s.pending.field)) finishTyping(s);
}
