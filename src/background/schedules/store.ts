import { Schedule } from '../../shared/schedule';
import { dueNow } from '../../workflows/schedule/next-run';
import { db } from '../../storage/db';

/** Schedules in IndexedDB; a record that no longer reads is reported and left alone (deleting is the person's call). */
export async function loadSchedule(id: string): Promise<Schedule | undefined> {
  const record = await db().schedules.get(id);
  if (!record) return undefined;
  const parsed = Schedule.safeParse(record.data);
  if (!parsed.success) console.error(`schedule ${id}: its stored record does not parse`, parsed.error.issues.slice(0, 3));
  return parsed.success ? parsed.data : undefined;
}

export async function putSchedule(s: Schedule): Promise<void> {
  await db().schedules.put({ id: s.id, workflowId: s.workflowId, nextRunAt: s.nextRunAt, data: s });
}

export async function listSchedules(): Promise<Schedule[]> {
  const records = await db().schedules.toArray();
  return records.flatMap((r) => {
    const parsed = Schedule.safeParse(r.data);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Changes a stored schedule in one transaction (a run settling while an alarm takes the next run loses neither). */
export async function updateSchedule(id: string, change: (s: Schedule) => Schedule): Promise<Schedule | undefined> {
  return db().transaction('rw', db().schedules, async () => {
    const s = await loadSchedule(id);
    if (!s) return undefined;
    const next = change(s);
    await putSchedule(next);
    return next;
  });
}

export async function deleteSchedule(id: string): Promise<void> {
  await db().schedules.delete(id);
}

/**
 * Takes a due schedule's run, once: its next run moves past `now` in the same transaction that
 * reads it, so an alarm and the start-up catch-up that see it at the same moment run it once.
 * Returns the schedule as it was (with how many runs were missed), or undefined when not due.
 */
export async function claimDue(id: string, now: number): Promise<{ schedule: Schedule; missed: number } | undefined> {
  return db().transaction('rw', db().schedules, async () => {
    const s = await loadSchedule(id);
    if (!s) return undefined;
    const due = dueNow(s, now);
    if (!due.run) return undefined;
    await putSchedule({ ...s, nextRunAt: due.next });
    return { schedule: { ...s, nextRunAt: due.next }, missed: due.missed };
  });
}

export const newScheduleId = () => `sch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
