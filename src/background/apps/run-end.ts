import { ExtractedTable, toCsv } from '../../shared/table';
import { fenced } from '../../core/prompts/page-fence';
import { db } from '../../storage/db';
import { endNotice, noticeWaiting } from './waiting-notice';

/** The last table a run or replay read, as CSV fenced as the website's content; '' when none. */
export async function tableOf(runId: string): Promise<string> {
  const events = await db().events.where('runId').equals(runId).toArray();
  const last = events.filter((e) => e.type === 'table').at(-1) as { table?: unknown } | undefined;
  const parsed = last && ExtractedTable.safeParse(last.table);
  return parsed?.success ? `\nThe table it read (CSV):\n${fenced('page', toCsv(parsed.data))}` : '';
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * An agent run's end as its events say it, for the app that started it: the final answer (or the
 * table it read), or why it stopped. `noun`: what the app asked for ("task", "action").
 */
export async function runEnd(runId: string, noun: string, by: { client: string; tabId: number }): Promise<{ ok: boolean; text: string }> {
  let noticed = false;
  // as long as the server waits for a call (15 minutes): a run left waiting for the person goes on in the panel
  for (const end = Date.now() + 15 * 60_000; ; await sleep(250)) {
    const run = await db().runs.get(runId);
    if (run && !['running', 'waiting', 'paused'].includes(run.status)) break;
    // waiting for the person with no panel open: the browser's notification says so, once a question
    if (run?.status === 'waiting' && !noticed) noticed = await noticeWaiting(by.client, runId, by.tabId);
    else if (run?.status !== 'waiting' && noticed) noticed = (await endNotice(runId, by.tabId), false);
    if (Date.now() > end) return { ok: false, text: `The ${noun} is still going on (it may be waiting for the person in the co-pilot’s panel).` };
  }
  if (noticed) await endNotice(runId, by.tabId);
  const events = await db().events.where('runId').equals(runId).toArray();
  const end = events.filter((e) => e.type === 'done' || e.type === 'error' || e.type === 'stopped').at(-1);
  const table = await tableOf(runId);
  if (end?.type === 'done') return { ok: end.success, text: `${end.summary}${table}` };
  if (end?.type === 'error') return { ok: false, text: `The ${noun} stopped on an error: ${end.message}` };
  // why it stopped: the person's Stop, a payment they did not allow, its tab closed
  return { ok: false, text: end?.type === 'stopped' && end.reason ? `The ${noun} was stopped: ${end.reason}.` : `The ${noun} was stopped.` };
}
