import { tagOf } from '../page-model/dom';
import { defaultSubmit, factsDigest, formOf, freshFacts } from '../page-model/facts';
import { composedContains } from './geometry';
import { ActionError } from './errors';

/**
 * The executor's half of the safety gate. The gate judged an element's facts (ElementInfo.facts)
 * a moment ago, in the service worker; the page may have changed it since (relabelled "Next" to
 * "Pay $900", slid another button under the pointer, moved the focus). So:
 * - before acting, the element must still match the digest, or the action is refused as `changed`;
 * - while trusted input is on its way, a press, click or submit that lands anywhere but the
 *   checked element (or, for Enter in a field, its form's submit button) is cancelled in the
 *   capture phase, before the page's own handlers, and reported by the next settle as `blocked`.
 *   The press too, not only the click: a point aimed a moment before the page moved (a banner, a
 *   dialog re-centred when Chrome's debugging bar shrinks the window) must not reach a control
 *   that acts on pointerdown or mousedown.
 * Once the press has reached the checked element, the page may answer it at once: a menu or an
 * overlay opened on mousedown or focus now lies under the pointer. The release and the click that
 * land on it are the page's reaction to a press that was delivered, not a press gone astray: they
 * are still cancelled (the gate never saw that layer), but the action counts as done, as it does
 * in Chrome's own runner. A control slid under the pointer before the press still gets nothing,
 * and that press is reported as landing elsewhere.
 * A page can still do anything in its own scripts; what it cannot do is make the co-pilot's
 * click count as consent for a control the gate never saw.
 */

export function checkGuard(el: Element, guard: string | undefined, id: number): void {
  if (guard === undefined) return;
  const now = freshFacts(el);
  if (factsDigest(now) !== guard) {
    throw new ActionError('changed', `element ${id} changed after it was checked: it now reads "${now.label || now.text}"${now.href ? ` and leads to ${now.href}` : ''}; look at the page again`);
  }
}

interface Armed {
  el: Element;
  guard: string;
  id: number;
  allowed: Element[];
  /** a press (pointerdown or mousedown) reached the element and passed every check */
  pressed?: boolean;
  blocked?: Blocked;
  remove: () => void;
}

let armed: Armed | null = null;

const PRESSES = new Set(['pointerdown', 'mousedown']);

function allowedTargets(el: Element): Element[] {
  const out = [el];
  const labels = (el as HTMLInputElement).labels;
  if (labels) out.push(...Array.from(labels));
  const form = formOf(el);
  // Enter in a field presses the form's default button (the browser fires a click on it)
  if (form && tagOf(el) !== 'button') {
    const button = defaultSubmit(form);
    if (button) out.push(button);
  }
  return out;
}

/**
 * Arms the guard for the trusted input about to be sent at element `id`. Replaces any earlier one.
 * `ttlMs`: a guard armed before the safety gate has decided ends by itself if no input comes, so
 * the person's own clicks are never held to an action that did not happen.
 */
export function armGuard(el: Element, guard: string | undefined, id: number, editing = false, ttlMs?: number): void {
  disarmGuard();
  if (guard === undefined) return;
  const state: Armed = { el, guard, id, allowed: allowedTargets(el), remove: () => {} };
  const check = (e: Event) => {
    const target = e.composedPath()[0];
    // nodeType, not instanceof: an element of a same-origin frame belongs to another realm
    const node = target && typeof (target as Node).nodeType === 'number' ? (target as Node) : null;
    const onTarget = !!node && state.allowed.some((a) => composedContains(a, node));
    const form = formOf(el);
    const okSubmit = e.type !== 'submit' || target === form || target === el;
    const press = PRESSES.has(e.type);
    let why = '';
    // typing is not pressing a button: a page that submits its form as a field is typed into is stopped
    if (editing && e.type === 'submit') why = `typing into element ${id} would have submitted its form`;
    else if (e.type !== 'submit' && !onTarget) why = `the click landed on ${describeNode(target)} instead of element ${id}`;
    else if (!okSubmit) why = `a different form than element ${id}'s was submitted`;
    else if (factsDigest(freshFacts(el)) !== guard) why = `element ${id} changed as it was activated (it now reads "${freshFacts(el).text}")`;
    if (!why) {
      if (press) state.pressed = true;
      return;
    }
    e.preventDefault();
    e.stopImmediatePropagation();
    // the release or click after a delivered press, on what the page put under the pointer in answer to it
    if (state.pressed && !press && e.type !== 'submit' && !onTarget) return;
    state.blocked ??= { message: `${why}; the action was cancelled`, offTarget: e.type !== 'submit' && !onTarget };
  };
  const views = new Set<Window>([window]);
  const own = el.ownerDocument.defaultView;
  if (own) views.add(own);
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'submit'];
  for (const v of views) for (const t of types) v.addEventListener(t, check, { capture: true });
  const expiry = ttlMs === undefined ? undefined : setTimeout(() => armed === state && disarmGuard(), ttlMs);
  state.remove = () => {
    clearTimeout(expiry);
    for (const v of views) for (const t of types) v.removeEventListener(t, check, { capture: true });
  };
  armed = state;
}

/**
 * What the guard cancelled. `offTarget`: the press landed on another element (the page moved
 * between the aim and the input), so nothing reached the page's handlers and the action may be
 * aimed again; anything else (the element changed, another form was submitted) may not.
 */
export interface Blocked {
  message: string;
  offTarget: boolean;
}

/** Ends the guard and says what it cancelled, if anything. */
export function disarmGuard(): Blocked | undefined {
  const a = armed;
  armed = null;
  if (!a) return undefined;
  a.remove();
  return a.blocked;
}

function describeNode(n: EventTarget | undefined): string {
  if (!n || (n as Node).nodeType !== 1) return 'nothing';
  const text = ((n as HTMLElement).innerText ?? '').trim().slice(0, 60);
  return `<${tagOf(n as Element)}>${text ? ` "${text}"` : ''}`;
}
