import type { DemoStep, RecordedAction } from '../../shared/demonstration';
import type { Fingerprint } from '../../shared/fingerprint';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { inputType, tagOf } from '../page-model/dom';
import { idFor } from '../page-model/ids';
import { roleOf } from '../page-model/roles';
import { isSecret } from '../page-model/secrets';
import type { Emitter } from './emitter';
import { keyThatMatters } from './keys';
import { currentView, markStale, startViews, stopViews, type PageView } from './page-view';
import { secretVariable } from './secret-variable';
import { clickIsImplied, eventElement, hasValue, isCheckable, isSelect, itemFor, secretDigest, selectedLabels, typedField, typedValue } from './targets';
import { timed } from './timings';

/** A field being typed in: its step is taken when the person is done (change, blur, Enter, a click elsewhere). */
interface Pending {
  field: Element;
  /** the page before the first keystroke */
  view: PageView;
  /** the value before typing, to skip a field left as it was; for a secret field only a hash of it */
  initial: string;
}

/** The page as it was when a pointer or activation key went down, for the click or change that follows. */
interface Stash {
  path: EventTarget[];
  view: PageView;
  at: number;
}

const STASH_MS = 10_000;

export interface Capture {
  /** the step of a field still being typed in, taken now (for Save while the cursor is in a field) */
  takePending(): DemoStep | undefined;
  stop(): void;
}

/**
 * Listens to the person's input in capture phase, passively, in the top document, its same-origin
 * frames and open shadow roots, and turns it into recorded steps. It never cancels, stops or
 * changes an event, and reads only what the page model and fingerprint need.
 */
