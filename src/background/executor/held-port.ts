import type { ActionResult } from '../../shared/action';
import type { Hold } from './request-hold-core';
import type { SentRequest } from '../../shared/effect';
import type { PagePort } from './port';
import { LOOKING, OUTSIDE, UNWATCHED } from './side-doors';

const ASKED = { asked: true } as const;

/**
 * The tab's port while its requests are held: a wait for the next document does not time out while
 * the person decides on a form post (the page cannot load before they answer), and ends at once
 * when they refused it (the post was aborted, and the page stays where it was).
 */
export function heldPort(port: PagePort, hold: Hold): PagePort {
  return {
    ...port,
    async waitForDocument(since, timeoutMs) {
      for (;;) {
        await hold.idle();
        if (hold.refused.some((r) => r.resourceType === 'Document')) return null;
        const r = await Promise.race([port.waitForDocument(since, timeoutMs), hold.asking().then(() => ASKED)]);
        if (r !== ASKED) return r as string | null;
      }
    },
  };
}

/** The action's result when the person refused what it sends: nothing of it went out. */
export function refusalOf(hold: Hold): Extract<ActionResult, { ok: false }> | null {
  const first = hold.refused[0];
  return first ? refusalOfRequest(first) : null;
}

/** The action's result when `first` was refused: what it was and where it went, host and path. */
export function refusalOfRequest(first: SentRequest): Extract<ActionResult, { ok: false }> {
  const where = first.url.replace(/^[a-z]+:\/\/([^/?#]*)([^?#]*).*$/i, '$1$2');
  if (first.resourceType === LOOKING) return { ok: false, code: 'blocked', message: `the page sent a request as it was scrolled (${first.method} ${where}); that is not allowed while the co-pilot acts, so it was not sent` };
  if (first.resourceType === UNWATCHED) return { ok: false, code: 'blocked', message: `a frame of the page that the co-pilot cannot watch (a sandboxed or blank frame) sent a request (${first.method} ${where}); that is not allowed while the co-pilot acts, so it was not sent` };
  if (first.resourceType === OUTSIDE) return { ok: false, code: 'blocked', message: `the page sent a request from another tab or a worker (${first.method} ${where}); that is not allowed while the co-pilot acts, so it was not sent` };
  return { ok: false, code: 'blocked', message: `the request it sent (${first.method} ${where}) was not allowed, so nothing was sent` };
}
