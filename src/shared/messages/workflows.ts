// Messages of the workflows feature: the panel's library and replay controls. The service worker
// asking the page to find a recorded element again is in ./replay-page.ts. Format: docs/workflows.md.
import { z } from 'zod';
import { FilePayload, MAX_ATTACHMENTS_TOTAL, MAX_ATTACHMENT_BYTES } from '../attachment';
import { Ack, defineMessage } from '../protocol-core';
import { Workflow } from '../workflow';
import { lazy } from '../lazy';

const Ref = lazy(() => z.object({ id: z.string().min(1) }));
const ReplayRef = lazy(() => z.object({ replayId: z.string().min(1) }));
const Failed = lazy(() => z.object({ ok: z.literal(false), message: z.string() }));


export const WorkflowSummary = lazy(() => z.object({
  id: z.string(),
  name: z.string(),
  site: z.string(),
  steps: z.number().int(),
  source: z.string(),
  updatedAt: z.number(),
  variables: z.array(z.object({ name: z.string(), label: z.string(), default: z.string().optional(), secret: z.boolean() })),
}));

export const workflowsMessages = {
  'workflows.list': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The saved workflows, newest first.',
    params: z.object({}),
    result: z.array(WorkflowSummary),
  })),
  'workflows.get': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'One saved workflow in full.',
    params: Ref,
    result: Workflow.nullable(),
  })),
  'workflows.save': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Store a workflow object (checked like an imported file).',
    params: z.object({ workflow: z.unknown() }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), id: z.string() }), Failed]),
  })),
  'workflows.rename': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Give a workflow another name.',
    params: z.object({ id: z.string().min(1), name: z.string().trim().min(1).max(200) }),
    result: Ack,
  })),
  'workflows.delete': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Delete a workflow.',
    params: Ref,
    result: Ack,
  })),
  'workflows.export': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'A workflow as file text: this extension\'s format, or a Chrome DevTools Recorder recording where the steps allow (variables take `values`, else their recorded values; secrets are never written).',
    params: z.object({ id: z.string().min(1), format: z.enum(['workflow', 'chrome-recorder']).default('workflow'), values: z.record(z.string(), z.string()).default({}) }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), filename: z.string(), text: z.string(), warnings: z.array(z.string()) }), Failed]),
  })),
  'workflows.import': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Import a workflow file or a Chrome Recorder recording (preview: read it and describe it, store nothing); a refused file changes nothing. Warnings name steps that leave the workflow\'s site (each asks at run time).',
    params: z.object({
      text: z.string().max(5_000_001),
      filename: z.string().default(''),
      preview: z.boolean().default(false),
      /** the person, at the review, let the flow submit forms on its site without asking each run */
      trustEffects: z.boolean().default(false),
    }),
    result: z.discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        id: z.string(),
        name: z.string(),
        kind: z.enum(['workflow', 'chrome-recorder']),
        warnings: z.array(z.string()).default([]),
        /** with preview: nothing stored; what the flow does in words, and what the replay does not honour */
        stored: z.boolean().default(true),
        review: z
          .object({ site: z.string(), startUrl: z.string(), steps: z.array(z.string()), notes: z.array(z.string()), leaves: z.array(z.string()) })
          .optional(),
        /** with preview: the file's values of secret variables, for the person to use in one run (never stored) */
        fileSecrets: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })).optional(),
      }),
      Failed,
    ]),
  })),
  'replay.start': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Replay a workflow in a tab with these variable values; the replay opens its start page itself (in this tab, or in a new one when this tab shows another site or one is asked for), and says so in `opened`.',
    params: z.object({
      workflowId: z.string().min(1),
      tabId: z.number().int().optional(),
      newTab: z.boolean().default(false),
      values: z.record(z.string(), z.string()).default({}),
      stepMode: z.boolean().default(false),
      /** the files chosen for the workflow's file variables, by variable name */
      files: z
        .record(z.string(), FilePayload.refine((f) => f.size <= MAX_ATTACHMENT_BYTES, 'a file is larger than 10 MB'))
        .refine((fs) => Object.values(fs).reduce((n, f) => n + f.size, 0) <= MAX_ATTACHMENTS_TOTAL, 'the files come to more than 25 MB')
        .default({}),
    }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), replayId: z.string(), tabId: z.number().int(), opened: z.enum(['new', 'here']).optional() }), Failed]),
  })),
  'replay.step': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Run the next step only, then pause.', params: ReplayRef, result: Ack })),
  'replay.skip': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Skip the step a waiting replay stopped at and go on.', params: ReplayRef, result: Ack })),
  'replay.keepRepair': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Keep (or drop) a repair a replay made to a step, writing its new element into the workflow.',
    params: z.object({ replayId: z.string().min(1), index: z.number().int().nonnegative(), keep: z.boolean() }),
    result: Ack,
  })),
};
