import { describe, expect, it } from 'vitest';
import { runReplay } from '../../../src/workflows/replay/engine';
import type { ReplayPage, Resolution } from '../../../src/workflows/replay/ports';
import type { Workflow } from '../../../src/shared/workflow';
import { canonical, fakePage, fp, harness, scriptedLlm, workflow, type El } from './replay-support';

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

  it('types a plain value into a field the page says is a password as a secret of this run, and the next Run form asks for it once', async () => {
    // #pw and #verify: nothing in the file says password; the page has two <input type=password>
    const els: El[] = [...canonical(), { id: 4, role: 'textbox', name: 'Verify', domId: 'verify', secret: true }];
    const { page, acted } = fakePage(els);
    const resolveSelectors: ReplayPage['resolveSelectors'] = async (selectors) => {
      const e = els.find((x) => `#${x.domId}` === String(selectors[0]))!;
      return { ok: true, id: e.id, strategy: 'css', tag: e.role === 'button' ? 'button' : 'input', role: e.role, name: e.name, secret: !!e.secret, line: `<${e.role} id=${e.id}>${e.name}` };
    };
    const kept: Record<string, string> = {};
    const h = harness({ ...page, resolveSelectors });
    const typed = (sel: string, name: string) => ({ action: { kind: 'type' as const, value: `{{${name}}}` }, target: fp('', '', { css: sel }), intent: `type {{${name}}} into ${sel}`, recorder: { selectors: [sel], frame: [], timeoutMs: 5_000, learned: false } });
    const wf: Workflow = {
      ...workflow,
      source: { kind: 'chrome-recorder' },
      variables: [
        { name: 'user', label: 'user', default: 'kenji_t', secret: false },
        { name: 'pw', label: 'pw', default: 'Tulip-1234', secret: false },
        { name: 'verify', label: 'verify', default: 'Tulip-1234', secret: false },
      ],
      steps: [
        { id: 's1', ...typed('#user', 'user'), before: { path: '/login', title: '' }, after: { navigates: false } },
        { id: 's2', ...typed('#pass', 'pw'), before: { path: '/login', title: '' }, after: { navigates: false } },
        { id: 's3', ...typed('#verify', 'verify'), before: { path: '/login', title: '' }, after: { navigates: false } },
        { ...workflow.steps[2]!, target: fp('', '', { css: '#go' }), recorder: { selectors: ['#go'], frame: [], timeoutMs: 5_000, learned: false } },
      ],
    };
    const start = { ...h.start, values: { user: 'kenji_t', pw: 'Tulip-1234', verify: 'Tulip-1234' }, secretNames: [] };
    const end = await runReplay(start, wf, { ...h.ports, keepSecret: async (name, value) => void (kept[name] = value) });
    expect(end.status, end.message).toBe('done');
    expect(acted.flatMap((a) => (a.kind === 'type' ? [a.text] : []))).toEqual(['kenji_t', 'Tulip-1234', 'Tulip-1234']);
    // a secret of this run from the first password field on: out of the stored state, kept with the run's secrets
    expect(kept).toEqual({ pw: 'Tulip-1234', verify: 'Tulip-1234' });
    expect(end.values).toEqual({ user: 'kenji_t' });
    expect(end.secretNames).toEqual(['pw', 'verify']);
    // the state stored as the replay ends (each write is the whole state, replacing the one before) holds no password
    expect(JSON.stringify(h.saved.at(-1))).not.toContain('Tulip-1234');
    // (the start's event showed the values the Run form showed; nothing after it does)
    expect(JSON.stringify(h.events.slice(1))).not.toContain('Tulip-1234');
    // the workflow keeps no value, and its next Run form asks for one password, typed into both fields
    const last = h.workflows.at(-1)!;
    expect(JSON.stringify(last)).not.toContain('Tulip-1234');
    expect(last.variables).toEqual([{ name: 'user', label: 'user', default: 'kenji_t', secret: false }, { name: 'pw', label: 'pw', secret: true }]);
    expect(last.steps.map((s) => (s.action.kind === 'type' ? s.action.value : s.action.kind))).toEqual(['{{user}}', '{{pw}}', '{{pw}}', 'click']);
  });

  it('still refuses a literal typed into a password field, and a variable that is used elsewhere than as a typed value', async () => {
    const { page, acted } = withSelectors();
    const h = harness(page);
    const wf = imported();
    wf.variables = [{ name: 'username', label: 'Username', default: 'mlopez', secret: false }];
    wf.steps = [wf.steps[0]!, { ...wf.steps[1]!, action: { kind: 'type', value: 'Tulip-1234' } }, wf.steps[2]!];
    const end = await runReplay({ ...h.start, secretNames: [] }, wf, h.ports);
    expect(end.status).toBe('waiting');
    expect(end.message).toMatch(/secret field, but the step types no secret/);
    expect(acted.map((a) => a.kind)).toEqual(['type']);
    const shared = imported();
    shared.variables = [{ name: 'username', label: 'Username', default: 'mlopez', secret: false }];
    shared.steps = [shared.steps[0]!, { ...shared.steps[1]!, action: { kind: 'type', value: '{{username}}' } }, { id: 's4', action: { kind: 'navigate', url: 'https://bank.test/u/{{username}}' }, intent: 'open', after: { navigates: false } }];
    const h2 = harness(withSelectors().page);
    expect((await runReplay({ ...h2.start, secretNames: [] }, shared, h2.ports)).message).toMatch(/secret field, but the step types no secret/);
  });
});
