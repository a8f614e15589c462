import type { HandlerMap } from '../../shared/protocol-core';
import type { schedulesMessages } from '../../shared/messages/schedules';
import { alarmName, type Schedule } from '../../shared/schedule';
import { cadenceText, firstRunAt, nextRunAfter } from '../../workflows/schedule/next-run';
import { scheduleProblem } from '../../workflows/schedule/settle';
import { resolveValues } from '../../workflows/fill';
import { clearAlarm } from '../../platform/alarms';
import { loadWorkflow } from '../workflows/store';
import { runIfDue, runSchedule } from './run';
import { deleteSchedule, loadSchedule, newScheduleId, putSchedule, updateSchedule } from './store';

type Handlers = Partial<HandlerMap<typeof schedulesMessages>>;
const GONE = { ok: false, message: 'That schedule is not stored any more.' };

/** Making, pausing, running and deleting schedules; the panel reads the list itself (db.schedules). */
export function schedulesHandlers(): Handlers {
  return {
    'schedules.create': async ({ workflowId, cadence, values, watch, allowModel }) => {
      const workflow = await loadWorkflow(workflowId);
      if (!workflow) return { ok: false, message: 'That workflow is not stored any more.' };
      const problem = scheduleProblem(workflow);
      if (problem) return { ok: false, message: problem };
      const filled = resolveValues(workflow, values);
      if (!filled.ok) return filled;
      const now = Date.now();
      const s: Schedule = { id: newScheduleId(), workflowId, name: workflow.name, cadence, values: filled.values, watch, allowModel, paused: false, nextRunAt: firstRunAt(cadence, now), createdAt: now };
      await putSchedule(s);
      // the first run opens its tab and loads the page: the form does not wait for that
      void runIfDue(s.id, now).catch((e) => console.error(`schedule ${s.id} could not run`, e));
      const first = cadence.kind === 'every' ? 'It runs once now, in a background tab' : `It first runs at ${cadence.time}`;
      return { ok: true, id: s.id, message: `“${workflow.name}” runs ${cadenceText(cadence)}. ${first}.` };
    },
    'schedules.pause': async ({ id, paused }) => {
      const now = Date.now();
      const s = await updateSchedule(id, (cur) => ({ ...cur, paused, nextRunAt: paused ? cur.nextRunAt : nextRunAfter(cur.cadence, now, now) }));
      if (!s) return GONE;
      if (paused) await clearAlarm(alarmName(id));
      else await runIfDue(id);
      return { ok: true, message: paused ? `“${s.name}” is paused.` : `“${s.name}” runs again ${cadenceText(s.cadence)}.` };
    },
    'schedules.runNow': async ({ id }) => {
      const s = await loadSchedule(id);
      if (!s) return GONE;
      return runSchedule(s);
    },
    'schedules.delete': async ({ id }) => {
      await deleteSchedule(id);
      await clearAlarm(alarmName(id));
      return { ok: true, message: '' };
    },
  };
}

/** When a workflow is deleted, its schedules go with it; the words say which. */
export async function removeSchedulesOf(workflowId: string, all: Schedule[]): Promise<string> {
  const mine = all.filter((s) => s.workflowId === workflowId);
  for (const s of mine) {
    await deleteSchedule(s.id);
    await clearAlarm(alarmName(s.id));
  }
  return mine.length ? `Its schedule (${mine.map((s) => cadenceText(s.cadence)).join(', ')}) was removed with it.` : '';
}
