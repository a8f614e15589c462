import { personSignal, type PersonSignal } from './person-signal';
import type { DecideRequest, SentRequest } from '../../shared/effect';

/**
 * The request hold: while the co-pilot acts in a tab (from the input until the page has settled),
 * every request the tab sends is paused by the CDP Fetch domain, and the caller's `decide` says
 * whether it may go. A read goes on at once. A request nobody approves is failed, never sent: a
 * form post is aborted (the page stays where it was), a fetch or beacon rejects in the page.
 * Browser-free: the transport is chrome.debugger in the extension (effect-hold.ts), a Playwright
 * CDP session in the bench.
 */
export type Decide = DecideRequest;

export interface Hold {
  /** resolves once no request is waiting for a decision (at once when none is) */
  idle(): Promise<void>;
  /** resolves when a request starts waiting for a decision (the person may take a while) */
  asking(): Promise<void>;
  /** what was refused during the action */
  refused: SentRequest[];
  /** how many requests were let go after a decision (not reads) */
  approved(): number;
  /** whether a request is waiting for a decision now */
  deciding(): boolean;
}

const BODY_CAP = 4_000;
/** the longest an action waits for the end of a request sent through a side door */
const OUTSIDE_MS = 1_000;

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
  /**
   * Makes the tab's top document load `url` as an image (the content script in the extension).
   * Interception reaches a document only once its renderer has new loader factories, which Chrome
   * sends apart from the input channel: a click sent the moment `Fetch.enable` answered could post
   * unheld (3 runs in 11 of a red-team pair that clicked at once). Seeing this load paused proves
   * the document's requests are held.
   */
  probe?(url: string): Promise<void>;
}

/** The probe's host: `.invalid` never resolves, so a probe that is not held reaches no one. */
const PROBE_HOST = 'hold-check.invalid';
/** How long the first action waits to see a probe held; on a page whose service worker makes its requests, none is. */
const PROBE_MS = 400;
const PROBE_EVERY_MS = 50;

/** One action's share of the hold: its decider and what it decided, late requests included. */
class ActionHold implements Hold {
  waiting = 0;
  approvedCount = 0;
  refused: SentRequest[] = [];
  pending = new Set<Promise<void>>();
  private idleWaiters: Array<() => void> = [];
  private askWaiters: Array<() => void> = [];
  /** `afterRun`: the hold kept after its run ended, refusing what the page still sends */
  constructor(
    readonly decide: Decide,
    readonly afterRun = false,
  ) {}
  /** requests that went out where the hold cannot pause them (side doors), not yet ended */
  private outsideOpen = 0;
  idle = () => (this.waiting === 0 && this.outsideOpen === 0 ? Promise.resolve() : new Promise<void>((r) => this.idleWaiters.push(r)));
  asking = () => new Promise<void>((r) => this.askWaiters.push(r));
  approved = () => this.approvedCount;
  deciding = () => this.waiting > 0;
  async judge(request: SentRequest): Promise<boolean> {
    this.waiting += 1;
    this.askWaiters.splice(0).forEach((w) => w());
    try {
      const ok = await this.decide(request).catch((e: unknown) => (console.error('the request hold could not decide', e), false));
      if (ok) this.approvedCount += 1;
      else this.refused.push(request);
      return ok;
    } finally {
      this.waiting -= 1;
      this.wake();
    }
  }
  /** Counts a side-door request until the returned function is called (once), or OUTSIDE_MS pass. */
  outsideBegan(): () => void {
    this.outsideOpen += 1;
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      this.outsideOpen -= 1;
      this.wake();
    };
    // one that never ends (a lost event) must not hold the action forever
    const timer = setTimeout(end, OUTSIDE_MS);
    return end;
  }
  private wake(): void {
    if (this.waiting === 0 && this.outsideOpen === 0) this.idleWaiters.splice(0).forEach((w) => w());
  }
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

export interface RequestHolder {
  /**
   * Runs `act` with the tab's requests held by `decide`. `act` gets null when the hold cannot be set
   * up (the session refused `Fetch.enable`): the caller then relies on the gate's words alone.
   */
  run<T>(decide: Decide, act: (hold: Hold | null) => Promise<T>): Promise<T>;
  /**
   * Ends the hold: the run or replay is over. What is paused is decided first, and what the last
   * action's grace still has left is waited out, with every request in it refused.
   */
  close(): Promise<void>;
  /**
   * A request sent where the hold cannot pause it (side-doors.ts: a tab the page opened, a shared
   * worker) began, and the browser's rule refuses it: the action going on waits for its end, and
   * counts what was refused against itself, so it is told what did not go out.
   */
  outside(): { ended(refused: SentRequest | null): void };
  /**
   * The person pressed a key or a pointer in the page (a trusted event the content script saw while
   * no co-pilot input was under way): after a run, what the page sends from now on is theirs, and
   * goes on. Ignored while a run acts.
   */
  personActed(): void;
  /** Whether an action is under way through this hold (from its input until its page settled). */
  acting(): boolean;
}

