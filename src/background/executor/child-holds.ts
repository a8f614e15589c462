/**
 * A tab's frames and workers that run in processes of their own (a cross-site or sandboxed iframe,
 * a worker there) send requests the tab's own debugger session does not see: a page could relay a
 * click to a hidden iframe on another site and have it post the payment. While the tab's requests
 * are held, its session auto-attaches to those targets (flat sessions, Chrome 125 and later) and
 * each gets the same `Fetch` interception; a request one of them pauses comes to the tab's hold
 * with the session it came from, and the answer goes back to that session. Where the browser
 * refuses (an older Chrome), the tab's own requests are still held, as before.
 */

const PATTERNS = { patterns: [{ urlPattern: '*', requestStage: 'Request' }] };
const AUTO = { waitForDebuggerOnStart: true, flatten: true };
const noop = () => undefined;

/** which child session paused each request, by tab and request id */
const pausedIn = new Map<string, string>();
const keyOf = (tabId: number, requestId: string) => `${tabId}:${requestId}`;

/** Switches auto-attach on (with interception) or off (which detaches the children, letting them run). */
export async function holdChildren(tabId: number, on: boolean): Promise<void> {
  await chrome.debugger.sendCommand({ tabId }, 'Target.setAutoAttach', { autoAttach: on, ...AUTO }).catch(noop);
  if (!on) for (const key of [...pausedIn.keys()]) if (key.startsWith(`${tabId}:`)) pausedIn.delete(key);
}

type Attached = { sessionId?: string; waitingForDebugger?: boolean; targetInfo?: { url?: string } };

/**
 * A new child target: interception first, then its own children (an iframe inside it), then
 * `watched` (the side doors stop refusing what its site sends: it is held here now), then it may
 * run. It was started paused (`waitForDebuggerOnStart`), so nothing it sends goes out before its
 * requests are held; it is let run whatever happens, so a failure never leaves a frame frozen.
 */
export function onChildAttached(tabId: number, params: Attached, holding: boolean, watched: (url: string) => Promise<unknown> = async () => undefined): void {
  const sessionId = params.sessionId;
  if (!sessionId) return;
  const child = { tabId, sessionId };
  // attached as the hold was ending: it only has to run
  if (!holding) return void (params.waitingForDebugger && chrome.debugger.sendCommand(child, 'Runtime.runIfWaitingForDebugger').catch(noop));
  void chrome.debugger
    .sendCommand(child, 'Fetch.enable', PATTERNS)
    .then(() => chrome.debugger.sendCommand(child, 'Target.setAutoAttach', { autoAttach: true, ...AUTO }))
    .then(() => watched(params.targetInfo?.url ?? ''))
    .catch(noop)
    .finally(() => void (params.waitingForDebugger && chrome.debugger.sendCommand(child, 'Runtime.runIfWaitingForDebugger').catch(noop)));
}

/** Remembers which child session paused a request, so its answer goes there. */
export function pausedInChild(tabId: number, sessionId: string, params: object): void {
  const requestId = (params as { requestId?: string }).requestId;
  if (requestId) pausedIn.set(keyOf(tabId, requestId), sessionId);
}

/** Where the answer to a paused request goes: its child session, or the tab's own. */
export function answerTarget(tabId: number, params?: Record<string, unknown>): chrome.debugger.DebuggerSession {
  const requestId = typeof params?.requestId === 'string' ? params.requestId : '';
  const key = keyOf(tabId, requestId);
  const sessionId = pausedIn.get(key);
  if (!sessionId) return { tabId };
  pausedIn.delete(key);
  return { tabId, sessionId };
}
