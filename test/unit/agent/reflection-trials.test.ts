import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan, reflection } from './support/scripted-llm';
import { FakeUser } from './support/fakes';
import { HOME, PAY, RESULTS } from './support/flight-site';
import type { RunState } from '../../../src/agent/run-state';

const trialEnds = (h: ReturnType<typeof harness>) =>
  h.log.events.flatMap((e) => (e.type === 'trial_ended' ? [e.status] : []));

const cheapest = {
  judge: async (run: RunState) => ({
    success: run.trials.at(-1)?.steps.some((s) => s.action.kind === 'click' && s.action.id === 31) ?? false,
    reason: 'the $420 flight was chosen, not the cheapest',
  }),
};

describe('trial statuses', () => {
  it('no change: actions that leave the page as it was end the trial', async () => {
    const h = harness({ config: { maxTrials: 1 }, replies: [plan('CLICK "Clear"'), acts('click 9'), acts('click 9')] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(trialEnds(h)).toEqual(['no_change']);
    expect(outcome.success).toBe(false);
    expect(h.llm.shown(2)).toContain('Your last actions did not change the page.');
  });

  it('cycle: coming back to a page state seen before ends the trial', async () => {
    const h = harness({ config: { maxTrials: 1 }, replies: [plan('ACT "look around"'), acts('click 7'), acts('click 32')] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(trialEnds(h)).toEqual(['cycle']);
    expect(h.browser.currentUrl).toBe(HOME);
  });

  it('incomplete: a policy that never says done runs out of turns', async () => {
    const h = harness({ config: { maxTrials: 1, maxPolicyTurns: 2 }, replies: [plan('FILL_TEXT "To" "Denver"'), acts('type 4 "Den"'), acts('type 4 "Denv"')] });
    await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(trialEnds(h)).toEqual(['incomplete']);
  });

  it('failed: the judge (or the person) says the finished task is wrong', async () => {
    const h = harness({ config: { maxTrials: 1 }, judge: cheapest, replies: [plan('CLICK "Search flights"'), acts('click 7', 'done'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(trialEnds(h)).toEqual(['failed']);
    expect(outcome.summary).toContain('not the cheapest');
  });
});

describe('reflection across trials', () => {
  const trialOne = [
    plan('FILL_TEXT "To" "Denver"', 'CLICK "Search flights"', 'CLICK "cheapest flight"'),
    acts('type 4 "Denver"', 'done'),
    acts('click 7', 'done'),
    acts('click 30', 'done'),
    plan(),
  ];

  it('corrects the earliest wrong step, replays the prefix without the model and forces the correction', async () => {
    const h = harness({
      judge: cheapest,
      replies: [
        ...trialOne,
        { role: 'reflection', text: reflection(2, 'click 31', 'The cheapest is the $380 flight.') },
        acts('done "picked the $380 flight"'),
        plan(),
      ],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 'Book the cheapest flight to Denver' }).done;
    expect(outcome).toMatchObject({ success: true, status: 'done' });
    expect(trialEnds(h)).toEqual(['failed', 'done']);
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'policy', 'planner', 'reflection', 'policy', 'planner']);

    // Browser: trial 1, back to the start, replay of steps 0-1, then the forced correction.
    const kinds = h.browser.acted.map((a) => ('id' in a ? `${a.kind} ${a.id}` : a.kind));
    expect(kinds).toEqual(['type 4', 'click 7', 'click 30', 'navigate', 'type 4', 'click 7', 'click 31']);
    expect(h.browser.flags.has('chose-31')).toBe(true);
    expect(h.browser.currentUrl).toBe(PAY);

    // The reflection model saw the numbered trajectory and how the trial ended.
    const shown = h.llm.shown(5);
    expect(shown).toContain('[2] CLICK: click 30 on <button id=30>Select 8:00 flight $420</button>');
    expect(shown).toContain('ended as: failed');
    expect(shown).toContain('Why it ended: the $420 flight was chosen, not the cheapest\n</page-log>');

    const actions = h.log.events.flatMap((e) => (e.type === 'action' ? [e] : []));
    expect(actions.slice(3).map((a) => [a.step, a.replayed, a.forced])).toEqual([
      [0, true, false],
      [1, true, false],
      [2, false, true],
    ]);
    // The policy after the forced step knows what it did.
    expect(h.llm.shown(6)).toContain('click 31');
    const stored = await h.store.load(outcome.runId);
    expect(stored?.memory.corrections['2']?.correction).toMatchObject({ kind: 'click', id: 31 });
    expect(stored?.memory.disabled['2']).toEqual([expect.objectContaining({ kind: 'click', id: 30 })]);
  });

  it('a reflection that repeats the wrong action or points past the end is sent back', async () => {
    const h = harness({
      judge: cheapest,
      replies: [...trialOne, reflection(2, 'click 30'), reflection(9, 'click 31'), reflection(2, 'click 31'), acts('done'), plan()],
    });
    expect((await h.agent.start({ chatId: 'c', task: 't' }).done).success).toBe(true);
    expect(h.llm.requests[6]?.messages.at(-1)?.content).toContain('propose a different action');
    expect(h.llm.requests[7]?.messages.at(-1)?.content).toContain('from 0 to 3');
  });

  it('stops after the configured number of trials', async () => {
    const h = harness({
      config: { maxTrials: 2 },
      judge: { judge: async () => ({ success: false, reason: 'never right' }) },
      replies: [...trialOne, reflection(2, 'click 31'), acts('done'), plan()],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.success).toBe(false);
    expect(outcome.summary).toContain('Not done after 2 attempts');
    expect(h.llm.remaining).toBe(0);
  });

  it('hides the disabled ids from the page at that step when no correction can be forced', async () => {
    const h = harness({ config: { maxTrials: 3 }, replies: [plan('CLICK "Search flights"'), acts('click 7', 'done'), plan('CLICK "cheapest"')] });
    // Stop the first run at the results page, then give the stored run a memory where step 1 has
    // two failed clicks and a correction that is itself disabled.
    h.llm.push({ hang: true });
    const first = h.agent.start({ chatId: 'c', task: 'cheapest flight', runId: 'r1' });
    await new Promise((r) => setTimeout(r, 20));
    const run = (await h.store.load('r1'))!;
    const click = (id: number) => ({ kind: 'click' as const, id, button: 'left' as const, modifiers: [] });
    run.memory = { corrections: { '1': { wrong: click(30), correction: click(30), reason: 'x' } }, disabled: { '1': [click(30), click(32)] } };
    await h.store.save(run);
    first.control.stop();

    const next = harness({ browser: h.browser, store: h.store, replies: [acts('click 30'), acts('click 31', 'done'), plan()] });
    const handle = await next.agent.resume('r1');
    expect((await handle!.done).success).toBe(true);
    expect(h.browser.snapshots.filter((s) => s.hideIds?.length).map((s) => s.hideIds)).toEqual([[30, 32]]);
    expect(next.llm.shown(0)).not.toContain('id=30');
    expect(next.llm.shown(0)).toContain('id=31');
    expect(next.llm.requests[1]?.messages.at(-1)?.content).toContain('element 30 was tried at this step in an earlier attempt');
    expect(h.browser.flags.has('chose-31')).toBe(true);
    expect(h.browser.flags.has('chose-30')).toBe(false);
  });

  it('after an irreversible step it asks the person before trying again', async () => {
    const user = new FakeUser(['once', 'refuse']);
    const h = harness({
      user,
      judge: { judge: async () => ({ success: false, reason: 'wrong card' }) },
      replies: [
        plan('CLICK "Search flights"', 'CLICK "flight $380"', 'CLICK "Pay"'),
        acts('click 7', 'done'),
        acts('click 31', 'done'),
        acts('click 52', 'done'),
        plan(),
      ],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 'book and pay' }).done;
    expect(user.confirms.map((c) => c.category)).toEqual(['payment', 'retry_after_irreversible']);
    expect(user.confirms[1]?.description).toContain('click 52');
    expect(outcome.success).toBe(false);
    expect(outcome.summary).toContain('irreversible');
    expect(h.llm.roles()).not.toContain('reflection');
  });

  it('the person saying a finished run is wrong starts a reflected retry', async () => {
    const h = harness({ replies: [plan('CLICK "Search flights"'), acts('click 7', 'done'), plan()] });
    const first = await h.agent.start({ chatId: 'c', task: 'search flights to Denver', runId: 'r2' }).done;
    expect(first.success).toBe(true);
    h.llm.push(reflection(0, 'type 4 "Denver"', 'The destination was never filled.'), acts('done'), plan());
    const again = await h.agent.reportWrong('r2', 'you did not enter Denver');
    const outcome = await again!.done;
    expect(outcome.success).toBe(true);
    expect(h.llm.shown(3)).toContain('the person says the result is wrong: you did not enter Denver');
    expect(h.browser.value(4, HOME)).toBe('Denver');
    expect(h.browser.currentUrl).toBe(HOME);
    void RESULTS;
  });
});
