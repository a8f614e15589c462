import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { setShowDetails } from '../../support/panel';
import { elementsOf, isPlanner, isPolicy, isReflection, pageOf } from '../../support/model-reading';
import { act, plan, policyAnswer, reflectAnswer } from '../../support/scripted-web-model';

const { arena, s } = useArenaSession();

const guestsOn = (page: string) => {
  const field = elementsOf(page).find((e) => e.tag === 'input' && /guests|party/i.test(e.label));
  if (!field) throw new Error('no guests field');
  return Number(field.value);
};

describe('structured reflection across trials', () => {
  let trial2 = { start: 0, wanted: 0, afterReflection: [] as { rule: string; guests: number }[], actions: [] as string[] };

  it('fails the first trial on a wrong click, reflects on it and succeeds with the correction forced at that step', async () => {
    const sc = await createScenario(arena.url, 'spinner', 6);
    const wanted = Number(/guests to (\d+)/.exec(sc.text)![1]);
    let start = -1;
    let slipped = false;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) =>
          /changes were saved/.test(pageOf(r))
            ? plan('The reservation is updated.', [])
            : plan('Set the guests with the + and - buttons, then update.', [
                { policy: 'ACT', target: `set the number of guests to ${wanted} with the Increase and Decrease buttons` },
                { policy: 'CLICK', target: elementsOf(pageOf(r)).find((e) => e.tag === 'button' && /^(Update reservation|Update|Save changes)$/.test(e.text))!.text },
              ]),
      },
      {
        name: 'act',
        match: (r) => isPolicy(r, 'ACT'),
        answer: (r) => {
          const page = pageOf(r);
          const els = elementsOf(page);
          const guests = guestsOn(page);
          if (start < 0) start = guests;
          const button = (name: string) => ({ kind: 'click', id: els.find((e) => e.tag === 'button' && e.text === name)!.id });
          if (guests === wanted) return act(`The count shows ${wanted}.`, [{ kind: 'done', summary: `${wanted} guests` }]);
          // The slip: once, two clicks in, the model presses the wrong button.
          if (!slipped && guests === start + 2) {
            slipped = true;
            return act('One more guest; I press the button and check the count.', [button('Decrease')]);
          }
          return act(`The count is ${guests}; one click at a time, checking the count each time.`, [button(guests < wanted ? 'Increase' : 'Decrease')]);
        },
      },
      {
        name: 'reflect',
        match: isReflection,
        answer: (r) => {
          const steps = r.lastUser.split('\n').map((l) => /^\[(\d+)\] \w+: click (\d+) on <button id=\d+>(\w+)<\/button>/.exec(l)).filter((m) => !!m);
          const wrong = steps.find((m) => m[3] === 'Decrease')!;
          const plus = steps.find((m) => m[3] === 'Increase')!;
          return reflectAnswer('The count had to go up, but this step pressed Decrease.', Number(wrong[1]), { kind: 'click', id: Number(plus[2]) });
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(45_000, { allow: ['form'] });
    // the arena's forms post their answers: the gate asks once before the form is sent, and nothing else
    expect(end.asked).toEqual(['form']);
    const timeline = (await s.panel.getByTestId('timeline').textContent()) ?? '';
    if (process.env.DEBUG_AGENT) console.log(timeline, s.llm.requests.map((r) => r.rule));
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(wanted - start).toBeGreaterThanOrEqual(3);

    // The first trial ended on its own (the page came back to an earlier state), then one reflection.
    expect(timeline).toMatch(/Attempt 1 ended: cycle/);
    const rules = s.llm.requests.map((r) => r.rule);
    expect(rules.filter((r) => r === 'reflect')).toHaveLength(1);
    const reflection = s.llm.requests[rules.indexOf('reflect')]!;
    expect(reflection.lastUser).toMatch(/\[2\] ACT: click \d+ on <button id=\d+>Decrease<\/button>/);
    expect(timeline).toMatch(/Looked back: step 3 was wrong/);

    // The second trial forced the correction at the wrong step's index without asking any model.
    // read from the raw record a developer opens (Settings' "Show details"), where each action carries its tags
    await setShowDetails(s.panel, true);
    const actions = await s.panel.locator('li.ev.action').allTextContents();
    await setShowDetails(s.panel, false);
    expect(actions.filter((a) => a.includes('correction'))).toEqual([expect.stringMatching(/^click<button id=\d+>Increase<\/button>/)]);
    const afterReflection = s.llm.requests.slice(rules.indexOf('reflect') + 1);
    // The second trial picked the plan up at the call the wrong step belonged to: no new plan first.
    expect(afterReflection[0]!.rule).toBe('act');
    trial2 = { start, wanted, afterReflection: afterReflection.map((r) => ({ rule: r.rule ?? '', guests: r.rule === 'act' ? guestsOn(pageOf(r)) : -1 })), actions };
  });

  it('replays the steps before the wrong one without model calls', () => {
    const { start, wanted, afterReflection, actions } = trial2;
    if (process.env.DEBUG_AGENT) console.log(`model calls after the reflection: ${afterReflection.length}`, afterReflection);
    // Its first model call already sees the count three above the start: two replayed clicks and the forced one.
    expect(afterReflection[0]!).toEqual({ rule: 'act', guests: start + 3 });
    expect(afterReflection.filter((r) => r.rule === 'act')).toHaveLength(wanted - (start + 3) + 1);
    expect(actions.filter((a) => a.includes('replayed'))).toHaveLength(2);
  });
});
