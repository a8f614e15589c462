import { z } from 'zod';
import { RecorderSelector } from '../../shared/recorder-target';
import { lazy } from '../../shared/lazy';

/**
 * The Chrome DevTools Recorder's JSON format ("user flow", @puppeteer/replay's Schema), every step
 * type and field. Unknown fields are allowed (the Recorder adds some over time); unknown step types
 * are not, so that a file is never half understood.
 */
export const Selector = RecorderSelector;
export type Selector = z.infer<typeof Selector>;

export const AssertedEvent = lazy(() => z.object({ type: z.string(), url: z.string().optional(), title: z.string().optional() }).loose());

const base = lazy(() => ({
  timeout: z.number().positive().optional(),
  /** indexes of child frames from the top frame down */
  frame: z.array(z.number().int().nonnegative()).optional(),
  /** 'main', or the URL of a popup/other target the step runs in */
  target: z.string().optional(),
  assertedEvents: z.array(AssertedEvent).optional(),
}));
const withSelectors = lazy(() => ({ ...base, selectors: z.array(Selector).min(1) }));
const clickFields = lazy(() => ({
  ...withSelectors,
  /** where the Recorder clicked inside the element (the replay clicks its middle) */
  offsetX: z.number().optional(),
  offsetY: z.number().optional(),
  button: z.enum(['primary', 'auxiliary', 'secondary', 'back', 'forward']).optional(),
  deviceType: z.enum(['mouse', 'pen', 'touch']).optional(),
  duration: z.number().nonnegative().optional(),
}));

export const RecorderStep = lazy(() => z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('setViewport'), width: z.number(), height: z.number(), deviceScaleFactor: z.number().optional(), isMobile: z.boolean().optional(), hasTouch: z.boolean().optional(), isLandscape: z.boolean().optional(), ...base })
    .loose(),
  z.object({ type: z.literal('navigate'), url: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('click'), ...clickFields }).loose(),
  z.object({ type: z.literal('doubleClick'), ...clickFields }).loose(),
  z.object({ type: z.literal('hover'), ...withSelectors }).loose(),
  z.object({ type: z.literal('change'), value: z.string(), ...withSelectors }).loose(),
  z.object({ type: z.literal('keyDown'), key: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('keyUp'), key: z.string().min(1), ...base }).loose(),
  z.object({ type: z.literal('scroll'), selectors: z.array(Selector).optional(), x: z.number().optional(), y: z.number().optional(), ...base }).loose(),
  z.object({ type: z.literal('close'), ...base }).loose(),
  z.object({ type: z.literal('emulateNetworkConditions'), download: z.number(), upload: z.number(), latency: z.number(), ...base }).loose(),
  z
    .object({
      type: z.literal('waitForElement'),
      ...withSelectors,
      operator: z.enum(['>=', '==', '<=']).optional(),
      count: z.number().int().nonnegative().optional(),
      visible: z.boolean().optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
      attributes: z.record(z.string(), z.string()).optional(),
    })
    .loose(),
  z.object({ type: z.literal('waitForExpression'), expression: z.string(), ...base }).loose(),
  z.object({ type: z.literal('customStep'), name: z.string(), parameters: z.unknown().optional(), ...base }).loose(),
]));
export type RecorderStep = z.infer<typeof RecorderStep>;
/** The step types the format has, built at the first import rather than at load. */
let stepTypes: Set<string> | undefined;
export const STEP_TYPES = (): Set<string> => (stepTypes ??= new Set<string>(RecorderStep.options.map((o) => o.shape.type.value)));

export const UserFlow = lazy(() => z
  .object({
    title: z.string(),
    timeout: z.number().positive().optional(),
    selectorAttribute: z.string().optional(),
    steps: z.array(z.unknown()),
  })
  .loose());
export type UserFlow = z.infer<typeof UserFlow>;
