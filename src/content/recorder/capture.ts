import type { DemoStep } from '../../shared/demonstration';
import { checkAddress, newCaptureState, type CaptureState } from './capture-state';
import type { Emitter } from './emitter';
import { onChange, onClick, onEdit, onFocusIn, onFocusOut, onKeyDown, onPointerDown } from './listeners';
import { markStale, startViews, stopViews } from './page-view';
import { timed } from './timings';
import { typingStep } from './typing';

export interface Capture {
  /** the step of a field still being typed in, taken now (for Save while the cursor is in a field) */
  takePending(): DemoStep | undefined;
  stop(): void;
}

type Listener = (e: Event) => void;

/** A listener over the recording's state that never lets a recorder fault reach the page. */
function guarded(s: CaptureState, fn: (s: CaptureState, e: Event) => void): Listener {
  return (e) =>
    timed('events', () => {
      try {
        fn(s, e);
      } catch (error) {
        // the message names no value
        console.warn('[copilot] recorder:', error instanceof Error ? error.message : 'unknown error');
      }
    });
}

/** What each window listens to, and what each open shadow root listens to. */
function listenerLists(s: CaptureState): { everywhere: [string, Listener][]; inShadow: [string, Listener][] } {
  const change = guarded(s, onChange);
  return {
    everywhere: [
      ['pointerdown', guarded(s, onPointerDown)],
      ['click', guarded(s, onClick)],
      ['keydown', guarded(s, onKeyDown)],
      ['beforeinput', guarded(s, onEdit)],
      ['input', guarded(s, onEdit)],
      ['change', change],
      ['focusin', guarded(s, onFocusIn)],
      ['focusout', guarded(s, onFocusOut)],
      ['scroll', () => markStale()],
    ],
    // change does not cross a shadow boundary (it is not composed), so shadow roots get their own
    inShadow: [['change', change]],
  };
}

/**
 * Listens to the person's input in capture phase, passively, in the top document, its same-origin
 * frames and open shadow roots, and turns it into recorded steps (./listeners.ts). It never
 * cancels, stops or changes an event, and reads only what the page model and fingerprint need.
 */
export function startCapture(emitter: Emitter): Capture {
  const s = newCaptureState(emitter);
  const abort = new AbortController();
  const attached = new WeakSet<object>();
  const { everywhere, inShadow } = listenerLists(s);
  const options: AddEventListenerOptions = { capture: true, passive: true, signal: abort.signal };

  const attach = (target: EventTarget | null | undefined, list: [string, Listener][]) => {
    if (!target || attached.has(target)) return;
    attached.add(target);
    for (const [type, fn] of list) target.addEventListener(type, fn, options);
  };

  attach(window, everywhere);
  window.addEventListener('popstate', guarded(s, checkAddress), options);
  window.addEventListener('hashchange', guarded(s, checkAddress), options);
  startViews((docs, shadowRoots) => {
    for (const d of docs) attach(d.defaultView, everywhere);
    for (const r of shadowRoots) attach(r, inShadow);
  });

  return {
    takePending() {
      if (!s.pending) return undefined;
      const p = s.pending;
      s.pending = undefined;
      return typingStep(s, p);
    },
    stop() {
      abort.abort();
      stopViews();
      s.pending = undefined;
      s.stash = undefined;
    },
  };
}
