import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { idFor, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';

/** The form's button: the last button on the page, whatever this layout variant calls it. */
const submitId = (page: string) => Number(/id=(\d+)/.exec(page.split('\n').filter((l) => l.trimStart().startsWith('<button')).at(-1) ?? '')?.[1]);

const { arena, s } = useArenaSession({ provider: 'openai' });

describe('a service worker stopped in the middle of a run', () => {
  it('resumes the run from its last saved step and finishes the task', async () => {
    const sc = await createScenario(arena.url, 'radio', 2);
    let plans = 0;
    let slowClicks = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const page = pageOf(r);
          if (plans++ > 0 && !/type=radio/.test(page)) return { toolCalls: [{ name: 'plan', args: { reasoning: 'Chosen and submitted.', steps: [] } }] };
          return { toolCalls: [{ name: 'plan', args: { reasoning: 'Pick the option, then submit.', steps: [{ policy: 'ACT', target: sc.text, value: '' }] } }] };
        },
      },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const page = pageOf(r);
          if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Done.', actions: [{ kind: 'done', summary: 'submitted' }] } }] };
          const choice = /"([^"]+)"/.exec(sc.text)?.[1] ?? "";
          const radio = page.split('\n').find((l) => /type=radio/.test(l) && choice && l.toLowerCase().includes(choice.toLowerCase()));
          const id = radio ? Number(/id=(\d+)/.exec(radio)![1]) : idFor(page, choice);
          // The first answer is slow: the worker is stopped while it waits for it.
          const delayMs = slowClicks++ === 0 ? 4000 : 0;
          return { delayMs, toolCalls: [{ name: 'act', args: { thought: 'Choose and submit.', actions: [{ kind: 'check', id, checked: true }, { kind: 'click', id: submitId(page) }] } }] };
        },
      },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    await expect.poll(() => s.llm.requests.filter((r) => r.rule === 'act').length, { timeout: 20_000 }).toBe(1);
    const status = s.panel.getByTestId('connection');
    const bootedBefore = Number(await status.getAttribute('data-booted-at'));

    await s.ext.stopServiceWorker();

    await expect.poll(async () => Number(await status.getAttribute('data-booted-at')), { timeout: 15_000 }).toBeGreaterThan(bootedBefore);
    const end = await s.waitForEnd(25_000, { allow: ['form'] });
    // the arena's forms post their answers: the gate asks once before the form is sent, and nothing else
    expect(end.asked).toEqual(['form']);
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    // The stopped call was asked again after the restart; the plan made before it was not.
    expect(s.llm.requests.filter((r) => r.rule === 'act').length).toBeGreaterThanOrEqual(2);
    const timeline = (await s.panel.getByTestId('timeline').textContent()) ?? '';
    expect(timeline).toMatch(/Resumed/);
  });

  it("keeps the person's Allow on the card shown before the worker stopped, and the resumed run sends the form without asking again", async () => {
    // a seed of its own: a scenario of the same seed as the test above would share its score
    const sc = await createScenario(arena.url, 'radio', 5);
    const choice = /"([^"]+)"/.exec(sc.text)?.[1] ?? '';
    s.llm.clear();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) =>
          /type=radio/.test(pageOf(r))
            ? { toolCalls: [{ name: 'plan', args: { reasoning: 'Pick the option, then submit.', steps: [{ policy: 'ACT', target: sc.text, value: '' }] } }] }
            : { toolCalls: [{ name: 'plan', args: { reasoning: 'Chosen and submitted.', steps: [] } }] },
      },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const page = pageOf(r);
          const radio = page.split('\n').find((l) => /type=radio/.test(l) && choice && l.toLowerCase().includes(choice.toLowerCase()));
          if (!radio) return { toolCalls: [{ name: 'act', args: { thought: 'Sent.', actions: [{ kind: 'done', summary: 'submitted' }] } }] };
          const id = Number(/id=(\d+)/.exec(radio)![1]);
          // a run resumed after the tick only sends; the first one ticks and sends
          const actions = /checked/.test(radio) ? [{ kind: 'click', id: submitId(page) }] : [{ kind: 'check', id, checked: true }, { kind: 'click', id: submitId(page) }];
          return { toolCalls: [{ name: 'act', args: { thought: 'Choose and submit.', actions } }] };
        },
      },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const card = s.panel.locator('[data-testid=confirm][data-category=form]').filter({ has: s.panel.getByRole('button', { name: 'Allow once' }) });
    await card.first().waitFor({ timeout: 20_000 });
    // the card's question as stored in the chat's events: its id is what the card's Allow sends
    const asked = await s.panel.evaluate(
      () =>
        new Promise<{ id: string; runId: string }>((resolve) => {
          const open = indexedDB.open('copilot');
          open.onsuccess = () => {
            const all = open.result.transaction('events').objectStore('events').getAll();
            all.onsuccess = () => resolve((all.result as { type: string; request?: { id: string; runId: string } }[]).filter((e) => e.type === 'confirmation_needed').at(-1)!.request!);
          };
        }),
    );
    const status = s.panel.getByTestId('connection');
    const bootedBefore = Number(await status.getAttribute('data-booted-at'));

    // the worker stops with the card up, and the person's Allow on that card is what starts it again
    // (the run resumed may already be asking the same question anew, or not yet: either way it is answered)
    await s.ext.stopServiceWorker();
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0 });
    expect(await panelSend(s.panel, 'run.confirm', { runId: asked.runId, requestId: asked.id, answer: 'once' })).toMatchObject({ ok: true, result: { ok: true } });

    await expect.poll(async () => Number(await status.getAttribute('data-booted-at')), { timeout: 15_000 }).toBeGreaterThan(bootedBefore);
    // nothing else is answered here: the one Allow is all the resumed run gets
    await expect.poll(async () => (await score(arena.url, sc.id)).success, { timeout: 30_000 }).toBe(1);
    const end = s.panel.getByTestId('dock').locator('[data-end]');
    await end.waitFor({ timeout: 20_000 });
    expect(await end.getAttribute('data-end')).toBe('done');
  });
});
