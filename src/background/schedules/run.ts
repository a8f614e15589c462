import { alarmName, scheduleIdOfAlarm, type LastRun, type Schedule } from '../../shared/schedule';
import { busyMessage, goneNotice, scheduleProblem } from '../../workflows/schedule/settle';
import { alarmNames, clearAlarm, setAlarm } from '../../platform/alarms';
import { notify } from '../../platform/notifications';
import { db } from '../../storage/db';
import { startReplay } from '../workflows/replay-start';
import { loadWorkflow } from '../workflows/store';
import { claimDue, deleteSchedule, listSchedules, updateSchedule } from './store';
import { browserSession } from '../browser-session';
import { openOwnTab } from '../executor/side-doors';

type Ack = { ok: boolean; message: string };
const LIVE = ['running', 'paused', 'waiting'];

export const noticeId = (s: { id: string }, what: string) => `schedule:${s.id}:${what}`;

/** A schedule whose workflow is gone is removed, and the person told: it could never run again. */
export async function removeOrphan(s: Schedule): Promise<string> {
  await deleteSchedule(s.id);
  await clearAlarm(alarmName(s.id));
  const n = goneNotice(s.name);
  await notify(noticeId(s, 'gone'), n.title, n.message);
  return n.message;
}

const lastRun = (outcome: LastRun['outcome'], message: string): LastRun => ({ at: Date.now(), outcome, message });

async function record(s: Schedule, last: LastRun, notice?: string): Promise<Ack> {
  await updateSchedule(s.id, (cur) => ({ ...cur, last }));
  if (notice) await notify(noticeId(s, `${last.at}`), notice, last.message);
  return { ok: false, message: last.message };
}

/** The status of the schedule's previous run when it has not ended (going on, or waiting in a tab still open). */
async function unfinished(s: Schedule): Promise<string | undefined> {
  // a run from before the browser was last closed is over, whatever its stored state says
  if (!s.running || s.running.startedAt < (await browserSession()).startedAt) return undefined;
  const replay = await db().runs.get(s.running.replayId);
  const tab = await chrome.tabs.get(s.running.tabId).catch(() => undefined);
  return replay && LIVE.includes(replay.status) && tab ? replay.status : undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A tab of the run's own, behind the person's (never their active tab), loaded before the replay
 * starts: a replay begins by checking which site and page the tab is on.
 */
async function openBehind(url: string): Promise<number | undefined> {
  const tab = await openOwnTab({ url, active: false }).catch(() => undefined);
  if (tab?.id === undefined) return undefined;
  for (let waited = 0; waited < 30_000; waited += 200) {
    const now = await chrome.tabs.get(tab.id).catch(() => undefined);
    if (!now) return undefined;
    if (now.status === 'complete' && now.url && now.url !== 'about:blank') break;
    await sleep(200);
  }
  return tab.id;
}

/**
 * One run of a schedule: the workflow replayed with the schedule's values in a new background
 * tab; no model is asked to repair a step unless the schedule allows it. The run's end is settled
 * by ./settle.ts when the replay stops.
 */
export async function runSchedule(s: Schedule): Promise<Ack> {
  let workflow;
  try {
    workflow = await loadWorkflow(s.workflowId);
  } catch (e) {
    return record(s, lastRun('failed', String((e as Error).message)), `“${s.name}” did not run`);
  }
  if (!workflow) return { ok: false, message: await removeOrphan(s) };
  // one run at a time; a run that waits keeps its question and its notification (nothing is recorded over them)
  const busy = await unfinished(s);
  if (busy) return { ok: false, message: busyMessage(busy) };
  // a last run whose tab was closed, or whose replay ended unseen, no longer holds the schedule
  if (s.running) await updateSchedule(s.id, (cur) => ({ ...cur, running: undefined }));
  const problem = scheduleProblem(workflow);
  if (problem) return record(s, lastRun('failed', problem), `“${s.name}” did not run`);
  const tabId = await openBehind(workflow.startUrl);
  if (tabId === undefined) return record(s, lastRun('failed', `Could not open ${workflow.startUrl} in a tab.`), `“${s.name}” did not run`);
  const r = await startReplay({ workflowId: workflow.id, tabId, newTab: false, values: s.values, stepMode: false, noModel: !s.allowModel, unattended: true });
  if (!r.ok) {
    await chrome.tabs.remove(tabId).catch(() => {});
    return record(s, lastRun('failed', r.message), `“${s.name}” did not run`);
  }
  await updateSchedule(s.id, (cur) => ({ ...cur, running: { replayId: r.replayId, tabId: r.tabId, startedAt: Date.now() } }));
  return { ok: true, message: `“${s.name}” is running in a background tab.` };
}

/** Runs a schedule if it is due (once however many runs were missed), then sets its alarm for the next. */
export async function runIfDue(id: string, now = Date.now()): Promise<void> {
  const claimed = await claimDue(id, now);
  if (claimed) await runSchedule(claimed.schedule);
  const s = (await listSchedules()).find((x) => x.id === id);
  if (s && !s.paused) await setAlarm(alarmName(s.id), s.nextRunAt);
  else if (s) await clearAlarm(alarmName(s.id));
}

/**
 * At the background's start (a browser start, or the worker woken again): every schedule due now
 * runs once, missed runs collapsed into that one, and every alarm is set again, since alarms do
 * not always survive a browser restart. Alarms of schedules that are gone are cleared.
 */
export async function catchUp(): Promise<void> {
  const all = await listSchedules();
  for (const s of all) await runIfDue(s.id);
  const ids = new Set(all.map((s) => s.id));
  for (const name of await alarmNames()) {
    const id = scheduleIdOfAlarm(name);
    if (id && !ids.has(id)) await clearAlarm(name);
  }
}
