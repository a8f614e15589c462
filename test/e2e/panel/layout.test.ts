import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan } from '../../support/scripted-web-model';
import { seriousAxe } from '../../support/axe';

/** Screenshots for a person to look at (gitignored, kept as test artifacts). */
const SHOTS = join(process.cwd(), 'test-results', 'panel-layout');
const WIDTHS = [320, 400, 480];
const SCHEMES = ['light', 'dark'] as const;
const HEIGHT = 640;

const TOPPINGS = Array.from({ length: 24 }, (_, i) => `Topping ${i + 1}`);
const ORDER = `<!doctype html><title>Order</title><h1>Your order</h1>
<form action="/thanks" method="post">
${TOPPINGS.map((t) => `<label><input type="checkbox" name="t"> ${t}</label><br>`).join('\n')}
<label>Password <input type="password" name="pw"></label>
<p>Total to pay: $42.00 to Pizza Place</p>
<button type="submit">Pay $42.00</button>
</form>`;
const THANKS = '<!doctype html><title>Thanks</title><h1>Thanks! Your order is paid.</h1>';

mkdirSync(SHOTS, { recursive: true });
const { s, site } = useSiteSession({ '/': ORDER, '/thanks': THANKS }, { panelWindow: true });

/** The page's own scroll is never needed: only the timeline scrolls. */
async function inView(panel: Page, control: Locator) {
  const box = await control.boundingBox();
  const size = panel.viewportSize()!;
  expect(box, 'the control is rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  expect(await panel.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight)).toBe(true);
}

/** At every width and in both themes: the control is inside the viewport and focus is in its card. */
async function checkEverywhere(name: string, card: Locator, control: Locator, opts: { focused?: boolean } = {}) {
  const panel = s.panel;
  for (const width of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      await panel.setViewportSize({ width, height: HEIGHT });
      await panel.emulateMedia({ colorScheme });
      await control.waitFor();
      await inView(panel, control);
      if (opts.focused !== false) expect(await card.evaluate((el) => el.contains(document.activeElement)), `${name}: focus is in the card`).toBe(true);
      await panel.screenshot({ path: join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    }
  }
}

describe('what the agent waits for is pinned above the composer', () => {
  it('keeps the question, the hand-off, the confirmation and the result in view and focused at 320-480 px, light and dark', async () => {
    let phase = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => (/Thanks!/.test(pageOf(r)) ? plan('The order is paid.', []) : plan('Tick every topping, then pay.', [{ policy: 'ACT', target: 'the order form', value: '' }])),
      },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label) || re.test(e.text))!.id;
          switch (phase++) {
            case 0: // a long timeline: one line per box
              return act('Tick every topping.', TOPPINGS.map((t) => ({ kind: 'check', id: id(new RegExp(`^${t}$`)), checked: true })));
            case 1:
              return act('I need the size.', [{ kind: 'ask_user', question: 'Which size, small or large?' }]);
            case 2:
              return act('Type the password.', [{ kind: 'type', id: id(/^Password$/), text: 'hunter2' }]);
            case 3:
              return act('Pay.', [{ kind: 'click', id: id(/^Pay \$42\.00$/) }]);
            default:
              return act('Paid.', [{ kind: 'done', summary: 'Paid $42.00 to Pizza Place.' }]);
          }
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    await s.ask('Order a pizza with every topping and pay');
    const panel = s.panel;
    // "show details" (the developers' setting) opens every line of the 24 ticks: a timeline taller than the panel
    await panel.evaluate(() => (localStorage.setItem('copilot.showDetails', '1'), window.dispatchEvent(new Event('copilot-show-details'))));
    const scroller = panel.getByTestId('timeline-scroll');

    // a question: the answer field has focus
    const question = panel.getByTestId('question');
    await question.waitFor({ timeout: 20_000 });
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight), 'the timeline is taller than the panel').toBe(true);
    await checkEverywhere('question', question, question.getByLabel('Answer'));
    expect(await seriousAxe(panel), 'axe: a question').toEqual([]);
    // announced: the progress lines and what the agent waits for sit in polite live regions
    const liveOf = (el: Element) => el.closest('[aria-live]')?.getAttribute('aria-live') ?? null;
    expect(await panel.getByTestId('step').first().evaluate(liveOf), 'a progress line').toBe('polite');
    expect(await panel.getByTestId('timeline').getAttribute('aria-live')).toBe('polite');
    expect(await question.evaluate(liveOf), 'the waiting dock').toBe('polite');
    expect(await panel.getByTestId('dock').getAttribute('aria-live')).toBe('polite');
    // Pause and Stop stay in the header bar, whatever the timeline's length
    await inView(panel, panel.getByRole('button', { name: 'Stop' }));
    await inView(panel, panel.getByRole('button', { name: 'Pause' }));

    // the person scrolls up to read: the timeline stays there and offers the way back
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await question.getByLabel('Answer').fill('large');
    await question.getByRole('button', { name: 'Answer' }).click();

    // the hand-off
    const handoff = panel.getByTestId('handoff');
    await handoff.waitFor({ timeout: 20_000 });
    const jump = panel.getByRole('button', { name: /Jump to latest/ });
    await jump.waitFor({ timeout: 5_000 });
    // the chip sits under the timeline, over none of its rows
    const [chip, room] = [(await jump.boundingBox())!, (await scroller.boundingBox())!];
    expect(chip.y).toBeGreaterThanOrEqual(room.y + room.height - 1);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
    await checkEverywhere('handoff', handoff, handoff.getByRole('button', { name: "I'm done, continue" }));
    expect(await seriousAxe(panel), 'axe: a hand-off').toEqual([]);
    await jump.click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
    await s.page.getByLabel('Password').fill('hunter2');
    await handoff.getByRole('button', { name: "I'm done, continue" }).click();

    // the confirmation: the card leads with the effect and the site, with the page's words
    const confirm = panel.getByTestId('confirm');
    await confirm.waitFor({ timeout: 20_000 });
    expect(await confirm.locator('.card-title').textContent()).toMatch(/^Pay \$42\.00 on 127\.0\.0\.1\?/);
    // the page's words with the amount first, without the form's 24 field labels or the button's own words
    expect(await confirm.getByTestId('confirm-context').textContent()).toBe('Total to pay: $42.00 to Pizza Place');
    // the click it asks about is not shown as done
    const gated = panel.locator('[data-testid=plain-action][data-kind=click]');
    expect(await gated.getAttribute('data-gate')).toBe('waiting');
    // "Waiting for you" is the header's alone: the step says it is asked below, and no second line repeats the card
    expect(await gated.textContent()).toBe('Asked below: Click Pay $42.00');
    expect(await panel.getByText('Waiting for you', { exact: false }).count()).toBe(1);
    expect(await gated.isVisible(), 'the step that waits is open').toBe(true);
    await checkEverywhere('confirm', confirm, confirm.getByRole('button', { name: 'Allow once' }));
    // back at the latest entry, the timeline follows the run again: no chip, the waiting line in view
    expect(await jump.count()).toBe(0);
    expect(await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
    // by keyboard alone: from the message box back to Allow once, with a visible focus ring, and Enter presses it
    // while the run works the box adds to the task
    await panel.getByLabel('Add to the task').focus();
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await panel.keyboard.press('Shift+Tab');
      reached = await panel.evaluate(() => document.activeElement?.textContent === 'Allow once');
    }
    expect(reached, 'Allow once is reached with the keyboard').toBe(true);
    const ring = await panel.evaluate(() => {
      const el = document.activeElement!;
      const st = getComputedStyle(el);
      return { visible: el.matches(':focus-visible'), style: st.outlineStyle, width: parseFloat(st.outlineWidth) };
    });
    expect(ring.visible).toBe(true);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThan(0);
    await panel.keyboard.press('Enter');

    // the result, pinned when the run ends
    const final = panel.getByTestId('final');
    await final.waitFor({ timeout: 20_000 });
    expect(await final.getAttribute('data-end')).toBe('done');
    expect(await gated.getAttribute('data-gate')).toBe('allowed');
    await checkEverywhere('final', final, final, { focused: false });
    expect(await seriousAxe(panel), 'axe: the final card').toEqual([]);
  });

  it('offers Resume after a resumable error, focused and in view, and the run continues from it', async () => {
    await s.panel.evaluate(() => (localStorage.removeItem('copilot.showDetails'), window.dispatchEvent(new Event('copilot-show-details'))));
    s.llm.clear();
    s.llm.script({ name: 'planner', match: isPlanner, answer: () => ({ error: { status: 401, message: 'invalid x-api-key' } }) });
    await s.page.goto(`${site.url}/thanks`);
    await s.ask('Tell me whether the order is paid');
    const card = panel().getByTestId('resume-card');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toMatch(/refused the API key/);
    // a refused key is fixed in Settings: that button comes first and has the focus, Resume beside it
    await checkEverywhere('resume', card, card.getByRole('button', { name: 'Open Settings' }));
    expect(await seriousAxe(panel()), 'axe: the Resume card').toEqual([]);

    // Retry with another model: its form in view and focused, like every waiting state
    await card.getByRole('button', { name: 'Retry with another model' }).click();
    const retry = card.getByTestId('retry-model');
    await checkEverywhere('retry', retry, retry.getByRole('button', { name: 'Retry', exact: true }));
    expect(await seriousAxe(panel()), 'axe: the Retry form').toEqual([]);
    await retry.getByRole('button', { name: 'Cancel' }).click();

    s.llm.clear();
    s.llm.script({ name: 'planner', match: isPlanner, answer: () => plan('The page says the order is paid.', []) });
    await card.getByRole('button', { name: 'Resume' }).click();
    const final = panel().getByTestId('final');
    await final.waitFor({ timeout: 20_000 });
    expect(await final.getAttribute('data-end')).toBe('done');
    expect(await panel().getByTestId('timeline').textContent()).toMatch(/Resumed/);

    // "That's not right": the person's note starts another try of the same run
    const before = s.llm.requests.length;
    await final.getByRole('button', { name: "That's not right" }).click();
    await final.getByLabel(/What is wrong/).fill('It is not paid yet');
    await checkEverywhere('not-right', final, final.getByRole('button', { name: 'Try again' }));
    expect(await seriousAxe(panel()), "axe: the That's not right form").toEqual([]);
    await final.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => s.llm.requests.length, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => s.llm.requests.map((r) => r.lastUser).join('\n'), { timeout: 15_000 }).toContain('It is not paid yet');
  });
});

const panel = () => s.panel;
