import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { callOf, elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, planOnce } from '../../support/scripted-web-model';

/** Pictures for a person to look at (not compared by the test). */
const SHOTS = process.env.PANEL_SHOTS ?? join(process.cwd(), 'test-results', 'timeline-words');
mkdirSync(SHOTS, { recursive: true });

const TOPPINGS = ['Spinach', 'Olives', 'Onions', 'Anchovies'];
const ORDER = `<!doctype html><title>Pizza</title><h1>Toppings</h1>
${TOPPINGS.map((t) => `<label><input type="checkbox" name="t"> ${t}</label><br>`).join('\n')}
<p><a href="/extract/table">See the catalog</a></p>`;
// the page's address says "extract table"; its title, what the person sees on the tab, says "Catalog"
const CATALOG = `<!doctype html><title>Catalog</title><h1>All pizzas</h1>
<table><tr><th>Pizza</th><th>Price</th></tr>${Array.from({ length: 30 }, (_, i) => `<tr><td>Pizza ${i + 1}</td><td>$${10 + i}</td></tr>`).join('')}</table>`;

const { s, site } = useSiteSession({ '/': ORDER, '/extract/table': CATALOG }, { panelWindow: true });

describe("the timeline in the person's words", () => {
  it('lists four ticks without an ellipsis, names a page by its title, and reads the plan without its inner names or token counts', async () => {
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Tick the toppings, then open the catalog.', [{ policy: 'ACT', target: 'tick every topping', value: '' }, { policy: 'CLICK', target: 'See the catalog', value: '' }], 'Done.'),
      },
      {
        name: 'policy',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label) || re.test(e.text))!.id;
          if (/All pizzas/.test(pageOf(r))) return act('The catalog is open.', [{ kind: 'done', summary: 'The catalog is open.' }]);
          if (callOf(r).policy === 'CLICK') return act('Open it.', [{ kind: 'click', id: id(/^See the catalog$/) }]);
          return act('Tick all four.', [...TOPPINGS.map((t) => ({ kind: 'check' as const, id: id(new RegExp(`^${t}$`)), checked: true })), { kind: 'done', summary: 'Ticked.' }]);
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    await s.ask('Tick every topping and open the catalog');
    const p = s.panel;
    await p.setViewportSize({ width: 400, height: 640 });
    const end = await s.waitForEnd(40_000);
    expect(end.kind).toBe('done');

    // each step, opened as a person opens it to see what was done
    for (const n of [1, 2]) await p.getByRole('button', { name: `Plan item ${n}` }).click();
    expect(await p.getByTestId('plain-many').allTextContents()).toEqual(['Ticked 4: Spinach, Olives, Onions and Anchovies']);
    const timeline = p.getByTestId('timeline');
    await expect.poll(() => timeline.textContent()).toContain('Opened “Catalog”');
    expect(await timeline.textContent()).not.toContain('extract table page');

    // the plan's Details: its steps in words, why, and no inner names, no token counts
    const planLine = p.locator('li.ev.plain', { hasText: /^Plan: 2 steps/ });
    await planLine.getByRole('button', { name: 'Details' }).click();
    const details = planLine.getByTestId('details');
    await details.waitFor({ state: 'visible' });
    const said = (await details.textContent()) ?? '';
    expect(said).toContain('Tick every topping');
    expect(said).toContain('Click See the catalog');
    expect(said).not.toMatch(/\bACT\b|\bCLICK\b|Plan thought|tokens|model call/);
    // the plan's reason once, not again as a separate thought
    expect(said.split('Tick the toppings, then open the catalog.').length - 1).toBe(1);
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme });
      for (const width of [320, 400]) {
        await p.setViewportSize({ width, height: 640 });
        await p.screenshot({ path: join(SHOTS, `timeline-words-${width}-${colorScheme}.png`) });
      }
    }
    await p.emulateMedia({ colorScheme: 'light' });
  });

  it('offers "Jump to latest" only while the latest entry is off screen', async () => {
    const p = s.panel;
    await p.setViewportSize({ width: 320, height: 480 });
    const scroller = p.getByTestId('timeline-scroll');
    const jump = p.getByRole('button', { name: /Jump to latest/ });
    // the person scrolls up to read and opens a step there: newer lines are below, the chip says so
    // (the step starts folded whatever the test before left: its block may have been drawn again since)
    const item = p.getByRole('button', { name: 'Plan item 1' });
    if ((await item.getAttribute('aria-expanded')) === 'true') await item.click();
    await expect.poll(() => item.getAttribute('aria-expanded')).toBe('false');
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 60), 'the timeline is taller than its box').toBe(true);
    // scrolled up, and the panel told of it (its scroll event comes a frame later) before the next click, as a person's would be
    await scroller.evaluate((el) => new Promise<void>((done) => {
      el.addEventListener('scroll', () => requestAnimationFrame(() => done()), { once: true });
      el.scrollTo(0, 0);
    }));
    await item.click();
    await expect.poll(() => item.getAttribute('aria-expanded')).toBe('true');
    await jump.waitFor({ timeout: 5_000 });
    await p.screenshot({ path: join(SHOTS, 'jump-shown-320.png') });
    // the panel made tall enough to show everything: the latest is on screen, and no chip covers anything
    await p.setViewportSize({ width: 320, height: 1800 });
    expect(await scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(48);
    await expect.poll(() => jump.count()).toBe(0);
    await p.screenshot({ path: join(SHOTS, 'jump-gone-320.png') });
  });
});
