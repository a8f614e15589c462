import { z } from 'zod';
import { lazy } from './lazy';

/**
 * What a step imported from a Chrome DevTools Recorder file knows about its element: the file's
 * selectors, in the file's order, and the fields of the step that say how to act or what to wait
 * for. Replay resolves these the way Chrome's runner does (src/content/replay/recorder-selectors.ts)
 * until a successful run has written a full fingerprint into the step (`learned`).
 */
export const RecorderSelector = lazy(() => z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]));
export type RecorderSelector = z.infer<typeof RecorderSelector>;

export const RecorderWait = lazy(() => z.object({
  operator: z.enum(['>=', '==', '<=']).default('>='),
  count: z.number().int().nonnegative().default(1),
  /** false: the step waits for the elements to be hidden (or gone) */
  visible: z.boolean().default(true),
  properties: z.record(z.string(), z.unknown()).optional(),
  attributes: z.record(z.string(), z.string()).optional(),
}));
export type RecorderWait = z.infer<typeof RecorderWait>;

export const RecorderTarget = lazy(() => z.object({
  selectors: z.array(RecorderSelector).max(50).default([]),
  /** child frame indexes from the top document down (same-origin frames only) */
  frame: z.array(z.number().int().nonnegative()).max(10).default([]),
  /** how long the step waits for its element, in ms (the Recorder's default is 5 s) */
  timeoutMs: z.number().int().positive().max(60_000).default(5_000),
  wait: RecorderWait.optional(),
  /** the mouse button of a click (the Recorder's primary, auxiliary, secondary) */
  button: z.enum(['left', 'middle', 'right']).optional(),
  /** modifier keys held (by earlier keyDown steps) while clicking: Ctrl+click in a multiple select */
  modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).optional(),
  /** a full fingerprint of the element was written into the step after it ran */
  learned: z.boolean().default(false),
}));
export type RecorderTarget = z.infer<typeof RecorderTarget>;
