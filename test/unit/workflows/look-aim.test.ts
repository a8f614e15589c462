import { describe, expect, it } from 'vitest';
import { runReplay } from '../../../src/workflows/replay/engine';
import type { AimAsk, ReplayPage } from '../../../src/workflows/replay/ports';
import type { AimedTarget, ElementInfo } from '../../../src/shared/page';
import { canonical, fakePage, harness, workflow } from './replay-support';

/**
 * The fake page whose looks aim when asked (replay.resolve with `aim`): what each look was asked
 * to aim for, what each act received as its aim, and how often a guard was released.
 */
function aimingPage(opts: { secretUser?: boolean; purpose?: AimAsk['purpose'] } = {}) {
  const els = canonical();
  if (opts.secretUser) els[0]!.secret = true;
  const { page, acted } = fakePage(els);
  const asks: (AimAsk | undefined)[] = [];
  const aims: (AimedTarget | undefined)[] = [];
  let released = 0;
  const aiming: ReplayPage = {
    ...page,
    async resolve(f, aim) {
      asks.push(aim);
      const r = await page.resolve(f);
      if (!r.ok || !aim) return r;
      const info: ElementInfo = { id: r.id, tag: r.tag, role: r.role, name: r.name, secret: !!r.secret, line: r.line, facts: `facts-${r.id}` };
      return { ...r, info, aim: { purpose: opts.purpose ?? aim.purpose, x: 10 * r.id, y: 20, skip: false, native: null, info, at: Date.now() } };
    },
    act: (a, guard, aimed) => (aims.push(aimed), page.act(a, guard)),
    release: async () => void released++,
  };
  return { page: aiming, acted, asks, aims, released: () => released };
}

describe("a step's look aims for its action", () => {
  it('asks the look to aim for the action on the step\'s site and page, and acts on that aim without looking again', async () => {
    const p = aimingPage();
    const h = harness(p.page);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('done');
    expect(p.asks).toEqual([
      { purpose: 'edit', site: 'bank.test', path: '/login' },
      { purpose: 'edit', site: 'bank.test', path: '/login' },
      { purpose: 'pointer', site: 'bank.test', path: '/login' },
    ]);
    expect(p.aims.map((a) => a && { id: a.id, x: a.x, facts: a.info.facts })).toEqual([
      { id: 1, x: 10, facts: 'facts-1' },
      { id: 2, x: 20, facts: 'facts-2' },
      { id: 3, x: 30, facts: 'facts-3' },
    ]);
    expect(p.released()).toBe(0);
  });

  it('does not use an aim taken for another kind of input', async () => {
    const p = aimingPage({ purpose: 'hover' });
    const h = harness(p.page);
    expect((await runReplay(h.start, workflow, h.ports)).status).toBe('done');
    expect(p.aims).toEqual([undefined, undefined, undefined]);
  });

  it('releases the guard of an aimed look when its step stops before acting', async () => {
    // the "Username" field came back a password field: the step will not type its fixed text into it
    const p = aimingPage({ secretUser: true });
    const h = harness(p.page);
    const literal = { ...workflow, steps: [{ ...workflow.steps[0]!, action: { kind: 'type' as const, value: 'mlopez' } }, ...workflow.steps.slice(1)] };
    const end = await runReplay(h.start, literal, h.ports);
    expect(end.status).toBe('waiting');
    expect(p.acted).toHaveLength(0);
    expect(p.released()).toBe(1);
  });
});

describe("a Chrome Recorder wait's first check", () => {
  /** The sign-in page with one imported wait for "#go" after its navigation. */
  function waiting(checks: ({ met: boolean; count: number; url?: string } | Error)[]) {
    const { page } = fakePage(canonical());
    const order: string[] = [];
    let n = 0;
    const waitPage: ReplayPage = {
      ...page,
      url: async () => {
        order.push('url asked');
        await new Promise((r) => setTimeout(r, 5));
        order.push('url answered');
        return 'https://bank.test/login?s=1';
      },
      checkSelectors: async () => {
        order.push('check');
        const c = checks[Math.min(n++, checks.length - 1)]!;
        if (c instanceof Error) throw c;
        return c;
      },
    };
    const wf = {
      ...workflow,
      source: { kind: 'chrome-recorder' as const },
      steps: [{ id: 'w', action: { kind: 'wait' as const, timeoutMs: 5_000 }, target: { tag: 'button', role: 'button', name: '', css: '#go', xpath: '', frames: [], shadow: [] }, intent: 'wait for #go', before: { path: '/login', title: '' }, after: { navigates: false }, recorder: { selectors: ['#go'], frame: [], timeoutMs: 5_000, learned: false, wait: { operator: '>=' as const, count: 1, visible: true } } }],
    };
    return { page: waitPage, order, wf, checks: () => n };
  }

  it('goes out with the question of where the tab is, and ends the wait when it is met there', async () => {
    const w = waiting([{ met: true, count: 1, url: 'https://bank.test/login?s=1' }]);
    const h = harness(w.page);
    const end = await runReplay(h.start, w.wf, h.ports);
    expect(end.status).toBe('done');
    // sent before the tab's address came back, not after it
    expect(w.order.indexOf('check')).toBeLessThan(w.order.indexOf('url answered'));
    expect(w.checks()).toBe(1);
  });

  it('is made again when the page before answered it', async () => {
    const w = waiting([
      { met: true, count: 1, url: 'https://bank.test/start' },
      { met: true, count: 1, url: 'https://bank.test/login?s=1' },
    ]);
    const h = harness(w.page);
    expect((await runReplay(h.start, w.wf, h.ports)).status).toBe('done');
    expect(w.checks()).toBe(2);
  });
});
