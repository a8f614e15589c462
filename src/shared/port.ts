import { z } from 'zod';
import { lazy } from './lazy';

/** The long-lived port from the side panel to the service worker, over which run events stream. */
export const EVENTS_PORT = 'copilot-events';

export const PortMessage = lazy(() => z.discriminatedUnion('type', [
  /** sent on every connect; a new bootedAt tells the panel the service worker was restarted */
  z.object({
    type: z.literal('hello'),
    bootedAt: z.number(),
    version: z.string(),
    /** what this browser cannot do that the co-pilot needs, in words for the person */
    problems: z.array(z.string()).default([]),
  }),
  /** the stored settings changed (no content: the panel asks system.status what they allow now) */
  z.object({ type: z.literal('settings') }),
  /** a run event (schema in run-events.ts), validated again by the panel before it is shown */
  z.object({ type: z.literal('event'), event: z.unknown() }),
]));
export type PortMessage = z.infer<typeof PortMessage>;
