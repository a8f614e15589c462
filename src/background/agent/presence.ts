import type { OverlayView } from '../../shared/messages/overlay';
import type { RunEvent } from '../../shared/run-events';
import { sendToTab } from '../rpc';
import { actionInWords } from '../../shared/plain-words';
import { doneWith, workIn } from '../executor/content-script';
import { wakeOn } from '../../platform/wake';

/**
 * Where a person sees that the co-pilot works, outside the side panel: the overlay in the run's
 * tab (glow, outlined element, marked field, Stop) and a badge on the toolbar icon, shown on every
 * tab, so a task running in another tab is not invisible. Fed with the run's own events.
 */
/** `drawn`: the page has been told (a replay's first "acting" waits FIRST_DRAW_MS) */
type Shown = OverlayView & { runId: string; drawn: boolean };
const shown = new Map<number, Shown>();

/**
 * How long a replay works in a tab before the overlay is first drawn there. A replay of a few
 * steps is often over sooner, and a glow that flashes for a fifth of a second tells the person
 * nothing while drawing it takes the page's time from the replay (as the panel's "waiting for the
 * page" is told only after 600 ms). A question or a pause is drawn at once. An agent run is drawn
 * at once: its first action comes after a model's answer, seconds later.
 */
const FIRST_DRAW_MS = 200;
const firstDraws = new Map<number, ReturnType<typeof setTimeout>>();

const BADGE = { acting: { text: '•', color: '#2456d6' }, waiting: { text: '!', color: '#a37b00' }, paused: { text: '❚❚', color: '#5a6274' } } as const;

function updateBadge(): void {
  const states = [...shown.values()].filter((s) => s.drawn).map((s) => s.state);
  const kind = states.some((s) => s === 'waiting' || s === 'handoff') ? 'waiting' : states.includes('acting') ? 'acting' : states.includes('paused') ? 'paused' : null;
  const badge = kind ? BADGE[kind] : { text: '', color: '#2456d6' };
  void chrome.action.setBadgeText({ text: badge.text }).catch(() => {});
  void chrome.action.setBadgeBackgroundColor({ color: badge.color }).catch(() => {});
}

/** Tells the tab's page what to draw; a page between documents or without a content script just misses it. */
function draw(tabId: number, view: OverlayView): void {
  void sendToTab(tabId, 'overlay.show', view, { frameId: 0, timeoutMs: 1_000 }).catch(() => {});
}

function set(tabId: number, next: Omit<Shown, 'drawn'>, deferFirst = false): void {
  const prev = shown.get(tabId);
  // a run (agent task, replay, scheduled replay) works in this tab from now on: each page it loads gets the script
  if (prev?.runId !== next.runId) void workIn(tabId, next.runId).catch(() => {});
  // the same state again changes nothing the page needs told: a replay says "acting" for every
  // step, and the element an action acts on is outlined by the page itself as it aims or acts
  // (src/content/overlay/overlay.ts outlineActing), so no message goes ahead of the action's own
  if (prev && prev.runId === next.runId && prev.state === next.state && prev.doing === next.doing && (next.elementId === undefined || next.state === 'acting')) return;
  if (deferFirst && next.state === 'acting' && (!prev || (prev.runId === next.runId && !prev.drawn))) {
    shown.set(tabId, { ...next, drawn: false });
    if (!firstDraws.has(tabId)) firstDraws.set(tabId, setTimeout(() => drawFirst(tabId), FIRST_DRAW_MS));
    return;
  }
  clearTimeout(firstDraws.get(tabId));
  firstDraws.delete(tabId);
  shown.set(tabId, { ...next, drawn: true });
  draw(tabId, { state: next.state, elementId: next.elementId, ...(next.doing ? { doing: next.doing } : {}) });
  updateBadge();
}

/** The run is still working in the tab FIRST_DRAW_MS after it began there: now it is drawn. */
function drawFirst(tabId: number): void {
  firstDraws.delete(tabId);
  const now = shown.get(tabId);
  if (!now || now.drawn) return;
  now.drawn = true;
  draw(tabId, { state: now.state, elementId: now.elementId, ...(now.doing ? { doing: now.doing } : {}) });
  updateBadge();
}

