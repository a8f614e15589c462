// Messages between the service worker and the page (page model, executor). Format and
// semantics: docs/page-model.md and docs/executor.md.
import { z } from 'zod';
import { defineMessage } from '../protocol-core';
import { ActionErrorCode, ActionResult, BrowserAction, ElementId, PageChange } from '../action';
import { ElementInfo, FindQuery, FoundElement, PageSnapshot, SnapshotOptions } from '../page';
import { ViewportLayout } from '../vision';
import { lazy } from '../lazy';
import { FilePayload } from '../attachment';

const Failed = lazy(() => z.object({ ok: z.literal(false), code: ActionErrorCode, message: z.string() }));
const SettleParams = lazy(() => z.object({
  quietMs: z.number().int().min(0).max(5_000).optional(),
  timeoutMs: z.number().int().min(0).max(60_000).optional(),
}));

/**
 * The facts digest the safety gate judged (ElementInfo.facts). The page refuses to act, and cancels
 * trusted input that lands elsewhere, when the element no longer matches it.
 */
export const Guard = lazy(() => z.string().max(2_000));

// choose: a select action's element, aimed at like a pointer's, except a native select (its option is set, nothing is clicked)
export const TargetPurpose = lazy(() => z.enum(['pointer', 'choose', 'hover', 'edit', 'check', 'focus']));

export const pageMessages = {
  'page.snapshot': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'The page model text within a token budget, ids stable for this page load.',
    params: SnapshotOptions,
    result: PageSnapshot,
  })),
  'page.find': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Elements matching text and/or role anywhere on the page, beyond the budget.',
    params: FindQuery,
    result: z.array(FoundElement),
  })),
  'page.describe': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Structured facts about one element (safety gate, replay), read from the live element; with focused, the element that has the keyboard focus.',
    params: z.object({ id: ElementId.optional(), focused: z.boolean().optional() }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), info: ElementInfo }), Failed]),
  })),
  'page.act': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Run one action with DOM-level input, wait for the page to settle, report the change.',
    // file: the attachment an upload action puts into the page, sent with that action only
    params: z.object({ action: BrowserAction, settle: SettleParams.default({}), guard: Guard.optional(), file: FilePayload.optional() }),
    result: ActionResult,
  })),
  'page.target': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Start recording changes, scroll the element into view and hit-test it: the viewport point for trusted input.',
    // describe: also send the element's facts, and guard the input about to come with them (for a short while)
    params: z.object({ id: ElementId, purpose: TargetPurpose.default('pointer'), checked: z.boolean().optional(), guard: Guard.optional(), describe: z.boolean().optional() }),
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), x: z.number(), y: z.number(), skip: z.boolean(), native: z.enum(['select', 'value']).nullable(), info: ElementInfo.optional() }),
      Failed,
    ]),
  })),
  'page.release': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'End the input guard a described page.target set up: the action will not run at once, and the person\'s own clicks must go through. `stayed`: a navigation this document began was cancelled (its request was not allowed), so the document is not unloading after all.',
    params: z.object({ stayed: z.boolean().optional() }),
    result: z.object({ ok: z.literal(true) }),
  })),
  'page.probe': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Load an image from a host that never resolves: the request hold sees it paused once its interception reaches this document (request-hold-core.ts).',
    params: z.object({ url: z.string().regex(/^https:\/\/hold-check\.invalid\//) }),
    result: z.object({ ok: z.literal(true) }),
  })),
  'page.watchPerson': lazy(() => defineMessage({
    direction: 'background->content',
    doc: "A run in this tab has ended and its request hold waits out its last action's grace for `ms`: report the person's own first key or pointer press in the page in that time (overlay.personInput), so their post is not refused as the run's.",
    params: z.object({ ms: z.number().int().positive().max(10_000) }),
    result: z.object({ ok: z.literal(true) }),
  })),
  'page.edit': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Focus a field and select what typing replaces (or put the caret at the end).',
    params: z.object({ id: ElementId, mode: z.enum(['replace', 'append']).default('replace') }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), kind: z.enum(['text', 'value', 'rich']) }), Failed]),
  })),
  'page.options': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Ids of the visible options of an opened custom dropdown that match the wanted values.',
    params: z.object({ id: ElementId, values: z.array(z.string()).min(1) }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), ids: z.array(z.number().int()) }), Failed]),
  })),
  'page.state': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Checked state of a checkbox, radio or switch (null when it has none).',
    params: z.object({ id: ElementId }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), checked: z.boolean().nullable() }), Failed]),
  })),
  'page.arm': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Start recording changes now (before trusted keys that target no element).',
    params: z.object({}),
    result: z.object({ ok: z.literal(true) }),
  })),
  'page.layout': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'The viewport for a screenshot: the boxes of the labelled elements and of the secret fields on screen, and how much the page model says about it.',
    params: z.object({}),
    result: ViewportLayout,
  })),
  'page.at': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Structured facts about the element at a viewport point (click_at is judged and shown by it); with arm, the page also starts recording changes and guards the point.',
    params: z.object({ x: z.number(), y: z.number(), arm: z.boolean().optional(), guard: Guard.optional() }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), info: ElementInfo }), Failed]),
  })),
  'page.readBlob': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'The text (UTF-8, at most 256 KB) of a file this page made in the browser (a blob: address of its own origin) and offered as a download: read from the page, where alone it can be, sending nothing anywhere.',
    params: z.object({ url: z.string().max(2_000).regex(/^blob:/) }),
    result: z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), text: z.string() }), z.object({ ok: z.literal(false), reason: z.string() })]),
  })),
  'page.settle': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Wait until the DOM is quiet (bounded) and report what changed since page.target.',
    params: SettleParams,
    // offTarget: the press the guard cancelled landed on another element, so nothing was pressed
    result: z.object({ change: PageChange, navigating: z.boolean(), blocked: z.string().optional(), offTarget: z.boolean().optional() }),
  })),
};

export type PageMessages = typeof pageMessages;
export type PageMessageName = keyof PageMessages;
