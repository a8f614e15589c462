import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { elementsOf, isPlanner, isPolicy, isReflection, pageOf } from '../../support/model-reading';
import { act, planOnce, reflectAnswer } from '../../support/scripted-web-model';
import { newChat } from '../../support/scripted-panel';

/** Screenshots for a person to look at (gitignored, kept as test artifacts). */
const SHOTS = join(process.cwd(), 'test-results', 'timeline-truth');

// A member-number box that throws away what it is given (a page's own input filter), and a name box that keeps it.
const FORM = `<!doctype html><title>Membership</title><h1>Your membership</h1>
<label>Member number <input id="m" name="member"></label>
<label>Name on card <input id="n" name="name"></label>
<script>document.getElementById('m').addEventListener('input', (e) => { e.target.value = ''; });</script>`;

mkdirSync(SHOTS, { recursive: true });
const { s, site } = useSiteSession({ '/': FORM }, { panelWindow: true });

describe('the timeline says only what the page confirms', () => {
  it('typing a field that stays empty reads "Not done" with the reason; typing that shows reads "Typed"', async () => {
    let phase = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Fill the form.', [{ policy: 'ACT', target: 'the membership form', value: '' }], 'Filled.') },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label))!.id;
          switch (phase++) {
            case 0:
              return act('Type the member number.', [{ kind: 'type', id: id(/^Member number$/), text: '88120' }]);
            case 1:
              return act('Type the name.', [{ kind: 'type', id: id(/^Name on card$/), text: 'Ana Silva' }]);
            default:
              return act('Done.', [{ kind: 'done', summary: 'The name is in; the member number box takes nothing.' }]);
          }
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    await s.ask('Fill in member number 88120 and the name Ana Silva');
    await s.waitForEnd(30_000);
    const panel = s.panel;
    const lines = panel.getByTestId('plain-action');
    await expect.poll(() => lines.count()).toBe(2);
    const [refused, kept] = [lines.nth(0), lines.nth(1)];
    expect(await refused.getAttribute('data-gate')).toBe('not_done');
    expect(await refused.textContent()).toBe('Not done: Type 88120 into Member number');
    expect(await panel.getByTestId('timeline').textContent()).toContain('is still empty after typing');
    expect(await kept.getAttribute('data-gate')).toBe('');
    expect(await kept.textContent()).toBe('Typed Ana Silva into Name on card');
    expect(await s.page.locator('#m').inputValue()).toBe('');
    // the result card, which says what the model said, also says what did not take
    await expect.poll(() => panel.getByTestId('final-untaken').textContent()).toBe('Not done: Type 88120 into Member number.');
    // the finished step is folded: opened, as a person opens it to see what was done
    await panel.getByRole('button', { name: 'Plan item 1' }).click();
    await refused.waitFor({ state: 'visible' });
    for (const width of [320, 400, 480]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await panel.setViewportSize({ width, height: 640 });
        await panel.emulateMedia({ colorScheme });
        await panel.screenshot({ path: join(SHOTS, `typed-${width}-${colorScheme}.png`) });
      }
    }
  });

  it("a model whose answers cannot be acted on ends in the person's words, its reason folded behind Details", async () => {
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: planOnce('Fill the form.', [{ policy: 'ACT', target: 'the membership form', value: '' }], 'Filled.') },
      { name: 'act', match: (r) => isPolicy(r), answer: () => act('Click it.', [{ kind: 'click', id: 9999 }]) },
      // a reflection that names a step the trial never had: its answers cannot be used either
      { name: 'reflect', match: isReflection, answer: () => reflectAnswer('Step 7 was wrong.', 7, { kind: 'click', id: 9999 }) },
    );
    await newChat(s.panel);
    await s.ask('Fill in member number 88120');
    await s.waitForEnd(30_000);
    const final = s.panel.getByTestId('final');
    await expect.poll(() => final.locator('.final-text').textContent()).toBe('The model kept answering in a way the co-pilot could not act on, even when told what was wrong. Try again, or retry with another model.');
    const details = final.getByTestId('final-details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await details.textContent()).toContain('reflection: the step index must be');
  });
});
