import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { idFor, instructionOf, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';
import { panelSend, setShowDetails } from '../../support/panel';
import { newChat } from '../../support/scripted-panel';
import { shootPanel } from '../../support/shots';

const { arena, s } = useArenaSession();

describe('a chat task on the practice arena', () => {
  it('ticks the asked toppings from one chat message: planner, CHECK and CLICK policies, several actions per call', async () => {
    const sc = await createScenario(arena.url, 'checkboxes', 3);
    const wanted = /Add (.*?) as toppings/.exec(sc.text)![1]!.split(/, | and /);
    scriptToppings(wanted);
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(45_000, { allow: ['form'] });
    // the arena's forms post their answers: the gate asks once before the form is sent, and nothing else
    expect(end.asked).toEqual(['form']);
    if (process.env.DEBUG_AGENT) console.log(await s.panel.getByTestId("timeline").textContent(), s.llm.requests.map((r) => r.rule));
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });

    const checkCalls = s.llm.requests.filter((r) => r.rule === 'check');
    expect(checkCalls).toHaveLength(1); // every box from one call: staged plan-and-follow
    const planner = s.llm.requests.find((r) => r.rule === 'planner')!;
    expect(planner.lastUser).toContain(sc.text);
    expect(planner.lastUser).toMatch(/<page>[\s\S]*type=checkbox[\s\S]*<\/page>/);
    expect(planner.model).toBe('scripted-planner');
    expect(checkCalls[0]!.model).toBe('scripted-policy');
    // The timeline shows the plan, and its raw record (Settings' "Show details") each action with the element it touched.
    await setShowDetails(s.panel, true);
    const timeline = await s.panel.getByTestId('timeline').textContent();
    expect(timeline).toMatch(/(Choose|Tick) [^.]* in Toppings/);
    for (const w of wanted) expect(timeline).toContain(`label="${w}"`);
    await setShowDetails(s.panel, false);
    expect(await s.panel.getByTestId('usage').textContent()).toMatch(/model calls/);
  });

  it('with "Show me the plan first", the plan is approved once and the form its step sends goes without a second question', async () => {
    const setting = async (approvePlan: boolean) => {
      await panelSend(s.panel, 'settings.save', { approvePlan });
    };
    await setting(true);
    try {
      const sc = await createScenario(arena.url, 'checkboxes', 4);
      const wanted = /Add (.*?) as toppings/.exec(sc.text)![1]!.split(/, | and /);
      s.llm.clear();
      scriptToppings(wanted);
      await s.page.goto(sc.startUrl);
      await newChat(s.panel);
      await s.ask(sc.text);
      const card = s.panel.locator('[data-testid=confirm][data-category=plan]');
      await card.waitFor({ timeout: 30_000 }).catch(async (e) => {
        console.log('PANEL', await s.panel.locator('body').innerText());
        throw e;
      });
      // before anything is done: the steps in words and the site, nothing ticked yet
      expect(await card.textContent()).toMatch(/Start this plan on 127\.0\.0\.1\?.*1\. Choose .* in Toppings.*2\. Click Add to order/s);
      expect(await s.page.locator('input[type=checkbox]:checked').count()).toBe(0);
      await shootPanel(s.panel, 'plan-approval', { schemes: ['light'] });
      await card.getByRole('button', { name: 'Approve the plan' }).click();
      const end = await s.waitForEnd(45_000, { allow: ['form', 'plan'] });
      expect(end.asked).toEqual([]);
      expect(end.kind, end.text).toBe('done');
      expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    } finally {
      await setting(false);
    }
  });
});

/** The scripted model for the toppings task: plan CHECK then CLICK "Add to order", then an empty plan. */
describe('the page after a run', () => {
  it("sends the person's own form when they press its button the moment the run is done", async () => {
    const sc = await createScenario(arena.url, 'checkboxes', 5);
    const wanted = /Add (.*?) as toppings/.exec(sc.text)![1]!.split(/, | and /);
    s.llm.clear();
    // the co-pilot only ticks the boxes; sending the order is left to the person
    let plans = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => ({ toolCalls: [{ name: 'plan', args: { reasoning: plans++ ? 'Ticked; the person sends it.' : 'Tick the toppings.', steps: plans > 1 ? [] : [{ policy: 'CHECK', target: 'Toppings', value: wanted.join(', ') }] } }] }) },
      { name: 'check', match: (r) => isPolicy(r, 'CHECK'), answer: (r) => ({ toolCalls: [{ name: 'act', args: { thought: 'Tick each wanted box.', actions: [...wanted.map((w) => ({ kind: 'check', id: idFor(pageOf(r), w), checked: true })), { kind: 'done', summary: 'ticked' }] } }] }) },
    );
    await s.page.goto(sc.startUrl);
    await newChat(s.panel);
    await s.ask(`Tick ${wanted.join(', ')} but do not add the pizza.`);
    const end = await s.waitForEnd(45_000);
    expect(end.kind, end.text).toBe('done');
    expect(end.asked).toEqual([]);
    // at once, while the hold still waits out the run's last action: the person's own click is theirs
    await s.page.locator('form [type=submit]').first().click();
    await expect.poll(async () => (await score(arena.url, sc.id)).success, { timeout: 10_000 }).toBe(1);
    expect(await s.panel.locator('[data-testid=confirm]').count()).toBe(0);
  });
});

function scriptToppings(wanted: string[]): void {
  let plans = 0;
  s.llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: () =>
        plans++ === 0
          ? { toolCalls: [{ name: 'plan', args: { reasoning: 'Tick the toppings, then add the pizza.', steps: [{ policy: 'CHECK', target: 'Toppings', value: wanted.join(', ') }, { policy: 'CLICK', target: 'Add to order', value: '' }] } }] }
          : { toolCalls: [{ name: 'plan', args: { reasoning: 'The pizza is in the order.', steps: [] } }] },
    },
    {
      name: 'check',
      match: (r) => isPolicy(r, 'CHECK'),
      answer: (r) => {
        const page = pageOf(r);
        return { toolCalls: [{ name: 'act', args: { thought: 'Tick each wanted box.', actions: [...wanted.map((w) => ({ kind: 'check', id: idFor(page, w), checked: true })), { kind: 'done', summary: 'ticked' }] } }] };
      },
    },
    {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) =>
        previousActionsOf(r).length
          ? { toolCalls: [{ name: 'act', args: { thought: 'Clicked.', actions: [{ kind: 'done', summary: 'added' }] } }] }
          : { toolCalls: [{ name: "act", args: { thought: `Doing ${instructionOf(r)}.`, actions: [{ kind: 'click', id: idFor(pageOf(r), 'Add to order') }] } }] },
    },
  );
}