export function startCapture(emitter: Emitter): Capture {
  const abort = new AbortController();
  const attached = new WeakSet<object>();
  let pending: Pending | undefined;
  let focused: Pending | undefined;
  let enter: { at: number; form: HTMLFormElement | null } | undefined;
  let stash: Stash | undefined;
  let lastHref = location.href;
  let lastView: PageView | undefined;

  const view = (): PageView => (lastView = currentView());

  const step = (v: PageView, action: RecordedAction, target?: Fingerprint, variable?: string): DemoStep => ({
    at: emitter.stamp(),
    url: v.url,
    title: v.title,
    action,
    ...(target ? { target } : {}),
    page: v.text,
    ...(variable ? { variable } : {}),
  });

  /** The element's page-model id and fingerprint in view v (its control, when el sits inside one). */
  const targetIn = (el: Element, v: PageView) => {
    const item = itemFor(el, v);
    const node = item?.el ?? el;
    return { item, id: item?.id ?? idFor(node), fp: fingerprintOf(node, item && { role: item.role, name: item.name }) };
  };

  /** A single-page app changed its address: that is a navigation step. */
  const checkAddress = () => {
    if (location.href === lastHref) return;
    lastHref = location.href;
    const before = lastView ?? view();
    emitter.emit({ ...step(before, { kind: 'navigate', url: location.href }), url: location.href, title: document.title });
  };

  const typingStep = (p: Pending): DemoStep | undefined => {
    const { item, id, fp } = targetIn(p.field, p.view);
    if (isSecret(p.field, item?.name ?? '')) {
      // the value stays in the page: only that something was typed, and what to ask for at replay
      if (!hasValue(p.field) || secretDigest(p.field) === p.initial) return undefined;
      const words = [p.field.getAttribute('name'), p.field.id, p.field.getAttribute('placeholder'), p.field.getAttribute('aria-label'), item?.name].join(' ');
      const variable = secretVariable({ inputType: inputType(p.field), autocomplete: p.field.getAttribute('autocomplete') ?? '', words });
      return step(p.view, { kind: 'type', id, value: '', secret: true }, fp, variable);
    }
    const value = typedValue(p.field);
    if (value === p.initial) return undefined;
    return step(p.view, { kind: 'type', id, value, secret: false }, fp);
  };

  const finishTyping = () => {
    if (!pending) return;
    const p = pending;
    pending = undefined;
    const s = typingStep(p);
    if (s) emitter.emit(s);
  };

  /** The field as it was when it got focus: typing may fire no beforeinput, so the first edit is too late. */
  const fieldAsIs = (field: Element): Pending => {
    const v = view();
    const secret = isSecret(field, itemFor(field, v)?.name ?? '');
    return { field, view: v, initial: secret ? secretDigest(field) : typedValue(field) };
  };

  const beginTyping = (field: Element) => {
    if (pending?.field === field) return;
    finishTyping();
    pending = focused?.field === field ? focused : fieldAsIs(field);
    focused = undefined;
  };

  /** The view stashed when this gesture began, if the event belongs to it (used once); else the page now. */
  const viewFor = (e: Event): PageView => {
    const path = e.composedPath();
    const s = stash;
    stash = undefined;
    if (s && Date.now() - s.at < STASH_MS && (path.includes(s.path[0]!) || s.path.includes(path[0]!))) return s.view;
    return view();
  };

  const onPointerDown = (e: Event) => {
    if (!e.isTrusted) return;
    checkAddress();
    if (pending && !e.composedPath().includes(pending.field)) finishTyping();
    stash = { path: e.composedPath(), view: view(), at: Date.now() };
  };

  const onClick = (e: Event) => {
    if (!e.isTrusted) return;
    const el = eventElement(e);
    if (!el) return;
    checkAddress();
    if (pending && !e.composedPath().includes(pending.field)) finishTyping();
    if (clickIsImplied(el)) return;
    // Enter in a field submits its form by "clicking" the submit button: the Enter is the step
    if ((e as MouseEvent).detail === 0 && enter && Date.now() - enter.at < 1000 && enter.form?.contains(el)) return;
    const v = viewFor(e);
    const { item, id, fp } = targetIn(el, v);
    // a click on plain text or an empty area is not a step: no control was there to act on
    if (!item || item.kind !== 'el') return;
    emitter.emit(step(v, { kind: 'click', id }, fp));
  };

  const onKeyDown = (e: Event) => {
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
    if (!keys && !field && (k.key === 'Enter' || k.key === ' ')) stash = { path: e.composedPath(), view: view(), at: Date.now() };
    if (!keys) return;
    checkAddress();
    finishTyping();
    enter = keys === 'Enter' ? { at: Date.now(), form: (el as HTMLInputElement).form ?? null } : undefined;
    const v = view();
    const onPage = tagOf(el) === 'body' || tagOf(el) === 'html';
    if (onPage) return emitter.emit(step(v, { kind: 'press', keys }));
    const { id, fp } = targetIn(el, v);
    emitter.emit(step(v, { kind: 'press', keys, id }, fp));
  };

  const onEdit = (e: Event) => {
    if (!e.isTrusted) return;
    const el = eventElement(e);
    const field = el && typedField(el);
    if (field) beginTyping(field);
    markStale();
  };

  /**
   * A change the person made. Untrusted ones count too when they land on a control the page model
   * shows: automation tools and some widgets set a native select or checkbox from script; a
   * change on a hidden control (a custom widget's backing select) is the widget's echo, not a step.
   */
  const isPersonsChange = (e: Event, el: Element): boolean => e.isTrusted || currentView().byEl.get(el)?.kind === 'el';

  const onChange = (e: Event) => {
    const el = eventElement(e);
    if (!el || !isPersonsChange(e, el)) return;
    checkAddress();
    if (isSelect(el)) {
      finishTyping();
      const v = viewFor(e);
      const values = selectedLabels(el as HTMLSelectElement);
      const { id, fp } = targetIn(el, v);
      if (values.length) emitter.emit(step(v, { kind: 'select', id, values }, fp));
    } else if (isCheckable(el)) {
      finishTyping();
      const v = viewFor(e);
      const { id, fp } = targetIn(el, v);
      emitter.emit(step(v, { kind: 'check', id, checked: (el as HTMLInputElement).checked }, fp));
    } else {
      const field = typedField(el);
      // a value set without keystrokes (autofill, a date picker) starts and ends here
      if (field) {
        beginTyping(field);
        finishTyping();
      }
    }
    markStale();
  };

  const onFocusIn = (e: Event) => {
    const el = eventElement(e);
    const field = el && typedField(el);
    if (field && pending?.field !== field) focused = fieldAsIs(field);
  };

  const onFocusOut = (e: Event) => {
    if (pending && e.composedPath().includes(pending.field)) finishTyping();
  };

  const guarded = (fn: (e: Event) => void) => (e: Event) => {
    timed('events', () => {
      try {
        fn(e);
      } catch (error) {
        // never let a recorder fault reach the page; the message names no value
        console.warn('[copilot] recorder:', error instanceof Error ? error.message : 'unknown error');
      }
    });
  };

  const everywhere: [string, (e: Event) => void][] = [
    ['pointerdown', guarded(onPointerDown)],
    ['click', guarded(onClick)],
    ['keydown', guarded(onKeyDown)],
    ['beforeinput', guarded(onEdit)],
    ['input', guarded(onEdit)],
    ['change', guarded(onChange)],
    ['focusin', guarded(onFocusIn)],
    ['focusout', guarded(onFocusOut)],
    ['scroll', () => markStale()],
  ];
  // change does not cross a shadow boundary (it is not composed), so shadow roots get their own
  const inShadow: [string, (e: Event) => void][] = [['change', guarded(onChange)]];
  const options: AddEventListenerOptions = { capture: true, passive: true, signal: abort.signal };

  const attach = (target: EventTarget | null | undefined, list: [string, (e: Event) => void][]) => {
    if (!target || attached.has(target)) return;
    attached.add(target);
    for (const [type, fn] of list) target.addEventListener(type, fn, options);
  };

  const onRoots = (docs: Document[], shadowRoots: ShadowRoot[]) => {
    for (const d of docs) attach(d.defaultView, everywhere);
    for (const r of shadowRoots) attach(r, inShadow);
  };

  attach(window, everywhere);
  window.addEventListener('popstate', guarded(checkAddress), options);
  window.addEventListener('hashchange', guarded(checkAddress), options);
  startViews(onRoots);

  return {
    takePending() {
      if (!pending) return undefined;
      const p = pending;
      pending = undefined;
      return typingStep(p);
    },
    stop() {
      abort.abort();
      stopViews();
      pending = undefined;
      stash = undefined;
    },
  };
}
