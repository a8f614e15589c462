// Messages of workflow schedules: the Workflows tab makes, pauses, runs and deletes them; the list
// itself is read from IndexedDB. Docs: docs/schedules.md.
import { z } from 'zod';
import { Ack, defineMessage } from '../protocol-core';
import { Cadence } from '../schedule';
import { lazy } from '../lazy';

const Ref = lazy(() => z.object({ id: z.string().min(1) }));

export const schedulesMessages = {
  'schedules.create': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Run a workflow on a schedule with these values (fixed now). Refused for a workflow with a secret variable. An interval runs once at once.',
    params: z.object({
      workflowId: z.string().min(1),
      cadence: Cadence,
      values: z.record(z.string(), z.string()).default({}),
      watch: z.boolean().default(true),
      allowModel: z.boolean().default(false),
    }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), id: z.string(), message: z.string() }), z.object({ ok: z.literal(false), message: z.string() })]),
  })),
  'schedules.pause': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Pause a schedule (its alarm is cleared) or resume it (the next run is counted from now).',
    params: z.object({ id: z.string().min(1), paused: z.boolean() }),
    result: Ack,
  })),
  'schedules.runNow': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Run a schedule once now, in a background tab like a scheduled run; its next run stays as it was.',
    params: Ref,
    result: Ack,
  })),
  'schedules.delete': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Delete a schedule (its alarm too).', params: Ref, result: Ack })),
};
