import { ExtractedTable } from '../../shared/table';
import type { ReplayState } from '../../workflows/replay/state';
import { resultFromPageText, resultFromTable } from '../../workflows/schedule/changes';
import type { RunResult, Schedule } from '../../shared/schedule';
import { settleRun } from '../../workflows/schedule/settle';
import { notify } from '../../platform/notifications';
import { db } from '../../storage/db';
import { replayPageFor } from '../workflows/replay-page';
import { noticeId } from './run';
import { listSchedules, updateSchedule } from './store';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The run's result: the last table its extract step read (the run's events, written a moment
 * after the replay returns, so they are waited for), else the text of the page it ended on.
 */
async function resultOf(s: ReplayState): Promise<RunResult | undefined> {
  for (let i = 0; i < 30; i++) {
    const events = await db().events.where('runId').equals(s.replayId).toArray();
    if (events.some((e) => e.type === 'done')) {
      const table = events.filter((e) => e.type === 'table').at(-1);
      const parsed = table && ExtractedTable.safeParse((table as { table?: unknown }).table);
      if (parsed?.success) return resultFromTable(parsed.data);
      break;
    }
    await sleep(100);
  }
  try {
    const page = await replayPageFor(s.tabId).snapshot(0);
    return resultFromPageText(page.text);
  } catch {
    return undefined; // the tab is gone or unreadable: the run counts as done, with nothing to compare
  }
}

/** When a replay stops: if it was a scheduled run, keep its result, compare it, tell the person what matters. */
export async function settleScheduledRun(end: ReplayState): Promise<void> {
  const schedule = (await listSchedules()).find((x) => x.running?.replayId === end.replayId);
  if (!schedule) return;
  const result = end.status === 'done' ? await resultOf(end) : undefined;
  let closeTab = false;
  let notice: { title: string; message: string } | undefined;
  const saved = await updateSchedule(schedule.id, (cur: Schedule) => {
    const r = settleRun(cur, { replayId: end.replayId, status: end.status, message: end.message, asked: end.confirm }, result, Date.now());
    closeTab = r.closeTab;
    notice = r.notice;
    return r.schedule;
  });
  if (!saved) return; // deleted while it ran
  if (notice) await notify(noticeId(saved, end.replayId), notice.title, notice.message);
  if (closeTab) await chrome.tabs.remove(end.tabId).catch(() => {});
}
