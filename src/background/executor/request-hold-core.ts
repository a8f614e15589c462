import type { SentRequest } from '../../shared/effect';

/**
 * The request hold: while the co-pilot acts in a tab (from the input until the page has settled),
 * every request the tab sends is paused by the CDP Fetch domain, and the caller's `decide` says
 * whether it may go. A read goes on at once. A request nobody approves is failed, never sent: a
 * form post is aborted (the page stays where it was), a fetch or beacon rejects in the page.
 * Browser-free: the transport is chrome.debugger in the extension (effect-hold.ts), a Playwright
 * CDP session in the bench.
 */
export type Decide = (request: SentRequest) => Promise<boolean>;

export interface Hold {
  /** resolves once no request is waiting for a decision (at once when none is) */
  idle(): Promise<void>;
  /** resolves when a request starts waiting for a decision (the person may take a while) */
  asking(): Promise<void>;
  /** what was refused during the action */
  refused: SentRequest[];
  /** how many requests were let go after a decision (not reads) */
  approved(): number;
}

const BODY_CAP = 4_000;
/** how long the hold stays after the action has settled, for a request its handler began */
const TAIL_MS = 30;

interface Paused {
  requestId: string;
  resourceType?: string;
  request: { method: string; url: string; postData?: string; headers?: Record<string, string> };
}

/**
 * How the hold talks to the browser: a CDP `send` on the tab's session and a subscription to its
 * `Fetch.requestPaused` events (chrome.debugger in the extension, a Playwright CDP session in the
 * bench and tests).
 */
export interface HoldTransport {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  onPaused(listener: (params: object) => void): () => void;
}

/**
 * Runs `act` with the tab's requests held. `act` gets null when the hold cannot be set up (the
 * session refused `Fetch.enable`): the caller then relies on the gate's words alone.
 */
export async function holdRequestsOver<T>(t: HoldTransport, decide: Decide, act: (hold: Hold | null) => Promise<T>): Promise<T> {
  let waiting = 0;
  let idleWaiters: Array<() => void> = [];
  let askWaiters: Array<() => void> = [];
  const refused: SentRequest[] = [];
  let approvedCount = 0;
  const pending = new Set<Promise<void>>();

  async function handle(paused: Paused): Promise<void> {
    const request = sentOf(paused);
    const quick = isRead(request.method);
    if (!quick) {
      waiting += 1;
      askWaiters.splice(0).forEach((w) => w());
    }
    let ok = quick;
    try {
      if (!quick) ok = await decide(request).catch((e: unknown) => (console.error('the request hold could not decide', e), false));
    } finally {
      if (!quick && (waiting -= 1) === 0) idleWaiters.splice(0).forEach((w) => w());
    }
    if (!ok) refused.push(request);
    else if (!quick) approvedCount += 1;
    const reason = request.resourceType === 'Document' ? 'Aborted' : 'BlockedByClient';
    await t.send(ok ? 'Fetch.continueRequest' : 'Fetch.failRequest', ok ? { requestId: paused.requestId } : { requestId: paused.requestId, errorReason: reason }).catch(() => undefined);
  }
  const stopListening = t.onPaused((params) => {
    const p = handle(params as Paused).finally(() => pending.delete(p));
    pending.add(p);
  });
  try {
    await t.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  } catch {
    stopListening();
    return act(null);
  }
  const hold: Hold = {
    idle: () => (waiting === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r))),
    asking: () => new Promise((r) => askWaiters.push(r)),
    refused,
    approved: () => approvedCount,
  };
  try {
    return await act(hold);
  } finally {
    idleWaiters = [];
    askWaiters = [];
    await lift(t, pending, stopListening);
  }
}

/**
 * Ends the hold: a request the action's handler started reaches the network a moment after the
 * page settled (later on a busy machine), so it is still caught; every paused request is decided
 * before interception is switched off, never let through by it.
 */
async function lift(t: HoldTransport, pending: Set<Promise<void>>, stopListening: () => void): Promise<void> {
  await new Promise((r) => setTimeout(r, TAIL_MS));
  while (pending.size) await Promise.all([...pending]);
  await t.send('Fetch.disable').catch(() => undefined);
  while (pending.size) await Promise.all([...pending]);
  stopListening();
}

const isRead = (method: string) => /^(?:GET|HEAD|OPTIONS)$/i.test(method);

function sentOf(p: Paused): SentRequest {
  const headers = p.request.headers ?? {};
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return {
    method: p.request.method,
    url: p.request.url,
    resourceType: p.resourceType ?? 'Other',
    ...(p.request.postData ? { postData: p.request.postData.slice(0, BODY_CAP) } : {}),
    ...(contentType ? { contentType } : {}),
  };
}
