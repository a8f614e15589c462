// Messages of the recording feature: the panel's Record controls, the recorder in the page sending
// the steps it captures, and the service worker telling a page to start or stop capturing.
// Format of what is recorded: docs/recording.md.
import { z } from 'zod';
import { Ack, defineMessage, type MessageDef } from '../protocol-core';
import { DemoStep } from '../demonstration';
import { ExtractStepAction } from '../workflow';
import { lazy } from '../lazy';

/** A table the person marked to be read at the end of the recording: the workflow's last step. */
export const RecordedExtract = lazy(() => z.object({
  action: ExtractStepAction,
  /** the page it was marked on */
  url: z.string(),
  title: z.string(),
  /** rows of the recorded shape on that page when it was marked */
  rows: z.number().int().nonnegative(),
}));
export type RecordedExtract = z.infer<typeof RecordedExtract>;

/** The first page of a recording: where it starts and what Synapse keys retrieval on besides the task. */
export const FirstPage = lazy(() => z.object({
  url: z.string(),
  title: z.string(),
  /** h1-h3 texts of the first page, in document order */
  headings: z.array(z.string()),
  /** the page model of the first page (the observation before the first step) */
  page: z.string(),
}));
export type FirstPage = z.infer<typeof FirstPage>;

/** What a recording in progress holds (RecordingRecord.data): the first page and the steps so far. */
export const RecordingData = lazy(() => z.object({
  first: FirstPage,
  steps: z.array(DemoStep),
  /** address of the last page the recorder reported, to tell a navigation from a reload */
  lastUrl: z.string(),
  /** the page's recorder has answered and is capturing (the panel says "starting" until then) */
  ready: z.boolean(),
  /**
   * the tabs of the recording once a recorded tab opened one: n is the steps' `tab` (0 until its first
   * web page reports, so a tab the browser opens for itself gets no number), `from` the tab it was
   * opened from, `at` when; `loaded` once its first page reported (that load is the opening's effect)
   */
  tabs: z.array(z.object({ n: z.number().int().min(0), tabId: z.number().int(), from: z.number().int().min(0), at: z.number(), loaded: z.boolean() })).optional(),
  /** a table to read once the recorded steps are done (docs/recording.md, "Ending with a table") */
  extract: RecordedExtract.optional(),
}));
export type RecordingData = z.infer<typeof RecordingData>;

const Failed = lazy(() => z.object({ ok: z.literal(false), message: z.string() }));

export const recordingMessages = {
  'recording.start': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Start recording what the person does in a tab (one recording per tab).',
    params: z.object({ tabId: z.number().int() }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), recordingId: z.string() }), Failed]),
  })),
  'recording.deleteStep': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Remove one captured step (by index, checked against its time) from a recording in progress.',
    params: z.object({ recordingId: z.string().min(1), index: z.number().int().nonnegative(), at: z.number() }),
    result: Ack,
  })),
  'recording.extract': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: "End the recording with reading the table the recorded tab shows now (columns by the header's words, all when none are named); remove takes it out again.",
    params: z.object({
      recordingId: z.string().min(1),
      columns: z.string().max(1000).default(''),
      next: z.string().max(200).default(''),
      maxPages: z.number().int().min(1).max(50).default(1),
      remove: z.boolean().default(false),
    }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), columns: z.array(z.string()), rows: z.number().int() }), Failed]),
  })),
  'recording.save': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Stop a recording and save it as a demonstration (and, if asked, as a workflow).',
    params: z.object({
      recordingId: z.string().min(1),
      task: z.string().max(500),
      description: z.string().max(5000).default(''),
      alsoWorkflow: z.boolean().default(true),
    }),
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), demonstrationId: z.string(), workflowId: z.string().optional(), steps: z.number().int(), warning: z.string().default('') }),
      Failed,
    ]),
  })),
  'recording.discard': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Stop a recording and throw its steps away.',
    params: z.object({ recordingId: z.string().min(1) }),
    result: Ack,
  })),
  'recording.step': lazy(() => defineMessage({
    direction: 'content->background',
    doc: "One step the person took, captured by the recorder in the page; stored at once.",
    params: z.object({ recordingId: z.string().min(1), step: DemoStep }),
    result: Ack,
  })),
  'recorder.start': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Start capturing the person\'s actions in this page; answers with the first page.',
    params: z.object({ recordingId: z.string().min(1) }),
    result: FirstPage,
  })),
  'recorder.resume': lazy(() => defineMessage({
    direction: 'background->content',
    doc: "Capture in this new page of a recorded tab (the worker injected the script and recorded the page load).",
    params: z.object({ recordingId: z.string().min(1) }),
    result: z.object({ ok: z.boolean() }),
  })),
  'recorder.flush': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Hand over the step still pending (a field being typed in) and, with stop, stop capturing.',
    params: z.object({ recordingId: z.string().min(1), stop: z.boolean() }),
    result: z.object({ steps: z.array(DemoStep) }),
  })),
} satisfies Record<string, MessageDef>;
