import type { DemoStep } from '../../shared/demonstration';
import type { RecordingData } from '../../shared/messages/recording';
import { withPageLoad } from './steps';

// A recording across the tabs its steps open, as pure functions over its data (unit-tested in Node).

type RecordingTab = NonNullable<RecordingData['tabs']>[number];

/** The recording's number for a browser tab: 1 for the tab it started in, undefined for a tab not its own. */
export function tabNumberOf(data: RecordingData, tabId: number, startTabId: number): number | undefined {
  const known = data.tabs?.find((t) => t.tabId === tabId);
  if (known) return known.n || undefined;
  return tabId === startTabId && !data.tabs?.length ? 1 : undefined;
}

/**
 * A tab opened from one of the recording's tabs (a target=_blank link, window.open). It gets its
 * number when its first web page reports (withTabLoad): a browser names the active tab as the
 * opener of tabs it opens for itself too, and those never report. The tab it started in is tab 1.
 */
export function withOpenedTab(data: RecordingData, opened: { tabId: number; openerTabId: number; startTabId: number; at: number }): RecordingData | undefined {
  const tabs: RecordingTab[] = data.tabs?.length ? [...data.tabs] : [{ n: 1, tabId: opened.startTabId, from: 0, at: 0, loaded: true }];
  const from = tabs.find((t) => t.tabId === opened.openerTabId)?.n;
  if (from === undefined || tabs.some((t) => t.tabId === opened.tabId)) return undefined;
  return { ...data, tabs: [...tabs, { n: 0, tabId: opened.tabId, from, at: opened.at, loaded: false }] };
}

/** A step from one of the recording's tabs carries that tab's number (tab 1 carries none, as before tabs existed). */
export function stampTab(step: DemoStep, n: number | undefined): DemoStep {
  return n && n > 1 ? { ...step, tab: n } : step;
}

/**
 * A page load in a recorded tab. The first load of a tab a step opened is that step's effect, not a
 * navigation of its own: the tab gets the next number, and the address the next load is compared with.
 */
export function withTabLoad(data: RecordingData, tabId: number, url: string, title: string, now: number): RecordingData {
  const tab = data.tabs?.find((t) => t.tabId === tabId);
  if (tab && !tab.loaded) {
    const n = Math.max(...data.tabs!.map((t) => t.n)) + 1;
    return { ...data, lastUrl: url, tabs: data.tabs!.map((t) => (t === tab ? { ...t, n, loaded: true } : t)) };
  }
  const next = withPageLoad(data, url, title, now);
  // a navigation in a tab a step opened happens in that tab
  if (next === data || !tab || tab.n === 1) return next;
  return { ...next, steps: next.steps.map((s) => (data.steps.includes(s) ? s : stampTab(s, tab.n))) };
}

/**
 * The steps as saved: the step that opened each tab (the last click or key of the tab it was opened
 * from, before the tab appeared) says so. Worked out at the end, because the page's click step and
 * the browser's new tab reach the recording in either order.
 */
export function markTabOpeners(data: RecordingData): DemoStep[] {
  const steps = [...data.steps];
  for (const tab of data.tabs ?? []) {
    if (tab.n <= 1) continue;
    let opener = -1;
    steps.forEach((s, i) => {
      if ((s.tab ?? 1) === tab.from && (s.action.kind === 'click' || s.action.kind === 'press') && s.at <= tab.at) opener = i;
    });
    if (opener >= 0) steps[opener] = { ...steps[opener]!, opensTab: true };
  }
  return steps;
}
