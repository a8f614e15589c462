import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { elementsOf, isPlanner, isPolicy, isReflection, pageOf } from '../../support/model-reading';
import { act, planOnce, reflectAnswer } from '../../support/scripted-web-model';
import { newChat } from '../../support/scripted-panel';
import { shootPanel } from '../../support/shots';

/** Screenshots for a person to look at (gitignored, kept as test artifacts). */
const SHOTS = join(process.cwd(), 'test-results', 'timeline-truth');

// A member-number box that throws away what it is given (a page's own input filter), and a name box that keeps it.
const FORM = `<!doctype html><title>Membership</title><h1>Your membership</h1>
<label>Member number <input id="m" name="member"></label>
<label>Name on card <input id="n" name="name"></label>
<script>document.getElementById('m').addEventListener('input', (e) => { e.target.value = ''; });</script>`;

// A promo code box that keeps 4 characters, and a nickname box the page empties when it loses focus.
const CLUB = `<!doctype html><title>Club sign-up</title><h1>Club sign-up</h1>
<label>Nickname <input id="nick" name="nick"></label>
<label>Promo code <input id="promo" name="promo" maxlength="4"></label>
<button type="button">Join the club</button>
<script>document.getElementById('nick').addEventListener('blur', (e) => { e.target.value = ''; });</script>`;

mkdirSync(SHOTS, { recursive: true });
const { s, site } = useSiteSession({ '/': FORM, '/club': CLUB }, { panelWindow: true });

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

  it('a field the page cut to its length, or emptied after the run moved on, is said instead of a tick, and under Done', async () => {
    s.llm.clear();
    let phase = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Fill both fields.', [{ policy: 'FILL_TEXT', target: 'Nickname', value: 'Stardust' }, { policy: 'FILL_TEXT', target: 'Promo code', value: 'SPRING25' }], 'Both are filled.'),
      },
      {
        name: 'fill',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label))!.id;
          switch (phase++) {
            case 0:
              return act('Type the nickname.', [{ kind: 'type', id: id(/^Nickname$/), text: 'Stardust' }, { kind: 'done', summary: 'typed' }]);
            default:
              return act('Type the code.', [{ kind: 'type', id: id(/^Promo code$/), text: 'SPRING25' }, { kind: 'done', summary: 'typed' }]);
          }
        },
      },
    );
    await newChat(s.panel);
    await s.page.goto(`${site.url}/club`);
    await s.ask('Sign me up: nickname Stardust, promo code SPRING25. Do not press Join yet.');
    const end = await s.waitForEnd(30_000);
    expect(end.kind).toBe('done');
    // the run ended by itself: keyboard focus is in the panel's view, not lost to its body
    await expect.poll(() => s.panel.evaluate(() => document.activeElement?.tagName ?? '')).not.toBe('BODY');
    expect(await s.page.locator('#nick').inputValue()).toBe('');
    expect(await s.page.locator('#promo').inputValue()).toBe('SPRI');
    const panel = s.panel;
    // the code's step has no tick: it says what the field shows
    const promo = panel.getByTestId('step').filter({ hasText: 'Fill Promo code with SPRING25' });
    expect(await promo.getAttribute('data-off')).toBe('true');
    expect(await promo.locator('.step-icon').textContent()).toBe('!');
    expect(await promo.getByTestId('field-check').textContent()).toBe('Promo code shows “SPRI”, not “SPRING25” (it kept only the first 4 characters).');
    expect(await promo.textContent()).not.toContain('Typed SPRING25');
    // the nickname's step loses its tick too, once the page emptied the field
    const nick = panel.getByTestId('step').filter({ hasText: 'Fill Nickname with Stardust' });
    await expect.poll(() => nick.getAttribute('data-off')).toBe('true');
    // the nickname was emptied when the code was typed: found before "done", and the planner heard it once
    expect(await panel.getByTestId('timeline').textContent()).toContain('Nickname is empty again, though “Stardust” was typed into it.');
    const planners = s.llm.requests.filter((r) => r.rule === 'planner');
    expect(planners.at(-1)!.lastUser).toMatch(/Check before finishing: the field .*Nickname.* is empty now, though "Stardust" was typed into it/);
    expect(planners.filter((r) => r.lastUser.includes('Check before finishing'))).toHaveLength(1);
    // the card's title says so first: not a green Done above the model's "filled"
    await expect.poll(() => panel.getByTestId('final').locator('.card-title').textContent()).toBe('Done, but not all as asked');
    expect(await panel.getByTestId('final').getAttribute('data-partial')).toBe('true');
    await expect.poll(() => panel.getByTestId('final-fields').textContent()).toBe(
      'Not as asked: Promo code shows “SPRI”, not “SPRING25” (it kept only the first 4 characters). Nickname is empty again, though “Stardust” was typed into it.',
    );
    await shootPanel(panel, 'fields-not-as-typed', { height: 900 });
  });
});
