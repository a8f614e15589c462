import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { flightSite } from './support/flight-site';
import type { FakeBrowser, FakeEl } from './support/fake-browser';

const FORM = 'https://forms.example/details';

/** One text field whose page does `onType` with what it was given. */
function formWith(onType: FakeEl['onType']): FakeBrowser {
  const browser = flightSite();
  browser.pages[FORM] = { title: 'Your details', elements: () => [{ id: 5, tag: 'input', name: 'Member number', onType }] };
  browser.currentUrl = FORM;
  return browser;
}

describe('a typed value counts only when the field shows it (typed-check.ts)', () => {
  it('a field the page empties again is not a step: the model is told it is still empty, and the timeline says it did not work', async () => {
    const browser = formWith((b) => b.values.set(b.key(5), ''));
    const h = harness({ browser, replies: [plan('FILL_TEXT "Member number" "88120"'), acts('type 5 "88120"'), acts('done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'enter member number 88120' }).done;
    expect(h.llm.shown(2)).toContain('still empty after typing');
    const run = JSON.parse([...h.store.runs.values()][0]!) as { trials: Array<{ steps: Array<{ action: { kind: string } }> }> };
    const steps = run.trials.flatMap((t) => t.steps);
    expect(steps.filter((s) => s.action.kind === 'type')).toEqual([]);
    expect(h.log.events.find((e) => e.type === 'observation')).toMatchObject({ ok: false, error: { code: 'not_editable' } });
  });

  it('a field that reshapes the value (spaces, dashes) shows what was typed; one that shows something else says what', async () => {
    const spaced = formWith((b, text) => b.values.set(b.key(5), text.replace(/(\d{3})(?=\d)/g, '$1 ')));
    const h = harness({ browser: spaced, replies: [plan('FILL_TEXT "Member number" "88120"'), acts('type 5 "88120"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'enter member number 88120' }).done;
    expect(spaced.value(5)).toBe('881 20');
    const ok = h.log.events.find((e) => e.type === 'observation');
    expect(ok).toMatchObject({ ok: true });
    expect(JSON.stringify(ok)).not.toContain('now shows');

    const replaced = formWith((b) => b.values.set(b.key(5), 'Gold member'));
    const r = harness({ browser: replaced, replies: [plan('FILL_TEXT "Member number" "88120"'), acts('type 5 "88120"', 'done'), plan()] });
    await r.agent.start({ chatId: 'c', task: 'enter member number 88120' }).done;
    expect(r.log.events.find((e) => e.type === 'observation')).toMatchObject({ ok: true, summary: expect.stringContaining('the field now shows "Gold member"') });
  });

  it('a long text the page model shows clipped ("…") is what was typed', async () => {
    const review = 'The room was quiet and clean, the staff helpful at every hour, and breakfast was generous; I would stay here again without a second thought.';
    const clipped = formWith((b, text) => b.values.set(b.key(5), `${text.slice(0, 119).trimEnd()}…`));
    const h = harness({ browser: clipped, replies: [plan('FILL_TEXT "Member number" "review"'), acts(`type 5 "${review}"`, 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'write the review' }).done;
    const ok = h.log.events.find((e) => e.type === 'observation');
    expect(ok).toMatchObject({ ok: true });
    expect(JSON.stringify(ok)).not.toContain('now shows');
  });
});
