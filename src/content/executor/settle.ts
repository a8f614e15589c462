import type { PageChange } from '../../shared/action';
import { lastWalkResult } from '../page-model/snapshot';

export interface SettleOptions {
  quietMs?: number;
  timeoutMs?: number;
}

export interface Settled {
  change: PageChange;
  /** the document began unloading: the caller should wait for the next document */
  navigating: boolean;
}

interface Recorder {
  url: string;
  added: number;
  removed: number;
  changed: number;
  lastMutation: number;
  /** form state (checked, value, selection) that changed without touching the DOM tree */
  formChanges: number;
  /** when the action's input last reached the page (a press, a release, a key, a hover, a value) */
  inputAt?: number;
  observers: MutationObserver[];
  stopListening: () => void;
}

let recorder: Recorder | null = null;
let unloading = false;

// Installed once per document: an unload that begins during an action is a navigation.
function watchUnload(): void {
  if ((watchUnload as { done?: boolean }).done) return;
  (watchUnload as { done?: boolean }).done = true;
  addEventListener('beforeunload', () => (unloading = true), { capture: true });
  addEventListener('pagehide', () => (unloading = true), { capture: true });
  // a bfcache restore brings the same document back
  addEventListener('pageshow', () => (unloading = false), { capture: true });
}

/** Whether this document's change recorder is armed: an action's input is on its way to it. */
export function isArmed(): boolean {
  return recorder !== null;
}

export function isUnloading(): boolean {
  return unloading;
}

/** A navigation that fired beforeunload was cancelled before it left (its request was not allowed): this document stays. */
export function stayed(): void {
  unloading = false;
}

const countElements = (nodes: NodeList) => {
  let n = 0;
  nodes.forEach((x) => {
    if (x.nodeType === 1) n += 1 + (x as Element).getElementsByTagName('*').length;
  });
  return n;
};

/** Events that say an action's input reached the page; its own handlers run with them. */
const INPUT_EVENTS = ['mousedown', 'mouseup', 'click', 'mouseover', 'keydown', 'keyup', 'input', 'change'];

/** Starts recording changes before an action, so that settle() can say what the action did. */
export function arm(): void {
  watchUnload();
  if (recorder) return;
  const r: Recorder = { url: location.href, added: 0, removed: 0, changed: 0, lastMutation: performance.now(), formChanges: 0, observers: [], stopListening: () => {} };
  // Ticking a box or typing changes properties, not attributes, so no mutation reports it;
  // the input and change events do (both for trusted input and for the DOM-level path).
  const onFormEvent = () => {
    r.formChanges++;
    r.lastMutation = performance.now();
  };
  for (const type of ['input', 'change']) addEventListener(type, onFormEvent, { capture: true, passive: true });
  const onInput = () => (r.inputAt = performance.now());
  for (const type of INPUT_EVENTS) addEventListener(type, onInput, { capture: true, passive: true });
  r.stopListening = () => {
    ['input', 'change'].forEach((type) => removeEventListener(type, onFormEvent, { capture: true }));
    INPUT_EVENTS.forEach((type) => removeEventListener(type, onInput, { capture: true }));
  };
  const onMutations = (list: MutationRecord[]) => {
    r.lastMutation = performance.now();
    for (const m of list) {
      if (m.type === 'childList') {
        const added = countElements(m.addedNodes);
        const removed = countElements(m.removedNodes);
        r.added += added;
        r.removed += removed;
        // text nodes replaced (textContent = ...) change what the page says
        if (!added && !removed) r.changed++;
      } else r.changed++;
    }
  };
  const roots: Node[] = [document];
  const walked = lastWalkResult();
  if (walked) roots.push(...walked.docs.filter((d) => d !== document && d.defaultView), ...walked.shadowRoots.filter((s) => s.isConnected));
  for (const root of roots) {
    const o = new MutationObserver(onMutations);
    o.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    r.observers.push(o);
  }
  recorder = r;
}

export function disarm(): void {
  recorder?.observers.forEach((o) => o.disconnect());
  recorder?.stopListening();
  recorder = null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Waits until the DOM has been quiet for quietMs (bounded by timeoutMs) and reports what
 * changed since arm(). Returns at once when the document starts to unload.
 */
export async function settle(opts: SettleOptions = {}): Promise<Settled> {
  const quietMs = opts.quietMs ?? 120;
  const timeoutMs = opts.timeoutMs ?? 3000;
  if (!recorder) arm();
  const r = recorder!;
  const started = performance.now();
  // let the action's own microtasks and the first frame run before judging quiet, counted from
  // when its input reached the page: trusted input arrives before this is asked, by the time the
  // debugger's events and this message have gone through the browser
  const since = r.inputAt ?? started;
  await sleep(Math.max(0, Math.min(quietMs, 50) - (performance.now() - since)));
  while (!isUnloading()) {
    const now = performance.now();
    if (now - r.lastMutation >= quietMs && document.readyState !== 'loading') break;
    if (now - started >= timeoutMs) break;
    await sleep(Math.min(30, quietMs / 2));
  }
  disarm();
  const url = location.href;
  if (unloading) return { navigating: true, change: { kind: 'navigation', url, added: 0, removed: 0, summary: 'the page is loading a new document' } };
  if (url !== r.url) return { navigating: false, change: { kind: 'navigation', url, added: r.added, removed: r.removed, summary: `moved to ${url} within the page` } };
  if (r.added || r.removed || r.changed || r.formChanges) {
    const parts = [
      r.added && `${r.added} elements added`,
      r.removed && `${r.removed} removed`,
      !r.added && !r.removed && r.changed && `${r.changed} attribute or text changes`,
      r.formChanges && 'a form value changed',
    ].filter(Boolean);
    return { navigating: false, change: { kind: 'dom', url, added: r.added, removed: r.removed, summary: parts.join(', ') } };
  }
  return { navigating: false, change: { kind: 'none', url, added: 0, removed: 0, summary: 'nothing changed on the page' } };
}

/** Waits for a quiet DOM without touching the action's recorder (for steps inside one action). */
export async function waitQuiet(quietMs: number, timeoutMs: number): Promise<void> {
  let last = performance.now();
  const o = new MutationObserver(() => (last = performance.now()));
  o.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const started = last;
  await sleep(Math.min(quietMs, 40));
  while (performance.now() - last < quietMs && performance.now() - started < timeoutMs) await sleep(20);
  o.disconnect();
}
