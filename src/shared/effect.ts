import { z } from 'zod';
import { lazy } from './lazy';

/**
 * A request a tab sent while the co-pilot acted in it, as the browser paused it: where it goes and
 * what it carries. The executor reads it from the network (never from the page), and the agent's
 * and replay's hold (src/agent/safety/effects.ts) decide whether it may go.
 */
export const SentRequest = lazy(() => z.object({
  method: z.string(),
  url: z.string(),
  /** the browser's resource type: Document (a page load, a form post), XHR, Fetch, Ping (beacon), ... */
  resourceType: z.string().default('Other'),
  /** the body, when the browser has it (form posts, JSON); capped by the executor */
  postData: z.string().optional(),
  contentType: z.string().optional(),
}));
export type SentRequest = z.infer<typeof SentRequest>;

/**
 * Whether a request may go (the agent's or a replay's hold decides). `reads`, when given, names the
 * reads that are decided too instead of going on at once (a GET to another site carrying the
 * person's details); it is asked synchronously for every read, so it must be cheap.
 * `answersAlone`: it never waits for the person (a replay's step decides from its consent and
 * fails the rest), so it may still judge what its action sends after the run has ended (a form its
 * last click submits can reach the network after the replay is over); a decider that asks the
 * person is not asked then, and what comes is refused.
 */
export type DecideRequest = ((request: SentRequest) => Promise<boolean>) & { reads?: (request: SentRequest) => boolean; answersAlone?: true };