export interface HolderOptions {
  tailMs: number;
  graceMs: number;
  onProbe?: (seen: boolean) => void;
  onAfterRun?: (refused: SentRequest) => void;
  /** the run is over and its last action's grace has ms left: the page's input may now be the person's */
  onAfterRunBegins?: (ms: number) => void;
}

/** How long a request after the run waits for word of the person's own input before it is refused: the click's message and its post race. */
const PERSON_WAIT_MS = 250;

/**
 * A tab's request hold across the actions of a run. Each action's requests go to its own decider.
 * When the action has settled, interception stays on for `graceMs` with that decider: a request
 * the action's handler began reaches the network a moment later on a busy machine (later than any
 * short wait: 2 replays in 10 let a fetch through with a 30 ms wait at a load of 4 on 2 cores),
 * and a page may post from a timer it set on the click. A read passes at once; outside an action
 * and its grace, every request passes (the page's own life is not held). `onProbe` says whether the
 * page's own load was seen held when interception was switched on.
 */
export function requestHolder(t: HoldTransport, opts: HolderOptions): RequestHolder {
  let current: ActionHold | null = null;
  const probe = prober(t);
  let stopListening: (() => void) | null = null;
  let grace: ReturnType<typeof setTimeout> | undefined;
  // when the last action's grace ends; when the tab last began loading a page (after the run, a page
  // loaded since its last action settled means the page whose timers the hold would wait for is
  // gone); how many actions are under way (run() from its input until its page settled)
  let [graceEnds, lastLoad, acting] = [0, 0, 0];
  // the person's own input in the tab after the run, which ends its wait (personActed)
  const person = personSignal();
  // every request still paused, whichever action's it is: interception is never switched off under
  // one (Chrome lets a paused request go when it is)
  const open = new Set<Promise<void>>();

  const pageLoad = () => void ((lastLoad = Date.now()), current?.afterRun && (current = null));
  const onPaused = pausedHandler(t, probe, () => current, open, pageLoad);
  // Switching interception off is one operation at a time, and the next action waits for it: an
  // action that began while it waited for a decision found interception still on, and lost it
  // (and its listener) the moment after, so its requests went out unheld.
  let lifting: Promise<void> | null = null;
  const lift = (): Promise<void> => (lifting ??= switchOff().finally(() => (lifting = null)));
  async function switchOff(): Promise<void> {
    clearTimeout(grace);
    current = null;
    while (open.size) await Promise.all([...open]);
    const stop = stopListening;
    stopListening = null;
    if (stop) await t.send('Fetch.disable').then(stop, stop);
  }
  async function enable(): Promise<boolean> {
    if (stopListening) return true;
    stopListening = await startListening(t, onPaused);
    if (!stopListening) return false;
    // (awaited apart from the call: `onProbe?.(await …)` would not wait at all without an onProbe)
    const seen = await probe.intercepting();
    opts.onProbe?.(seen);
    return true;
  }
  return {
    acting: () => acting > 0,
    async run(decide, act) {
      clearTimeout(grace);
      acting += 1;
      while (lifting) await lifting;
      const st = new ActionHold(decide);
      current = st;
      // the session refused interception: the gate judges by words alone
      if (!(await enable())) return (acting -= 1), (current = null), act(null);
      try {
        return await act(st);
      } finally {
        await new Promise((r) => setTimeout(r, opts.tailMs));
        await st.settled();
        acting -= 1;
        if (current === st) [graceEnds, grace] = [Date.now() + opts.graceMs, setTimeout(() => void (current === st && lift()), opts.graceMs)];
      }
    },
    close: async () => {
      // The run is over but its last action's grace is not: a page that posts from a timer it set
      // on the click (300 ms, 1.5 s later) must not find the tab unheld the moment the model ends
      // its turn. No one is left to ask, so what it sends is refused. The next run in the tab
      // takes the hold over at its first action; the wait then ends without switching it off.
      const left = graceEnds - Date.now();
      if (current && left > 0 && lastLoad < graceEnds - opts.graceMs) {
        // (the grace's own timer lifts nothing now: it checks that its action is still the current one)
        const after = (current = afterRunHold(current.decide, person, opts.onAfterRun));
        opts.onAfterRunBegins?.(left);
        // its own timer: the next run's first action clears `grace`, and this wait must still end
        await new Promise((r) => setTimeout(r, left));
        // a page load ended the wait early (current is null): the hold still ends here
        if (current && current !== after) return;
      }
      await lift();
    },
    outside: () => outsideRequest(current, opts.onAfterRun),
    // like a page load: the person goes on in the tab, and what comes next is theirs
    personActed: () => void (current?.afterRun && (person.acted(), (current = null))),
  };
}

