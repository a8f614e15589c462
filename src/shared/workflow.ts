import { z } from 'zod';
import { Fingerprint } from './fingerprint';
import { RecorderTarget } from './recorder-target';
import { ExtractRecipe, TableColumn } from './table';
import { lazy } from './lazy';

/**
 * A saved, reusable procedure replayed without model calls while pages match the recording.
 * Format documented in docs/workflows.md; files carry `format` and `version` so that an import
 * can refuse what it does not understand instead of guessing.
 */
export const WORKFLOW_FORMAT = 'copilot-workflow';
export const WORKFLOW_VERSION = 1;

export const WorkflowVariable = lazy(() => z.object({
  /** identifier used in step values as {{name}} */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string(),
  /** the recorded value; secrets never have one */
  default: z.string().optional(),
  secret: z.boolean().default(false),
  /** a file the Run form asks for (an upload step's); `default` is the recorded file's name, a hint: its bytes are never kept */
  file: z.boolean().optional(),
}));
export type WorkflowVariable = z.infer<typeof WorkflowVariable>;

/** Read the page's table rows into a table (and its next pages), as an EXTRACT did or as the person marked while recording: no element, no model. */
export const ExtractStepAction = lazy(() => z.object({
  kind: z.literal('extract'),
  title: z.string(),
  columns: z.array(TableColumn).min(1),
  maxPages: z.number().int().min(1).max(50).default(10),
  recipe: ExtractRecipe,
}));
export type ExtractStepAction = z.infer<typeof ExtractStepAction>;

/** Values may contain {{variable}} placeholders, filled at replay. */
export const WorkflowAction = lazy(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('navigate'), url: z.string() }),
  z.object({ kind: z.literal('click') }),
  z.object({ kind: z.literal('type'), value: z.string() }),
  z.object({ kind: z.literal('select'), values: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('check'), checked: z.boolean() }),
  /** put the file of a file variable ("{{cv}}") into the element, as the person chose it */
  z.object({ kind: z.literal('upload'), file: z.string() }),
  z.object({ kind: z.literal('press'), keys: z.string().min(1) }),
  z.object({ kind: z.literal('wait'), timeoutMs: z.number().int().positive().max(60_000).default(5_000) }),
  /** Chrome Recorder steps: pointer over the element, a double click, a scroll to a position */
  z.object({ kind: z.literal('hover') }),
  z.object({ kind: z.literal('double_click') }),
  z.object({ kind: z.literal('scroll'), x: z.number(), y: z.number() }),
  ExtractStepAction,
]));
export type WorkflowAction = z.infer<typeof WorkflowAction>;

export const WorkflowStep = lazy(() => z.object({
  id: z.string(),
  action: WorkflowAction,
  /** the element to act on; absent for navigate and page-level keys */
  target: Fingerprint.optional(),
  /** what the step is for, in words ("click the Search flights button"): the model's brief when healing */
  intent: z.string(),
  /** the page before the step: path (and title) it was recorded on */
  before: z.object({ path: z.string(), title: z.string().default('') }).optional(),
  /** what the step did: the tab went to another page, or it opened a new tab (the next steps' `tab`) */
  after: z.object({ navigates: z.boolean().default(false), path: z.string().optional(), opensTab: z.boolean().optional() }).default({ navigates: false }),
  /**
   * the tab the step runs in (Chrome Recorder's `target`): 1 or absent the tab the replay starts in,
   * 2 the first tab a step opened, and so on; a replay follows into it
   */
  tab: z.number().int().min(1).optional(),
  /** for a step in tab 2 and up: the address that tab opened at (a Chrome Recorder file's `target`) */
  tabUrl: z.string().optional(),
  /** a step imported from a Chrome Recorder file: its selectors and wait conditions */
  recorder: RecorderTarget.optional(),
}));
export type WorkflowStep = z.infer<typeof WorkflowStep>;

export const Workflow = lazy(() => z.object({
  format: z.literal(WORKFLOW_FORMAT),
  version: z.literal(WORKFLOW_VERSION),
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  /** host the workflow belongs to; replay refuses to start on another one */
  site: z.string(),
  startUrl: z.string(),
  variables: z.array(WorkflowVariable).default([]),
  steps: z.array(WorkflowStep).min(1),
  source: z
    .object({
      kind: z.enum(['recording', 'run', 'chrome-recorder', 'file']),
      id: z.string().optional(),
      /**
       * an imported file whose own effects the person accepted at its review ("let it submit forms on
       * its site"): its reversible same-site effects go unasked, as a recording's do (replay/consent.ts).
       * Set only by the import of a file the person reviewed; a file cannot carry it in.
       */
      trusted: z.boolean().optional(),
    })
    .default({ kind: 'file' }),
  createdAt: z.number(),
  updatedAt: z.number(),
}));
export type Workflow = z.infer<typeof Workflow>;