function clear(tabId: number, runId: string): void {
  const was = shown.get(tabId);
  if (was?.runId !== runId) return;
  void doneWith(runId, tabId);
  shown.delete(tabId);
  clearTimeout(firstDraws.get(tabId));
  firstDraws.delete(tabId);
  // a run over before its first drawing left nothing in the page
  if (!was.drawn) return;
  draw(tabId, { state: 'off' });
  updateBadge();
}

/** The step in the pill: "click “Next”", the timeline's words before it is done. */
function doingOf(action: Parameters<typeof actionInWords>[0], line: string): string | undefined {
  const words = actionInWords(action, line, 'ask');
  if (!words) return undefined;
  const short = words.length > 120 ? `${words.slice(0, 119)}…` : words;
  return short[0]!.toLowerCase() + short.slice(1);
}

/** The element an action targets, if it has one. */
const elementOf = (action: { kind: string } | null) => (action && 'id' in action && typeof action.id === 'number' ? action.id : undefined);

/**
 * Follows one run: in its tab, or, for a run over several tabs, in the one `current` names.
 * `deferFirst` (replays): the first "acting" is drawn FIRST_DRAW_MS later, if the run still works.
 */
export function presenceFor(tabId: number, current: () => number = () => tabId, deferFirst = false): (event: RunEvent) => void {
  let element: number | undefined;
  let drawnIn = tabId;
  const at = (e: RunEvent, state: Shown['state'], elementId?: number, doing?: string) => {
    const now = current();
    // the run moved to another of its tabs: the overlay goes with it
    if (now !== drawnIn) clear(drawnIn, e.runId);
    drawnIn = now;
    set(now, { runId: e.runId, state, ...(elementId === undefined ? {} : { elementId }), ...(doing ? { doing } : {}) }, deferFirst);
  };
  return (e) => {
    switch (e.type) {
      case 'run_started':
      case 'resumed':
      case 'confirmation_answered':
      case 'replay_started':
        return at(e, 'acting');
      case 'replay_step':
        return at(e, e.status === 'asked' ? 'waiting' : 'acting');
      case 'action':
        element = elementOf(e.action);
        if (e.action.kind === 'done' || e.action.kind === 'ask_user') return;
        // the event's action is the timeline's: a secret typed is already hidden in it
        return at(e, 'acting', element, doingOf(e.action, e.line));
      case 'confirmation_needed':
        // the control asked about, marked until answered: the question's own action names it (a
        // replay asks before it acts, so no action event came first)
        return at(e, 'waiting', elementOf(e.request.action) ?? element);
      case 'question':
        return at(e, e.answer === undefined ? 'waiting' : 'acting');
      case 'handoff':
        return e.phase === 'started' ? at(e, 'handoff', element) : at(e, 'acting');
      case 'paused':
        return at(e, 'paused');
      case 'done':
      case 'error':
      case 'stopped':
        return presenceEnded(tabId, e.runId);
      default:
        return;
    }
  };
}

/** A replay is about to act on this element: outlined for a moment, as the agent's actions are. */
export function presenceActing(tabId: number, runId: string, elementId: number | undefined): void {
  set(tabId, { runId, state: 'acting', ...(elementId === undefined ? {} : { elementId }) }, true);
}

/** Ends what is shown for a run, in every tab it is shown in (also when its last event did not reach here). */
export function presenceEnded(tabId: number, runId: string): void {
  clear(tabId, runId);
  for (const [id, now] of [...shown]) if (now.runId === runId) clear(id, runId);
}

// A page that loads during a run starts with no overlay: draw it again once it is ready.
wakeOn('tabs.onUpdated', (tabId, change) => {
  const now = shown.get(tabId);
  if (now?.drawn && change.status === 'complete') draw(tabId, { state: now.state === 'handoff' ? 'waiting' : now.state });
});
wakeOn('tabs.onRemoved', (tabId) => {
  const now = shown.get(tabId);
  if (now) clear(tabId, now.runId);
});