/**
 * The hold kept after a run ended, for what its last action's grace has left: no one is left to
 * ask, so what comes is refused, except that a decider that never asks anyone (a replay step's)
 * still judges its own action's late requests (the form its last click submits goes when the
 * step's consent covers it), and that the person's own input in the page (personActed) lets what
 * follows go: their click on the page's button right after the run sends their form.
 */
function afterRunHold(last: Decide, person: PersonSignal, onAfterRun?: (refused: SentRequest) => void): ActionHold {
  const judge = last.answersAlone ? last : async () => false;
  // the person's own click right after the run: its post can reach the hold before word of the click
  return new ActionHold(async (r) => (await judge(r)) || (await person.within(PERSON_WAIT_MS)) || (onAfterRun?.(r), false), true);
}

const noop = () => undefined;

/** A side-door request (RequestHolder.outside) of the action going on when it began. */
function outsideRequest(st: ActionHold | null, onAfterRun?: (refused: SentRequest) => void): { ended(refused: SentRequest | null): void } {
  const end = st?.outsideBegan();
  return {
    ended(refused) {
      if (refused && st && !st.afterRun) st.refused.push(refused);
      else if (refused) onAfterRun?.(refused);
      end?.();
    },
  };
}

/** What a paused request gets: a probe is failed, a read (unless the decider asks for it) or a request outside any action goes on, the rest is judged by the action's decider. */
function pausedHandler(t: HoldTransport, probe: ReturnType<typeof prober>, current: () => ActionHold | null, open: Set<Promise<void>>, pageLoad: () => void) {
  return (params: object) => {
    const paused = params as Paused;
    const request = sentOf(paused);
    // after the run, a new page loading (the person, or a script, going on in the tab) ends the wait:
    // the page whose timers it was for is gone, and the next page's posts are theirs
    if (request.resourceType === 'Document' && isRead(request.method)) pageLoad();
    const st = current();
    if (isProbe(request.url)) return void (t.send('Fetch.failRequest', { requestId: paused.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined), probe.paused(request.url));
    if (!st || (isRead(request.method) && !st.decide.reads?.(request))) return void t.send('Fetch.continueRequest', { requestId: paused.requestId }).catch(() => undefined);
    const reason = request.resourceType === 'Document' ? 'Aborted' : 'BlockedByClient';
    const answer = (ok: boolean) => t.send(ok ? 'Fetch.continueRequest' : 'Fetch.failRequest', ok ? { requestId: paused.requestId } : { requestId: paused.requestId, errorReason: reason });
    const p: Promise<void> = st.judge(request).then(answer).then(noop, noop).finally(() => (st.pending.delete(p), open.delete(p)));
    st.pending.add(p);
    open.add(p);
  };
}

/**
 * The probe (HoldTransport.probe says why): waits until a load the page itself starts is seen
 * paused. A probe made before the page's loaders intercept goes out unseen (and nowhere: the host
 * never resolves), so a new one is made every PROBE_EVERY_MS until one is seen or PROBE_MS pass.
 */
function prober(t: HoldTransport) {
  const sent = new Set<string>();
  let seen: (() => void) | null = null;
  return {
    paused: (url: string) => void (sent.has(url) && seen?.()),
    async intercepting(): Promise<boolean> {
      if (!t.probe) return true;
      let timer: ReturnType<typeof setInterval> | undefined;
      const shown = new Promise<boolean>((resolve) => {
        seen = () => resolve(true);
        const began = Date.now();
        const once = () => {
          if (Date.now() - began >= PROBE_MS) return resolve(false);
          const url = `https://${PROBE_HOST}/${crypto.randomUUID()}`;
          sent.add(url);
          void t.probe!(url).catch(() => undefined);
        };
        once();
        timer = setInterval(once, PROBE_EVERY_MS);
      });
      const ok = await shown;
      clearInterval(timer);
      seen = null;
      sent.clear();
      return ok;
    },
  };
}

/** Listens for paused requests and switches interception on; null (and not listening) when the session refuses. */
async function startListening(t: HoldTransport, onPaused: (params: object) => void): Promise<(() => void) | null> {
  const stop = t.onPaused(onPaused);
  try {
    await t.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    return stop;
  } catch {
    stop();
    return null;
  }
}
const isProbe = (url: string) => url.startsWith(`https://${PROBE_HOST}/`) || url.startsWith(`http://${PROBE_HOST}/`);
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
