import type { DemoStep, RecordedAction } from '../../shared/demonstration';
import type { Fingerprint } from '../../shared/fingerprint';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { idFor } from '../page-model/ids';
import type { Emitter } from './emitter';
import { currentView, type PageView } from './page-view';
import { itemFor } from './targets';

/** A field being typed in: its step is taken when the person is done (change, blur, Enter, a click elsewhere). */
export interface Pending {
  field: Element;
  /** the page before the first keystroke */
  view: PageView;
  /** the value before typing, to skip a field left as it was; for a secret field only a hash of it */
  initial: string;
}

/** The page as it was when a pointer or activation key went down, for the click or change that follows. */
export interface Stash {
  path: EventTarget[];
  view: PageView;
  at: number;
}

/** What one recording remembers between the person's events; every listener reads and updates it. */
export interface CaptureState {
  emitter: Emitter;
  /** the field being typed in */
  pending?: Pending;
  /** the field that has focus, as it was when it got it */
  focused?: Pending;
  /** the last Enter that mattered, so the click it makes on the form's button is not a second step */
  enter?: { at: number; form: HTMLFormElement | null };
  stash?: Stash;
  /**
   * The path of a click the page made itself (`element.click()`, a dispatched click), until its
   * script ends: a checkbox or radio it toggles fires a change the browser marks trusted
   */
  scripted?: EventTarget[];
  lastHref: string;
  lastView?: PageView;
}

export function newCaptureState(emitter: Emitter): CaptureState {
  return { emitter, lastHref: location.href };
}

/** The page now, remembered as the last one seen. */
export function viewNow(s: CaptureState): PageView {
  s.lastView = currentView();
  return s.lastView;
}

export function stepIn(s: CaptureState, v: PageView, action: RecordedAction, target?: Fingerprint, variable?: string): DemoStep {
  return {
    at: s.emitter.stamp(),
    url: v.url,
    title: v.title,
    action,
    ...(target ? { target } : {}),
    page: v.text,
    ...(variable ? { variable } : {}),
  };
}

/** The element's page-model id and fingerprint in view v (its control, when el sits inside one). */
export function targetIn(el: Element, v: PageView) {
  const item = itemFor(el, v);
  const node = item?.el ?? el;
  return { item, id: item?.id ?? idFor(node), fp: fingerprintOf(node, item && { role: item.role, name: item.name }) };
}

/** A single-page app changed its address: that is a navigation step. */
export function checkAddress(s: CaptureState): void {
  if (location.href === s.lastHref) return;
  s.lastHref = location.href;
  const before = s.lastView ?? viewNow(s);
  s.emitter.emit({ ...stepIn(s, before, { kind: 'navigate', url: location.href }), url: location.href, title: document.title });
}
