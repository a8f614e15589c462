import { scheduleIdOfAlarm } from '../../shared/schedule';
import { onAlarm } from '../../platform/alarms';
import { onNotificationClicked } from '../../platform/notifications';
import { onReplayEnd } from '../workflows/replay-runner';
import { catchUp, runIfDue } from './run';
import { settleScheduledRun } from './settle';
import { loadSchedule } from './store';
import { wakeOn } from '../../platform/wake';

/** A click on a run's notification shows the run's tab, where its question waits. */
async function showRun(notificationId: string): Promise<void> {
  const id = /^schedule:([^:]+):/.exec(notificationId)?.[1];
  const s = id ? await loadSchedule(id) : undefined;
  if (!s?.running) return;
  const tab = await chrome.tabs.update(s.running.tabId, { active: true }).catch(() => undefined);
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true }).catch(() => {});
}

/**
 * Wires the schedules at the background's start: listeners first (an alarm or a browser start is
 * what woke the worker), then the catch-up that runs what fell due while nothing ran and sets the
 * alarms again (`later`: when the worker's start lets it, main.ts). Returns a problem in words when this browser cannot run schedules.
 */
export function startSchedules(later: (job: () => unknown) => void = (job) => void job()): string | undefined {
  onReplayEnd(settleScheduledRun);
  const problem = onAlarm((name) => {
    const id = scheduleIdOfAlarm(name);
    if (id) void runIfDue(id).catch((e) => console.error(`schedule ${id} could not run`, e));
  });
  onNotificationClicked((id) => void showRun(id).catch(() => {}));
  // a listener here makes the browser start the worker when the browser starts
  wakeOn('runtime.onStartup', () => void catchUp().catch((e) => console.error('schedules: catch-up failed', e)));
  later(() => catchUp().catch((e) => console.error('schedules: catch-up failed', e)));
  return problem;
}
