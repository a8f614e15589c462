import { fit } from '../page-model/budget';
import { buildLines, walkPage } from '../page-model/snapshot';
import type { Item } from '../page-model/walk';
import { timed } from './timings';

/**
 * The page model as it is right now, kept ready so that "the page before the action" costs
 * nothing when the person clicks: a mutation, scroll or edit marks it stale, and it is taken
 * again when the page is idle. Only when an action comes before that (a stale view) is it taken
 * synchronously, inside the event, before the page's own handlers change anything.
 */
export interface PageView {
  text: string;
  url: string;
  title: string;
  /** the page model's item of every element with an id, to map an event target to its line */
  byEl: Map<Element, Item>;
  takenAt: number;
}

/** The agent's default page budget, so a recorded page reads like what the agent sees. */
const BUDGET = 4000;
/** Refreshes no more often than this on a page that never stops changing. */
const MIN_GAP_MS = 200;

let view: PageView | undefined;
let stale = true;
let observer: MutationObserver | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastTaken = 0;
let onRoots: ((docs: Document[], roots: ShadowRoot[]) => void) | undefined;
let observed = new WeakSet<Node>();

/** Starts keeping the view; `roots` hears of every document and open shadow root the walk finds. */
export function startViews(roots: (docs: Document[], shadowRoots: ShadowRoot[]) => void): void {
  onRoots = roots;
  observer ??= new MutationObserver(markStale);
  stale = true;
  take('syncRefreshes');
}

export function stopViews(): void {
  observer?.disconnect();
  observer = undefined;
  clearTimeout(timer);
  timer = undefined;
  view = undefined;
  onRoots = undefined;
  observed = new WeakSet<Node>();
}

export function markStale(): void {
  stale = true;
  if (timer !== undefined || !observer) return;
  timer = setTimeout(() => {
    const idle = () => {
      timer = undefined;
      if (stale && observer) take('idleRefreshes');
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(idle, { timeout: 500 });
    else idle();
  }, Math.max(0, MIN_GAP_MS - (Date.now() - lastTaken)));
}

/** The view of the page as it is now (taken at once if the cached one is stale). */
export function currentView(): PageView {
  if (!view || stale) take('syncRefreshes');
  return view!;
}

function take(kind: 'syncRefreshes' | 'idleRefreshes'): void {
  timed(kind, () => {
    const walked = walkPage();
    // no "new" marks: a recorded page is read on its own, not as a change from a previous one
    const fitted = fit(buildLines(walked.items, null), BUDGET);
    const byEl = new Map<Element, Item>();
    for (const it of walked.items) if (it.kind !== 'text') byEl.set(it.el, it);
    view = { text: fitted.text, url: location.href, title: document.title, byEl, takenAt: Date.now() };
    stale = false;
    lastTaken = Date.now();
    const fresh: Node[] = [];
    for (const root of [...walked.docs, ...walked.shadowRoots]) {
      if (observed.has(root)) continue;
      observed.add(root);
      fresh.push(root);
      observer?.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    if (fresh.length) onRoots?.(walked.docs, walked.shadowRoots);
  });
}
