import { describe, expect, it } from 'vitest';
import { LlmError } from '../../../src/shared/llm';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { RESULTS } from './support/flight-site';
import { waitFor } from './support/wait';
import { FakeUser } from './support/fakes';

describe('resume after the service worker dies', () => {
  it('a new agent built from the store continues where the run stopped, without redoing steps', async () => {
    const first = harness({ replies: [plan('FILL_TEXT "To" "Denver"', 'CLICK "Search flights"'), acts('type 4 "Denver"', 'done'), { hang: true }] });
    first.agent.start({ chatId: 'c', task: 'search to Denver', runId: 'r1' });
    await waitFor(() => first.llm.requests.length === 3);
    const lastSeq = first.log.events.at(-1)!.seq;
    const stored = await first.store.load('r1');
    expect(stored?.trials[0]?.steps).toHaveLength(1);
    expect(stored?.trials[0]?.planIndex).toBe(1);

    // The worker is gone: only the store and the tab remain.
    const second = harness({ browser: first.browser, store: first.store, replies: [acts('click 7', 'done'), plan()] });
    const handle = await second.agent.resume('r1');
    const outcome = await handle!.done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(first.browser.acted.map((a) => a.kind)).toEqual(['type', 'click']);
    expect(first.browser.currentUrl).toBe(RESULTS);
    expect(second.log.events[0]).toMatchObject({ type: 'run_started', resumed: true });
    expect(second.log.events[0]!.seq).toBe(lastSeq + 1);
    expect(second.llm.shown(0)).toContain('Your instruction: CLICK "Search flights"');
    expect(second.llm.shown(0)).toContain('(none yet)');
    const final = await first.store.load('r1');
    expect(final?.stepsTaken).toBe(2);
    expect(final?.usage.calls).toBe(4); // the hung call never answered, so it was never counted
  });

  it('a finished run resumes to its stored outcome without doing anything', async () => {
    const h = harness({ replies: [plan()] });
    await h.agent.start({ chatId: 'c', task: 't', runId: 'r9' }).done;
    const again = await h.agent.resume('r9');
    expect(await again!.done).toMatchObject({ status: 'done', success: true });
    expect(h.llm.requests).toHaveLength(1);
    expect(await h.agent.resume('missing')).toBeUndefined();
  });
});

describe('provider errors', () => {
  it('auth: stops and names the key to check', async () => {
    const h = harness({ replies: [{ error: new LlmError('auth', '401 invalid x-api-key', 401) }] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.status).toBe('error');
    expect(outcome.error?.kind).toBe('auth');
    expect(outcome.error?.message).toBe('Anthropic refused the API key. Check the key in Settings, then resume.');
    expect(h.log.events.at(-1)).toMatchObject({ type: 'error', kind: 'auth' });
  });

  it('context_length: halves the page budget and retries once', async () => {
    const h = harness({ replies: [{ error: new LlmError('context_length', 'prompt is too long') }, plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't', runId: 'r' }).done;
    expect(outcome.success).toBe(true);
    expect(h.browser.snapshots.map((s) => s.budget)).toEqual([4000, 2000]);
    expect((await h.store.load('r'))?.pageBudget).toBe(2000);
  });

  it('context_length twice: a clear error', async () => {
    const err = () => ({ error: new LlmError('context_length', 'prompt is too long') });
    const h = harness({ replies: [err(), err()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.error?.kind).toBe('context_length');
    expect(outcome.error?.message).toContain('2000 tokens');
  });

  it('a server error leaves a stored run that resumes', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), { error: new LlmError('server', '529 overloaded', 529) }] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't', runId: 'r' }).done;
    expect(outcome.status).toBe('error');
    expect(h.log.events.at(-1)).toMatchObject({ type: 'error', kind: 'server', resumable: true });
    expect((await h.store.load('r'))?.status).toBe('error');
    h.llm.push(acts('type 4 "Denver"', 'done'), plan());
    const resumed = await (await h.agent.resume('r'))!.done;
    expect(resumed.success).toBe(true);
    expect(h.browser.value(4)).toBe('Denver');
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'planner']);
  });

  it('resumed after an error on a tab that went elsewhere, it asks to go back where it stopped; allowed, it goes back and on', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), { error: new LlmError('server', '529 overloaded', 529) }] });
    await h.agent.start({ chatId: 'c', task: 'to Denver', runId: 'r' }).done;
    const home = h.browser.currentUrl;
    // the person went on browsing in the tab
    await h.browser.act({ kind: 'navigate', url: RESULTS });
    h.llm.push(acts('type 4 "Denver"', 'done'), plan());
    const resumed = await (await h.agent.resume('r'))!.done;
    expect(h.user.confirms).toEqual([expect.objectContaining({ category: 'return', action: { kind: 'navigate', url: home }, reason: expect.stringContaining('the task stopped on flights.example') })]);
    expect(resumed.success).toBe(true);
    expect(h.browser.currentUrl).toBe(home);
    expect(h.browser.value(4)).toBe('Denver');
  });

  it('refused, it goes on in the page the tab shows and the model is told; a tab still on its page asks nothing', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), { error: new LlmError('server', '529 overloaded', 529) }], user: new FakeUser(['refuse']) });
    await h.agent.start({ chatId: 'c', task: 'to Denver', runId: 'r' }).done;
    await h.browser.act({ kind: 'navigate', url: RESULTS });
    h.llm.push(acts('done'), plan());
    await (await h.agent.resume('r'))!.done;
    expect(h.user.confirms.map((c) => c.category)).toEqual(['return']);
    expect(h.browser.currentUrl).toBe(RESULTS);
    expect(h.llm.shown(2)).toContain('the person chose to go on in the page the tab shows now (flights.example/results)');

    const still = harness({ replies: [plan('FILL_TEXT "To" "Denver"'), { error: new LlmError('server', '529 overloaded', 529) }] });
    await still.agent.start({ chatId: 'c', task: 'to Denver', runId: 'r' }).done;
    still.llm.push(acts('type 4 "Denver"', 'done'), plan());
    await (await still.agent.resume('r'))!.done;
    expect(still.user.confirms).toEqual([]);
  });
});
