import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { flightSite } from './support/flight-site';
import type { FakeBrowser, FakeEl } from './support/fake-browser';

const FORM = 'https://club.example/join';

/** Nickname (5), Promo code (6) and Join (7), each with what the page does to it. */
function clubForm(nick: Partial<FakeEl>, promo: Partial<FakeEl>, join: Partial<FakeEl> = {}): FakeBrowser {
  const browser = flightSite();
  browser.pages[FORM] = {
    title: 'Club sign-up',
    elements: () => [
      { id: 5, tag: 'input', name: 'Nickname', ...nick },
      { id: 6, tag: 'input', name: 'Promo code', ...promo },
      { id: 7, tag: 'button', name: 'Join the club', ...join },
    ],
  };
  browser.currentUrl = FORM;
  return browser;
}

const fieldChecks = (h: ReturnType<typeof harness>) => h.log.events.filter((e) => e.type === 'field_check');

describe('fields that do not show what was typed (fields-check.ts)', () => {
  it('a value the page cut to its length is said at the step, read back once right after typing, and not again at the finish', async () => {
    const browser = clubForm({}, { onType: (b, text) => b.values.set(b.key(6), text.slice(0, 4)) });
    const h = harness({ browser, replies: [plan('FILL_TEXT "Promo code" "SPRING25"'), acts('type 6 "SPRING25"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'promo code SPRING25' }).done;
    expect(fieldChecks(h)).toEqual([expect.objectContaining({ wanted: 'SPRING25', shows: 'SPRI', final: false })]);
    const types = h.log.events.map((e) => e.type);
    expect(types.indexOf('field_check')).toBeLessThan(types.indexOf('policy_finished'));
    expect(types.indexOf('field_check')).toBeGreaterThan(types.indexOf('observation'));
    // told once already, in the step's own result: the planner was not asked again
    expect(h.llm.remaining).toBe(0);
    expect(h.llm.requests).toHaveLength(3);
  });

  it('a field the page emptied after the run moved on is found before "done": the planner hears it once, then the run ends', async () => {
    // typing the promo code takes the focus from Nickname, which this page empties then
    const browser = clubForm({}, { onType: (b) => b.values.set(b.key(5), '') });
    const h = harness({
      browser,
      replies: [plan('FILL_TEXT "Nickname" "Stardust"', 'FILL_TEXT "Promo code" "SPRING25"'), acts('type 5 "Stardust"', 'done'), acts('type 6 "SPRING25"', 'done'), plan(), plan()],
    });
    await h.agent.start({ chatId: 'c', task: 'nickname Stardust, promo SPRING25' }).done;
    expect(fieldChecks(h)).toEqual([expect.objectContaining({ wanted: 'Stardust', shows: '', final: true })]);
    expect(h.llm.roles().at(-1)).toBe('planner');
    expect(h.llm.shown(h.llm.requests.length - 1)).toMatch(/Check before finishing: the field .*Nickname.* is empty now, though "Stardust" was typed into it/);
    expect(h.llm.shown(h.llm.requests.length - 2)).not.toContain('Check before finishing');
    expect(h.log.events.at(-1)).toMatchObject({ type: 'done', success: true });
  });

  it('a form that empties itself after a click that sent it is no finding; neither is a field whose text the page shows elsewhere', async () => {
    const sent = clubForm({}, {}, { onClick: (b) => void b.values.set(b.key(5), '') });
    const h = harness({ browser: sent, replies: [plan('FILL_TEXT "Nickname" "Stardust"', 'CLICK "Join the club"'), acts('type 5 "Stardust"', 'done'), acts('click 7', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'join as Stardust' }).done;
    expect(fieldChecks(h)).toEqual([]);
    expect(h.llm.remaining).toBe(0);

    // a tag box: the typed word became a chip of its own, the input is empty
    const chip = clubForm({ onType: (b) => b.values.set(b.key(5), '') }, {});
    chip.pages[FORM] = { title: 'Club sign-up', elements: () => [{ id: 5, tag: 'input', name: 'Tags', onType: (b) => b.values.set(b.key(5), '') }, { id: 9, tag: 'button', name: 'Stardust ×' }] };
    const c = harness({ browser: chip, replies: [plan('FILL_TEXT "Nickname" "Stardust"'), acts('type 5 "Stardust"', 'done'), plan()] });
    await c.agent.start({ chatId: 'c', task: 'tag Stardust' }).done;
    expect(fieldChecks(c)).toEqual([]);
  });
});
