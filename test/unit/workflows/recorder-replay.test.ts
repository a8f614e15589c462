import { describe, expect, it } from 'vitest';
import { runReplay } from '../../../src/workflows/replay/engine';
import type { ReplayPage, Resolution } from '../../../src/workflows/replay/ports';
import type { Workflow } from '../../../src/shared/workflow';
import { canonical, fakePage, fp, harness, scriptedLlm, workflow } from './replay-support';

/** The imported sign-in: the same steps, carrying only their file's selectors. */
function imported(learned = false): Workflow {
  const sel = ['#user', '#pass', '#go'];
  return {
    ...workflow,
    source: { kind: 'chrome-recorder' },
    steps: workflow.steps.map((s, i) => ({ ...s, target: fp('', '', { css: sel[i]! }), recorder: { selectors: [sel[i]!], frame: [], timeoutMs: 5_000, learned } })),
  };
}

/** The fake page with a selector resolver: the selector's id names the element, or a scripted answer. */
function withSelectors(answer?: (sel: string) => Resolution) {
  const els = canonical();
  const { page, acted } = fakePage(els);
  const calls: string[] = [];
  const resolveSelectors: ReplayPage['resolveSelectors'] = async (selectors) => {
    const sel = String(selectors[0]);
    calls.push(sel);
    if (answer) return answer(sel);
    const e = els.find((x) => `#${x.domId}` === sel);
    return e ? { ok: true, id: e.id, strategy: 'css', tag: e.role === 'button' ? 'button' : 'input', role: e.role, name: e.name, secret: !!e.secret, line: `<${e.role} id=${e.id}>${e.name}` } : { ok: false, reason: 'not_found', message: 'nothing' };
  };
  return { page: { ...page, resolveSelectors }, acted, calls };
}

describe('replaying an imported Chrome Recorder flow', () => {
  it('has the page type its changes itself, as Chrome\'s runner fills a field, with no aim; a click still aims and goes through trusted input', async () => {
    const { page } = withSelectors();
    const asked: (string | undefined)[] = [];
    const how: unknown[] = [];
    const h = harness({
      ...page,
      resolveSelectors: (selectors, frame, aim) => (asked.push(aim?.purpose), page.resolveSelectors!(selectors, frame)),
      act: (a, guard, aimed, h2) => (how.push({ kind: a.kind, ...h2 }), page.act(a, guard, aimed)),
    });
    expect((await runReplay(h.start, imported(), h.ports)).status).toBe('done');
    expect(asked).toEqual([undefined, undefined, 'pointer']);
    expect(how).toEqual([
      { kind: 'type', last: false, inPage: true },
      { kind: 'type', last: false, inPage: true },
      { kind: 'click', last: false, inPage: false },
    ]);
    // a flow recorded here types as the person did: aimed at, through trusted input
    const own = withSelectors();
    const ownHow: unknown[] = [];
    const h2 = harness({ ...own.page, act: (a, guard, aimed, x) => (ownHow.push(x?.inPage), own.page.act(a, guard, aimed)) });
    expect((await runReplay(h2.start, workflow, h2.ports)).status).toBe('done');
    expect(ownHow).toEqual([false, false, false]);
  });

  it('finds each step by its selectors, acts, and writes a full fingerprint back (learned)', async () => {
    const { page, acted, calls } = withSelectors();
    const h = harness(page);
    const end = await runReplay(h.start, imported(), h.ports);
    expect(end.status).toBe('done');
    expect(calls).toEqual(['#user', '#pass', '#go']);
    expect(acted.map((a) => a.kind)).toEqual(['type', 'type', 'click']);
    const last = h.workflows.at(-1)!;
    expect(last.steps.every((s) => s.recorder?.learned)).toBe(true);
    expect(last.steps[2]!.target).toMatchObject({ role: 'button', name: 'Sign in', domId: 'go' });
    expect(end.log.every((l) => l.status === 'done')).toBe(true);
  });

  it('goes on while a learned fingerprint is being stored, and ends only once every one is stored, in order', async () => {
    const { page } = withSelectors();
    const h = harness(page);
    const log: string[] = [];
    let pending = 0;
    const slowSaveWorkflow = async (w: Workflow) => {
      pending++;
      log.push(`write ${w.steps.filter((s) => s.recorder?.learned).length}`);
      for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
      pending--;
      log.push(`stored ${w.steps.filter((s) => s.recorder?.learned).length}`);
      await h.ports.saveWorkflow(w);
    };
    const acting: ReplayPage = { ...page, act: async (a, g) => (log.push(`act ${a.kind}`), page.act(a, g)) };
    const end = await runReplay(h.start, imported(), { ...h.ports, page: acting, saveWorkflow: slowSaveWorkflow });
    expect(end.status).toBe('done');
    expect(pending).toBe(0);
    // the next step acted while the first fingerprint was still being written
    expect(log.slice(log.indexOf('write 1'), log.indexOf('stored 1'))).toContain('act type');
    expect(h.workflows.map((w) => w.steps.filter((s) => s.recorder?.learned).length)).toEqual([1, 2, 3]);
  });

  it('waits for the person, with no model call, when the selectors of a step contradict each other', async () => {
    const { page, acted } = withSelectors(() => ({ ok: false, reason: 'disagree', message: '"#go" and "aria/Delete" point at different elements' }));
    const llm = scriptedLlm(['Confidence: high\nActions:\nclick 3']);
    const h = harness(page, llm);
    const end = await runReplay(h.start, imported(), h.ports);
    expect(end.status).toBe('waiting');
    expect(end.message).toContain('point at different elements');
    expect(llm.requests).toHaveLength(0);
    expect(acted).toHaveLength(0);
  });

  it('uses the learned fingerprint once it has one, and the selectors only when that no longer agrees', async () => {
    const { page, calls } = withSelectors();
    const h = harness(page);
    const learned = imported(true);
    learned.steps = learned.steps.map((s, i) => ({ ...s, target: i === 0 ? fp('textbox', 'Login', { domId: 'renamed' }) : workflow.steps[i]!.target }));
    const end = await runReplay(h.start, learned, h.ports);
    expect(end.status).toBe('done');
    expect(calls).toEqual(['#user']);
  });
});
