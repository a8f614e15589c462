import { describe, expect, it } from 'vitest';
import { requestHolder, type HoldTransport } from '../../../src/background/executor/request-hold-core';

/** A CDP session stand-in: records the commands sent and lets the test pause requests. */
function session() {
  const sent: Array<{ method: string; params?: Record<string, unknown> }> = [];
  let listener: ((p: object) => void) | null = null;
  let n = 0;
  const t: HoldTransport = {
    send: async (method, params) => void sent.push({ method, ...(params ? { params } : {}) }),
    onPaused: (l) => ((listener = l), () => (listener = null)),
  };
  const pause = (method: string, url: string, postData?: string, resourceType = 'Fetch') => {
    const requestId = `r${++n}`;
    listener?.({ requestId, resourceType, request: { method, url, ...(postData ? { postData } : {}) } });
    return requestId;
  };
  const answerTo = (id: string) => sent.find((c) => c.params?.requestId === id)?.method;
  return { t, sent, pause, answerTo, listening: () => !!listener };
}
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('the request hold (request-hold-core.ts)', () => {
  it('reads go at once; a post waits for the decider and is failed when it says no', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 50 });
    const asked: string[] = [];
    await h.run(async (r) => (asked.push(r.url), false), async (hold) => {
      const read = s.pause('GET', 'https://bank.example/balance');
      const post = s.pause('POST', 'https://bank.example/transfer', 'to=M');
      await tick();
      expect(s.answerTo(read)).toBe('Fetch.continueRequest');
      await hold!.idle();
      await tick();
      expect(s.answerTo(post)).toBe('Fetch.failRequest');
      expect(hold!.refused.map((r) => r.url)).toEqual(['https://bank.example/transfer']);
    });
    expect(asked).toEqual(['https://bank.example/transfer']);
  });

  it('a request refused at a side door is waited for and counted against the action going on', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 50 });
    await h.run(async () => true, async (hold) => {
      // a pop-up's post began; the browser's rule refuses it a moment later
      const door = h.outside();
      let idle = false;
      void hold!.idle().then(() => (idle = true));
      await tick(5);
      expect(idle).toBe(false);
      door.ended({ method: 'POST', url: 'https://bank.example/do/pay', resourceType: 'Outside' });
      await tick();
      expect(idle).toBe(true);
      expect(hold!.refused.map((r) => r.url)).toEqual(['https://bank.example/do/pay']);
      // one that went through (not refused) adds nothing
      const other = h.outside();
      other.ended(null);
      await hold!.idle();
      expect(hold!.refused).toHaveLength(1);
    });
  });

  it('a post that reaches the network after the action settled is judged by that action, within the grace', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 200 });
    let late = '';
    const hold = await h.run(async () => false, async (hold) => hold);
    // the action returned; its click's fetch arrives now
    const id = s.pause('POST', 'https://bank.example/notes', 'title=x');
    await tick(5);
    expect(s.answerTo(id)).toBe('Fetch.failRequest');
    late = hold!.refused[0]?.url ?? '';
    expect(late).toBe('https://bank.example/notes');
    // interception is still on until the grace ends, then switched off
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(0);
    await tick(260);
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(1);
    expect(s.listening()).toBe(false);
  });

  it('the next action takes over the session without switching interception off and on', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 100 });
    await h.run(async () => false, async () => undefined);
    const decisions: string[] = [];
    await h.run(async (r) => (decisions.push(r.url), true), async () => {
      const id = s.pause('POST', 'https://bank.example/profile');
      await tick(5);
      expect(s.answerTo(id)).toBe('Fetch.continueRequest');
    });
    expect(decisions).toEqual(['https://bank.example/profile']);
    expect(s.sent.filter((c) => c.method === 'Fetch.enable')).toHaveLength(1);
    await h.close();
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(1);
  });

  it('closing decides what is paused before switching interception off, never letting it through by the switch', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 1_000 });
    let decide!: (ok: boolean) => void;
    await h.run(() => new Promise<boolean>((r) => (decide = r)), async () => undefined);
    const id = s.pause('DELETE', 'https://mail.example/api/messages/7');
    const closing = h.close();
    await tick(5);
    expect(s.sent.some((c) => c.method === 'Fetch.disable')).toBe(false);
    decide(false);
    await closing;
    expect(s.answerTo(id)).toBe('Fetch.failRequest');
    const order = s.sent.map((c) => c.method);
    expect(order.indexOf('Fetch.failRequest')).toBeLessThan(order.indexOf('Fetch.disable'));
  });

  it('closing decides every paused request, of any action, before switching interception off', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 120 });
    let first!: (ok: boolean) => void;
    await h.run(() => new Promise<boolean>((r) => (first = r)), async () => undefined);
    const early = s.pause('POST', 'https://bank.example/a');
    // the next action takes over while the first action's request still waits for its answer
    await h.run(async () => false, async () => undefined);
    const closing = h.close();
    await tick(20);
    expect(s.sent.some((c) => c.method === 'Fetch.disable')).toBe(false);
    first(false);
    await closing;
    expect(s.answerTo(early)).toBe('Fetch.failRequest');
    const order = s.sent.map((c) => c.method);
    expect(order.lastIndexOf('Fetch.failRequest')).toBeLessThan(order.indexOf('Fetch.disable'));
  });


  it("a page's timer posting after the run ended, within its last action's grace, is refused unasked; then the hold ends", async () => {
    const s = session();
    const after: string[] = [];
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 600, onAfterRun: (r) => after.push(r.url) });
    const asked: string[] = [];
    await h.run(async (r) => (asked.push(r.url), true), async () => undefined);
    const closing = h.close();
    // the model ended its turn at once; the click's timer posts 60 ms later
    await tick(60);
    const id = s.pause('POST', 'https://bank.example/do/pay', 'amount=900');
    // refused once no word of the person's own input came in the moment it waits for one
    await tick(5);
    expect(s.answerTo(id)).toBeUndefined();
    await tick(300);
    expect(s.answerTo(id)).toBe('Fetch.failRequest');
    expect(asked).toEqual([]);
    expect(after).toEqual(['https://bank.example/do/pay']);
    expect(s.sent.some((c) => c.method === 'Fetch.disable')).toBe(false);
    await closing;
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(1);
  });

  it("a replay step's decider, which never asks anyone, still judges its action's late post after the run ended: let through when it consents, refused when not", async () => {
    for (const consents of [true, false]) {
      const s = session();
      const after: string[] = [];
      const h = requestHolder(s.t, { tailMs: 1, graceMs: 150, onAfterRun: (r) => after.push(r.url) });
      const asked: string[] = [];
      const decide = Object.assign(async (r: { url: string }) => (asked.push(r.url), consents), { answersAlone: true as const });
      await h.run(decide, async () => undefined);
      const closing = h.close();
      // the last click's form post reaches the network after the replay has ended
      await tick(30);
      const id = s.pause('POST', 'https://shop.example/submit', 'country=Finland');
      await tick(300);
      expect(asked).toEqual(['https://shop.example/submit']);
      expect(s.answerTo(id)).toBe(consents ? 'Fetch.continueRequest' : 'Fetch.failRequest');
      expect(after).toEqual(consents ? [] : ['https://shop.example/submit']);
      await closing;
    }
  });

  it("after the run, the person's own click in the page lets their post go, even when the post reaches the hold first", async () => {
    for (const order of ['click first', 'post first'] as const) {
      const s = session();
      const after: string[] = [];
      const began: number[] = [];
      const h = requestHolder(s.t, { tailMs: 1, graceMs: 400, onAfterRun: (r) => after.push(r.url), onAfterRunBegins: (ms) => began.push(ms) });
      await h.run(async () => true, async () => undefined);
      // the person's input while the run acts says nothing: it may be the co-pilot's own
      h.personActed();
      const closing = h.close();
      await tick(10);
      expect(began).toHaveLength(1);
      expect(began[0]).toBeGreaterThan(300);
      if (order === 'click first') h.personActed();
      const id = s.pause('POST', 'https://shop.example/checkout', 'step=2', 'Document');
      if (order === 'post first') setTimeout(() => h.personActed(), 60);
      await tick(120);
      expect(s.answerTo(id)).toBe('Fetch.continueRequest');
      // and what the page sends after it goes on too
      const next = s.pause('POST', 'https://shop.example/analytics', 'x=1');
      await tick(5);
      expect(s.answerTo(next)).toBe('Fetch.continueRequest');
      expect(after).toEqual([]);
      await closing;
    }
  });

  it('says when an action is under way through it, from its input until its page settled: a run that began meanwhile is not closed by the last one\'s end', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 50 });
    expect(h.acting()).toBe(false);
    let during = false;
    let settling = false;
    await h.run(async () => true, async (hold) => {
      during = h.acting();
      // a post still paused when the action returns: the action is under way until it is decided
      s.pause('POST', 'https://shop.example/pay', 'x=1');
      void hold!.idle().then(() => (settling = h.acting()));
    });
    expect(during).toBe(true);
    expect(settling).toBe(true);
    expect(h.acting()).toBe(false);
    await h.close();
  });

  it('after the run, a page load ends the wait: what the next page sends goes on', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 150 });
    await h.run(async () => true, async () => undefined);
    const closing = h.close();
    await tick(10);
    const load = s.pause('GET', 'https://bank.example/next', undefined, 'Document');
    await tick(5);
    expect(s.answerTo(load)).toBe('Fetch.continueRequest');
    const post = s.pause('POST', 'https://bank.example/login', 'user=me', 'Document');
    await tick(5);
    expect(s.answerTo(post)).toBe('Fetch.continueRequest');
    await closing;
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(1);
  });

  it('a page that loaded after the last action settled is gone with its timers: the run ends the hold at once', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 500 });
    await h.run(async () => true, async () => undefined);
    s.pause('GET', 'https://bank.example/next', undefined, 'Document');
    await tick(5);
    const began = Date.now();
    await h.close();
    expect(Date.now() - began).toBeLessThan(200);
    expect(s.sent.filter((c) => c.method === 'Fetch.disable')).toHaveLength(1);
  });

  it('a run that begins in the tab while the last one waits out its grace keeps the hold on', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 80 });
    await h.run(async () => true, async () => undefined);
    const closing = h.close();
    const decided: string[] = [];
    await h.run(async (r) => (decided.push(r.url), false), async () => {
      await closing;
      const id = s.pause('POST', 'https://bank.example/notes');
      await tick(5);
      expect(s.answerTo(id)).toBe('Fetch.failRequest');
    });
    expect(decided).toEqual(['https://bank.example/notes']);
    expect(s.sent.some((c) => c.method === 'Fetch.disable')).toBe(false);
  });
});

