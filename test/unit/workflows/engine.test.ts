import { describe, expect, it } from 'vitest';
import type { ReplayPage } from '../../../src/workflows/replay/ports';
import { runReplay } from '../../../src/workflows/replay/engine';
import { canonical, fakePage, harness, scriptedLlm, workflow } from './replay-support';

describe('replay engine', () => {
  it('never types a secret into a field that is not secret, even when the recorded id matches', async () => {
    // the page now has a plain text box under the recorded password field's id
    const els = canonical().map((e) => (e.domId === 'pass' ? { ...e, name: 'Search', secret: false } : e));
    const { page, acted } = fakePage(els);
    const h = harness(page);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('waiting');
    expect(acted.filter((a) => a.kind === 'type' && a.id === 2)).toEqual([]);
    expect(JSON.stringify(acted)).not.toContain('Tulip-1234');
    const step = h.events.find((e) => e.type === 'replay_step' && e.index === 1);
    expect(step).toMatchObject({ status: 'asked' });
  });

  it('replays a matching page with no model call, new values, checks and a persisted step after each', async () => {
    const { page, acted } = fakePage(canonical());
    const llm = scriptedLlm([]);
    const h = harness(page, llm);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('done');
    expect(llm.requests).toHaveLength(0);
    expect(acted).toEqual([
      { kind: 'type', id: 1, text: 'kenji_t', mode: 'replace' },
      { kind: 'type', id: 2, text: 'Tulip-1234', mode: 'replace' },
      { kind: 'click', id: 3, button: 'left', modifiers: [] },
    ]);
    expect(h.events.filter((e) => e.type === 'replay_step').map((e) => e.type === 'replay_step' && [e.status, e.strategy])).toEqual([['done', 'domId'], ['done', 'domId'], ['done', 'domId']]);
    expect(h.events[0]).toMatchObject({ type: 'replay_started', values: { username: 'kenji_t', password: '••••' } });
    // the last step is stored once, as the replay ends
    expect(h.saved.map((s) => s.index)).toEqual([0, 1, 2, 3]);
    expect(h.saved.at(-1)).toMatchObject({ status: 'done', index: 3 });
    expect(JSON.stringify(h.saved)).not.toContain('Tulip-1234');
  });

  it("looks for a step's element while it asks where the tab is, and looks again when the tab was still on the page before", async () => {
    const { page: base, acted } = fakePage(canonical());
    // the tab shows the page before for the first question, then the step's page; a look taken
    // there finds that page's own "username" field (id 9)
    let asked = 0;
    let onLogin = false;
    const looks: string[] = [];
    const page: ReplayPage = {
      ...base,
      url: async () => {
        onLogin = asked++ > 0;
        return onLogin ? 'https://bank.test/login?s=1' : 'https://bank.test/start';
      },
      resolve: async (f) => {
        looks.push(onLogin ? 'login' : 'start');
        return onLogin ? base.resolve(f) : { ok: true, id: 9, strategy: 'domId', tag: 'input', role: 'textbox', name: 'Username', secret: false, line: '<textbox id=9>Username' };
      },
    };
    const h = harness(page);
    const end = await runReplay(h.start, { ...workflow, steps: workflow.steps.slice(0, 1) }, h.ports);
    expect(end.status).toBe('done');
    expect(acted).toEqual([{ kind: 'type', id: 1, text: 'kenji_t', mode: 'replace' }]);
    // the first look went out before the address was known, and was not used
    expect(looks).toEqual(['start', 'login']);

    // on the step's page from the start: one look, sent before the address is asked, and no second
    const again = fakePage(canonical());
    const order: string[] = [];
    const counted: ReplayPage = { ...again.page, url: () => (order.push('url'), again.page.url()), resolve: (f) => (order.push('look'), again.page.resolve(f)) };
    const h2 = harness(counted);
    expect((await runReplay(h2.start, { ...workflow, steps: workflow.steps.slice(0, 1) }, h2.ports)).status).toBe('done');
    expect(order.slice(0, 2)).toEqual(['look', 'url']);
    expect(order.filter((o) => o === 'look')).toHaveLength(1);
  });

  it('looks again when the first look was answered by another document than the one the tab shows', async () => {
    const { page: base, acted } = fakePage(canonical());
    let looks = 0;
    const page: ReplayPage = {
      ...base,
      // the first answer comes from the document before (same path, another address): its ids are not this page's
      resolve: async (f) => {
        const r = await base.resolve(f);
        return r.ok ? { ...r, id: looks++ === 0 ? 9 : r.id, url: looks === 1 ? 'https://bank.test/login?s=0' : 'https://bank.test/login?s=1' } : r;
      },
    };
    const h = harness(page);
    expect((await runReplay(h.start, { ...workflow, steps: workflow.steps.slice(0, 1) }, h.ports)).status).toBe('done');
    expect(looks).toBe(2);
    expect(acted).toEqual([{ kind: 'type', id: 1, text: 'kenji_t', mode: 'replace' }]);
  });

  it('does not load a first address the start already opened, wherever it redirected', async () => {
    const { page, acted } = fakePage(canonical(), { url: 'https://bank.test/login?s=1' });
    const confirm: typeof workflow = { ...workflow, steps: [{ id: 'n', action: { kind: 'navigate', url: 'https://bank.test/confirm?token=1' }, intent: 'open the link', after: { navigates: true } }, ...workflow.steps] };
    const h = harness(page);
    const end = await runReplay({ ...h.start, openedFirst: true }, confirm, h.ports);
    expect(end.status).toBe('done');
    expect(acted.filter((a) => a.kind === 'navigate')).toEqual([]);
    expect(h.events.find((e) => e.type === 'replay_step' && e.index === 0)).toMatchObject({ status: 'done', message: 'opened as the replay started' });
    // nor asks where the tab is for that step: the next step asks
    const urls: string[] = [];
    const counted = fakePage(canonical(), { url: 'https://bank.test/login?s=1' });
    const h1 = harness({ ...counted.page, url: () => (urls.push('url'), counted.page.url()) });
    expect((await runReplay({ ...h1.start, openedFirst: true }, { ...confirm, steps: confirm.steps.slice(0, 1) }, h1.ports)).status).toBe('done');
    expect(urls).toEqual([]);
    // a replay the start did not open the address for loads it, as before
    const second = fakePage(canonical(), { url: 'https://bank.test/login?s=1' });
    const h2 = harness(second.page);
    await runReplay(h2.start, confirm, h2.ports);
    expect(second.acted[0]).toEqual({ kind: 'navigate', url: 'https://bank.test/confirm?token=1' });
  });

  it('says it started while the start page still loads, and looks at the page only once it has loaded', async () => {
    const { page } = fakePage(canonical(), { url: 'https://bank.test/login' });
    const order: string[] = [];
    let loaded!: () => void;
    const opening = new Promise<void>((r) => (loaded = r));
    const h = harness({ ...page, url: () => (order.push('page asked'), page.url()) });
    const going = runReplay(h.start, workflow, { ...h.ports, opening, emit: (e) => (order.push(e.type), h.ports.emit(e)) });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['replay_started']);
    order.push('page loaded');
    loaded();
    expect((await going).status).toBe('done');
    expect(order.slice(0, 3)).toEqual(['replay_started', 'page loaded', 'page asked']);
  });

  it('tells the page which action is the last step, whose page nothing reads after it, unless it is a click or a key, which can submit a form', async () => {
    const lastsOf = async (wf: typeof workflow) => {
      const { page } = fakePage(canonical());
      const lasts: (boolean | undefined)[] = [];
      const h = harness({ ...page, act: (a, guard, aimed, how) => (lasts.push(how?.last), page.act(a, guard, aimed)) });
      expect((await runReplay(h.start, wf, h.ports)).status).toBe('done');
      return lasts;
    };
    // sign in: type the name, type the password, click "Sign in"
    expect(await lastsOf(workflow)).toEqual([false, false, false]);
    expect(await lastsOf({ ...workflow, steps: workflow.steps.slice(0, 2) })).toEqual([false, true]);
  });

  it('judges each step by the facts the resolver sent with its match, with no second look at the element', async () => {
    const { page, acted } = fakePage(canonical());
    let described = 0;
    const onePass: ReplayPage = {
      ...page,
      // the match carries the element's facts, as the content script sends them
      resolve: async (f) => {
        const r = await page.resolve(f);
        return r.ok ? { ...r, info: (await page.describe(r.id))! } : r;
      },
      describe: async () => {
        described += 1;
        return null; // a second look would find nothing and stop the replay
      },
    };
    const h = harness(onePass);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('done');
    expect(described).toBe(0);
    expect(acted.map((a) => a.kind)).toEqual(['type', 'type', 'click']);
  });

  it('acts only once the previous step is stored, while the next look at the page does not wait for storage', async () => {
    const { page } = fakePage(canonical());
    const log: string[] = [];
    const watched: ReplayPage = {
      ...page,
      resolve: async (f) => {
        log.push('look');
        return page.resolve(f);
      },
      act: async (a, g) => {
        log.push(`act ${a.kind}`);
        return page.act(a, g);
      },
    };
    const h = harness(watched);
    // a slow disk: each write ends a few turns of the event loop later
    const slowSave = async (s: Parameters<typeof h.ports.saveState>[0]) => {
      log.push(`write ${s.index}`);
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
      log.push(`stored ${s.index}`);
      await h.ports.saveState(s);
    };
    const end = await runReplay(h.start, workflow, { ...h.ports, saveState: slowSave });
    expect(end.status).toBe('done');
    // the action of step n comes after step n-1's progress (index n) is stored; a look overlaps the write
    const acts = log.flatMap((e, i) => (e.startsWith('act') ? [i] : []));
    expect(acts).toHaveLength(3);
    for (const [n, i] of acts.entries()) if (n > 0) expect(log.indexOf(`stored ${n}`)).toBeLessThan(i);
    expect(log.slice(log.indexOf('write 2'), log.indexOf('stored 2'))).toContain('look');
    // the write at the start records no step: the first action does not wait for it
    expect(acts[0]).toBeLessThan(log.indexOf('stored 0'));
    expect(h.saved.map((s) => s.index)).toEqual([0, 1, 2, 3]);
  });

  it('does not hold the next action for the progress of a step that did nothing to the page', async () => {
    const { page } = fakePage(canonical(), { url: 'https://bank.test/login' });
    const log: string[] = [];
    const h = harness({ ...page, act: async (a, g) => (log.push(`act ${a.kind}`), page.act(a, g)) });
    const slowSave = async (s: Parameters<typeof h.ports.saveState>[0]) => {
      log.push(`write ${s.index}`);
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
      log.push(`stored ${s.index}`);
      await h.ports.saveState(s);
    };
    const opened: typeof workflow = { ...workflow, steps: [{ id: 'n', action: { kind: 'navigate', url: 'https://bank.test/login' }, intent: 'open the page', after: { navigates: true } }, ...workflow.steps] };
    const end = await runReplay({ ...h.start, openedFirst: true }, opened, { ...h.ports, saveState: slowSave });
    expect(end.status).toBe('done');
    const acts = log.flatMap((e, i) => (e.startsWith('act') ? [i] : []));
    expect(acts).toHaveLength(3);
    // step 0 (opened as the replay started) is done again harmlessly after a restart: the first action does not wait for it
    expect(acts[0]).toBeLessThan(log.indexOf('stored 1'));
    // a step that acted is stored before the next action, as always
    expect(log.indexOf('stored 2')).toBeLessThan(acts[1]!);
    expect(log.indexOf('stored 3')).toBeLessThan(acts[2]!);
  });

  it('aims again at a click the page moved another element under, and asks about an element that changed', async () => {
    // the click guard cancelled a press that landed elsewhere: nothing was pressed, so it is aimed again
    for (const [code, end, clicks] of [['covered', 'done', 2], ['changed', 'waiting', 1]] as const) {
      const { page, acted } = fakePage(canonical());
      let first = true;
      const h = harness({
        ...page,
        act: async (a, g) => {
          if (a.kind === 'click' && first) {
            first = false;
            acted.push(a);
            return { ok: false, code, message: 'the click landed on <button> "Pay $900" instead of element 3; the action was cancelled' };
          }
          return page.act(a, g);
        },
      });
      expect((await runReplay(h.start, workflow, h.ports)).status).toBe(end);
      expect(acted.filter((a) => a.kind === 'click')).toHaveLength(clicks);
    }
  });

  it('refuses to start on another site, before acting', async () => {
    const { page, acted } = fakePage(canonical(), { url: 'https://evil.test/login' });
    const h = harness(page);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('failed');
    expect(end.message).toMatch(/This workflow is for bank\.test, but the tab shows evil\.test/);
    expect(acted).toEqual([]);
  });

  it('heals with one confident model call, acts, and offers the new fingerprint to keep instead of writing it back', async () => {
    const els = canonical();
    els[2] = { id: 7, role: 'button', name: 'Log in', domId: 'btn-x' };
    const { page, acted } = fakePage(els);
    const llm = scriptedLlm(['Thought: "Log in" is the sign-in button.\nConfidence: high\nActions:\nclick 7']);
    const h = harness(page, llm);
    const end = await runReplay(h.start, workflow, h.ports);
    expect([end.status, end.message]).toEqual(['done', expect.any(String)]);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.messages[0]!.content).toContain('click the "Sign in" button');
    expect(llm.requests[0]!.messages[0]!.content).not.toContain('Tulip-1234');
    expect(acted.at(-1)).toEqual({ kind: 'click', id: 7, button: 'left', modifiers: [] });
    // a model's repair is kept only when the person says so
    expect(h.workflows).toEqual([]);
    expect(end.repairs).toEqual([{ index: 2, stepId: 's3', line: expect.any(String), fingerprint: expect.objectContaining({ name: 'Log in', domId: 'btn-x' }) }]);
    expect(end.log.at(-1)).toMatchObject({ status: 'healed', strategy: 'model' });
  });

  it('heals after a match that does not agree stays unchanged for a second, but waits the full time for an element that is not there yet', async () => {
    for (const [reason, expected] of [['weak', 1_000], ['not_found', 4_000]] as const) {
      const { page } = fakePage(canonical());
      const resolve = page.resolve.bind(page);
      page.resolve = async (f) => (f.name === 'Sign in' ? { ok: false, reason, message: `${reason}: only text matched` } : resolve(f));
      let startedAt = -1;
      let waited = -1;
      const h = harness(page, {
        async complete() {
          waited = h.ports.now() - startedAt;
          return { text: 'Thought: not sure.\nConfidence: low\nActions:\nask "?"', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, model: 'm', stopReason: 'end' };
        },
      });
      const saveState = h.ports.saveState;
      h.ports.saveState = async (st) => {
        if (st.index === 2 && startedAt < 0) startedAt = h.ports.now();
        return saveState(st);
      };
      const end = await runReplay(h.start, workflow, h.ports);
      expect(end.status).toBe('waiting');
      expect(waited).toBeGreaterThanOrEqual(expected);
      expect(waited).toBeLessThan(expected + 200);
    }
  });

  it('does not act when the model is unsure, or names an element that does not fit the step', async () => {
    for (const answer of ['Thought: maybe.\nConfidence: low\nActions:\nclick 2', 'Thought: this one.\nConfidence: high\nActions:\nclick 2']) {
      const els = canonical();
      els[2] = { id: 7, role: 'button', name: 'Log in', domId: 'btn-x' };
      const { page, acted } = fakePage(els);
      const h = harness(page, scriptedLlm([answer]));
      const end = await runReplay(h.start, workflow, h.ports);
      expect(end.status).toBe('waiting');
      expect(end.index).toBe(2);
      expect(acted.filter((a) => a.kind === 'click')).toEqual([]);
      expect(h.events.at(-1)).toMatchObject({ type: 'replay_step', status: 'asked' });
    }
  });

  it("asks the person about the resolver's best guess before any model call, marks it in the page, and acts on it once allowed", async () => {
    const els = canonical();
    els[2] = { id: 7, role: 'button', name: 'Log in', domId: 'btn-x' };
    const { page, acted } = fakePage(els);
    const resolve = page.resolve.bind(page);
    const guess = { id: 7, tag: 'button', role: 'button', name: 'Log in', line: '<button id=7>Log in</button>', secret: false };
    // a weak refusal (a relabel the resolver will not act on alone) asks as an ambiguous one does
    page.resolve = async (f) => (f.name === 'Sign in' ? { ok: false, reason: 'weak', message: 'too little', guess } : resolve(f));
    const llm = scriptedLlm(['Thought: "Log in" is the sign-in button.\nConfidence: high\nActions:\nclick 7']);
    const h = harness(page, llm);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end).toMatchObject({ status: 'waiting', index: 2, confirm: { category: 'other', rememberable: false, guess: true, elementLine: guess.line, action: { kind: 'click', id: 7 } } });
    expect(end.confirm!.reason).toBe('is this “Log in”? It was “Sign in”');
    expect(llm.requests).toHaveLength(0);
    expect(acted.some((a) => a.kind === 'click')).toBe(false);
    // the question's own action names the guess: the page marks it while the person answers
    expect(h.events.find((e) => e.type === 'confirmation_needed')).toMatchObject({ request: { action: { kind: 'click', id: 7 } } });
    const again = await runReplay({ ...end, status: 'running', confirm: undefined, approved: { index: 2, key: `other|${end.confirm!.reason}` } }, workflow, h.ports);
    expect(again.status).toBe('done');
    expect(acted.at(-1)).toMatchObject({ kind: 'click', id: 7 });
    expect(llm.requests).toHaveLength(0);
    // "Log in" is a known equivalent of "Sign in": what the person confirmed is learned into the workflow
    expect(h.workflows.at(-1)?.steps[2]?.target).toMatchObject({ name: 'Log in', domId: 'btn-x' });
  });

  it('a run nobody watches (a schedule) that may ask the model heals first; one that may not asks the person with the guess', async () => {
    for (const withModel of [true, false]) {
      const els = canonical();
      els[2] = { id: 7, role: 'button', name: 'Log in', domId: 'btn-x' };
      const { page, acted } = fakePage(els);
      const resolve = page.resolve.bind(page);
      page.resolve = async (f) => (f.name === 'Sign in' ? { ok: false, reason: 'ambiguous', message: 'two alike', guess: { id: 7, tag: 'button', role: 'button', name: 'Log in', line: '<button id=7>Log in</button>' } } : resolve(f));
      const llm = scriptedLlm(['Thought: "Log in" is the sign-in button.\nConfidence: high\nActions:\nclick 7']);
      const h = harness(page, withModel ? llm : undefined);
      const end = await runReplay({ ...h.start, unattended: true }, workflow, h.ports);
      if (withModel) {
        expect(end.status).toBe('done');
        expect(llm.requests).toHaveLength(1);
        expect(acted.at(-1)).toMatchObject({ kind: 'click', id: 7 });
      } else {
        expect(end).toMatchObject({ status: 'waiting', confirm: { reason: expect.stringContaining('is this “Log in”') } });
        expect(acted.some((a) => a.kind === 'click')).toBe(false);
      }
    }
  });

  it('"Pick another" offers the next of the resolver\'s best; with none left the step stops, its advice shown only while it waits', async () => {
    const els = canonical();
    els[2] = { id: 7, role: 'button', name: 'Continue', domId: 'btn-x' };
    els.push({ id: 9, role: 'button', name: 'Cancel', domId: 'btn-y' });
    const { page, acted } = fakePage(els);
    const resolve = page.resolve.bind(page);
    const g = (id: number, name: string) => ({ id, tag: 'button', role: 'button', name, line: `<button id=${id}>${name}</button>` });
    page.resolve = async (f) => (f.name === 'Sign in' ? { ok: false, reason: 'weak', message: 'too little', guess: g(9, 'Cancel'), others: [g(7, 'Continue')] } : resolve(f));
    const llm = scriptedLlm(['Thought: unsure.\nConfidence: low\nActions:\nask "not found"']);
    const h = harness(page, llm);
    const first = await runReplay(h.start, workflow, h.ports);
    expect(first.confirm!.reason).toBe('is this “Cancel”? It was “Sign in”');
    // the person turned "Cancel" down (the runner records it): the next one is asked about, still no model call
    const second = await runReplay({ ...first, status: 'running', confirm: undefined, healHit: undefined, notThese: { index: 2, ids: [9] } }, workflow, h.ports);
    expect(second.confirm).toMatchObject({ guess: true, elementLine: '<button id=7>Continue</button>', reason: 'is this “Continue”? It was “Sign in”' });
    // both turned down: the step stops, saying what it looked for; the advice is the waiting state's, not the step's record
    const none = await runReplay({ ...first, status: 'running', confirm: undefined, healHit: undefined, notThese: { index: 2, ids: [9, 7] } }, workflow, h.ports);
    expect(none).toMatchObject({ status: 'waiting', confirm: undefined });
    expect(none.message).toMatch(/looked for the button “Sign in”.*Retry step.*Skip step/s);
    const record = h.events.filter((e) => e.type === 'replay_step').at(-1) as { status: string; message: string };
    expect(record.status).toBe('asked');
    expect(record.message).toMatch(/looked for the button “Sign in”/);
    expect(record.message).not.toMatch(/Retry step|Skip step/);
    // "Use this" on a name that shares no word: the person's answer is learned into the workflow at once
    const used = await runReplay({ ...second, status: 'running', confirm: undefined, approved: { index: 2, key: `other|${second.confirm!.reason}` } }, workflow, h.ports);
    expect(used.status).toBe('done');
    expect(acted.at(-1)).toMatchObject({ kind: 'click', id: 7 });
    expect(used.repairs).toEqual([]);
    expect(h.workflows.at(-1)?.steps[2]?.target).toMatchObject({ name: 'Continue', domId: 'btn-x' });
    expect(llm.requests).toHaveLength(0);
  });

  it('never offers a guess that does not fit the step (a secret step on a plain field, a button for a field)', async () => {
    const { page, acted } = fakePage(canonical());
    const resolve = page.resolve.bind(page);
    page.resolve = async (f) => (f.name === 'Password' ? { ok: false, reason: 'ambiguous', message: 'two fields', guess: { id: 1, tag: 'input', role: 'textbox', name: 'Username', line: '<input id=1>' } } : resolve(f));
    const h = harness(page);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('waiting');
    expect(end.confirm).toBeUndefined();
    expect(acted.filter((a) => a.kind === 'type')).toHaveLength(1);
  });

  it('stops and asks when the match is ambiguous and no model is set', async () => {
    const els = canonical();
    els[2] = { id: 7, role: 'button', name: 'Sign in', domId: 'a' };
    els.push({ id: 8, role: 'button', name: 'Sign in', domId: 'b' });
    const { page, acted } = fakePage(els);
    const h = harness(page);
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('waiting');
    expect(end.message).toMatch(/ould not find the recorded element with certainty \(two elements match\)/);
    expect(acted.some((a) => a.kind === 'click')).toBe(false);
  });

  it('pauses, steps one at a time, resumes from the persisted index and stops', async () => {
    const { page, acted } = fakePage(canonical());
    let control: 'run' | 'pause' | 'stop' = 'run';
    const h = harness(page, undefined, () => control);
    const one = await runReplay({ ...h.start, stepMode: true }, workflow, h.ports);
    expect([one.status, one.index, acted.length]).toEqual(['paused', 1, 1]);
    const two = await runReplay({ ...one, stepMode: false }, workflow, h.ports);
    expect([two.status, two.index]).toEqual(['done', 3]);
    expect(h.events.filter((e) => e.type === 'resumed')).toHaveLength(1);
    control = 'stop';
    const h2 = harness(fakePage(canonical()).page, undefined, () => control);
    expect((await runReplay(h2.start, workflow, h2.ports)).status).toBe('stopped');
  });

  it('asks when the click did not lead to the expected page', async () => {
    const { page } = fakePage(canonical());
    const stuck: ReplayPage = { ...page, act: async (a) => (a.kind === 'click' ? { ok: true, change: { kind: 'none', url: '', added: 0, removed: 0, summary: '' }, elapsedMs: 0 } : page.act(a)) };
    const h = harness(stuck);
    const end = await runReplay(h.start, workflow, h.ports, { navigationTimeoutMs: 500 });
    expect(end.status).toBe('waiting');
    expect(end.message).toMatch(/should have led to \/home; the tab is still on \/login/);
  });
});
