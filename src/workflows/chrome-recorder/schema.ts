import { z } from 'zod';

/**
 * The parts of the Chrome DevTools Recorder's JSON format ("user flow", @puppeteer/replay's
 * Schema) that this extension reads. Unknown fields are allowed: the Recorder adds some over time.
 */
export const Selector = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
export type Selector = z.infer<typeof Selector>;

const base = {
  timeout: z.number().positive().optional(),
  /** indexes of child frames from the top frame down */
  frame: z.array(z.number().int().nonnegative()).optional(),
  target: z.string().optional(),
  assertedEvents: z.array(z.object({ type: z.string(), url: z.string().optional(), title: z.string().optional() })).optional(),
};

export const RecorderStep = z.discriminatedUnion('type', [
  z.object({ type: z.literal('setViewport'), width: z.number(), height: z.number() }).loose(),
  z.object({ type: z.literal('navigate'), url: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('click'), selectors: z.array(Selector).min(1), ...base }).loose(),
  z.object({ type: z.literal('change'), selectors: z.array(Selector).min(1), value: z.string(), ...base }).loose(),
  z.object({ type: z.literal('keyDown'), key: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('keyUp'), key: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('waitForElement'), selectors: z.array(Selector).min(1), ...base }).loose(),
  z.object({ type: z.literal('scroll'), ...base }).loose(),
  z.object({ type: z.literal('hover'), selectors: z.array(Selector).min(1), ...base }).loose(),
  z.object({ type: z.literal('doubleClick'), selectors: z.array(Selector).min(1), ...base }).loose(),
  z.object({ type: z.literal('close'), ...base }).loose(),
  z.object({ type: z.literal('emulateNetworkConditions') }).loose(),
  z.object({ type: z.literal('waitForExpression'), expression: z.string() }).loose(),
  z.object({ type: z.literal('customStep'), name: z.string() }).loose(),
]);
export type RecorderStep = z.infer<typeof RecorderStep>;

export const UserFlow = z
  .object({
    title: z.string(),
    timeout: z.number().optional(),
    selectorAttribute: z.string().optional(),
    steps: z.array(z.unknown()),
  })
  .loose();
export type UserFlow = z.infer<typeof UserFlow>;