describe('the hold reaches the page before the action', () => {
  it('the action waits until the page\'s own probe load is seen paused, and the probe is failed', async () => {
    const s = session();
    const order: string[] = [];
    // the page loads the probe a moment after it is asked, as a renderer does once its loader is swapped
    s.t.probe = async (url) => void setTimeout(() => (order.push('probe paused'), s.pause('GET', url)), 30);
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 20 });
    await h.run(async () => true, async () => void order.push('act'));
    expect(order).toEqual(['probe paused', 'act']);
    const probe = s.sent.find((c) => String(c.params?.requestId).startsWith('r'));
    expect(probe?.method).toBe('Fetch.failRequest');
    // the next action finds interception on: no second probe
    await h.run(async () => true, async () => void order.push('act again'));
    expect(order).toEqual(['probe paused', 'act', 'act again']);
    await h.close();
  });

  it('a probe made before interception reached the page goes unseen: another follows until one is seen', async () => {
    const s = session();
    const probes: string[] = [];
    // the first load goes out before the page's loaders intercept; the second is held
    s.t.probe = async (url) => void (probes.push(url) > 1 && s.pause('GET', url));
    const seen: boolean[] = [];
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 20, onProbe: (ok) => seen.push(ok) });
    await h.run(async () => true, async () => undefined);
    expect(probes).toHaveLength(2);
    expect(new Set(probes).size).toBe(2);
    expect(seen).toEqual([true]);
    await h.close();
  });

  it('a page that never shows the probe held is acted on after a short wait, and the holder says so', async () => {
    const s = session();
    let probes = 0;
    s.t.probe = async () => void probes++;
    const seen: boolean[] = [];
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 20, onProbe: (ok) => seen.push(ok) });
    const began = Date.now();
    await h.run(async () => true, async () => undefined);
    expect(Date.now() - began).toBeGreaterThanOrEqual(350);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(probes).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual([false]);
    // a page's own load of the probe host that the hold did not make is failed, and proves nothing
    const stray = s.pause('GET', 'https://hold-check.invalid/guess');
    await tick();
    expect(s.answerTo(stray)).toBe('Fetch.failRequest');
    await h.close();
  });
});

describe('the hold between actions', () => {
  it('an action that begins while the last one is being switched off waits, and has interception on', async () => {
    const s = session();
    const h = requestHolder(s.t, { tailMs: 1, graceMs: 20 });
    let decide!: (ok: boolean) => void;
    await h.run(() => new Promise<boolean>((r) => (decide = r)), async () => undefined);
    // a late post of the first action is waiting for the person when its grace ends
    s.pause('POST', 'https://bank.example/a');
    await tick(40);
    const second = h.run(async () => false, async () => {
      const id = s.pause('POST', 'https://bank.example/do/pay');
      await tick(5);
      return id;
    });
    await tick(5);
    decide(false);
    const id = await second;
    expect(s.listening()).toBe(true);
    expect(s.answerTo(id)).toBe('Fetch.failRequest');
    const order = s.sent.map((c) => c.method);
    // switched off, then on again before the second action's request
    expect(order.lastIndexOf('Fetch.enable')).toBeGreaterThan(order.indexOf('Fetch.disable'));
    await h.close();
  });
});
