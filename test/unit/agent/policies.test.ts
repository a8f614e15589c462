import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { HOME, searchSite } from './support/flight-site';
import type { WebPolicy } from '../../../src/agent/policies/types';
import { defaultPolicies } from '../../../src/agent/policies/registry';

const run = async (h: ReturnType<typeof harness>, task = 'task') => h.agent.start({ chatId: 'c', task }).done;

describe('web policies', () => {
  it('CHOOSE_DATE opens the picker, moves one month at a time and picks the day', async () => {
    const h = harness({
      replies: [
        plan('CHOOSE_DATE "Depart" "12/02/2026"'),
        acts('click 8'),
        acts('click 41'),
        acts('click 62', 'done "Depart is 12/02/2026"'),
        plan(),
      ],
    });
    expect((await run(h)).success).toBe(true);
    expect(h.browser.value(5)).toBe('12/02/2026');
    expect(h.llm.shown(2)).toContain('November 2026');
    expect(h.llm.shown(3)).toContain('December 2026');
    expect(h.llm.shown(1)).toContain('CHOOSE_DATE "field" "date" sets a date');
  });

  it('CHOOSE_DATE types the date where the field accepts it', async () => {
    const h = harness({ replies: [plan('CHOOSE_DATE "Depart" "12/03/2026"'), acts('type 5 "12/03/2026"', 'done'), plan()] });
    await run(h);
    expect(h.browser.value(5)).toBe('12/03/2026');
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'planner']);
  });

  it('SELECT chooses the option, and a missing option goes back to the model with the reason', async () => {
    const h = harness({ replies: [plan('SELECT "Cabin" "Business"'), acts('select 6 "Premium"'), acts('select 6 "Business"', 'done'), plan()] });
    expect((await run(h)).success).toBe(true);
    expect(h.browser.value(6)).toBe('Business');
    expect(h.llm.shown(2)).toContain('could not run (option_not_found');
  });

  it('CHECK ticks several boxes from one answer', async () => {
    const h = harness({ replies: [plan('CHECK "Options" "Flexible dates, Direct only"'), acts('check 10', 'check 11', 'done'), plan()] });
    await run(h);
    expect(h.browser.isChecked(10)).toBe(true);
    expect(h.browser.isChecked(11)).toBe(true);
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'planner']);
  });

  it('CLICK finds the element by its description', async () => {
    const h = harness({ replies: [plan('CLICK "Open calendar"'), acts('click 8', 'done'), plan()] });
    await run(h);
    expect(h.browser.flags.has('picker')).toBe(true);
    expect(h.browser.currentUrl).toBe(HOME);
  });

  it('SEARCH_AND_OPEN searches, pages through results and opens the match', async () => {
    const h = harness({
      browser: searchSite(),
      replies: [
        plan('SEARCH_AND_OPEN "denver guide" "Denver travel guide"'),
        acts('type 2 "denver guide"', 'press 2 Enter'),
        acts('click 13'),
        acts('click 21', 'done'),
        plan(),
      ],
    });
    expect((await run(h)).success).toBe(true);
    expect(h.browser.currentUrl).toBe('https://search.example/article/denver');
    expect(h.llm.shown(2)).toContain('Next page');
    expect(h.llm.shown(3)).toContain('Denver travel guide');
  });

  it('ACT covers the rest (keys, scrolling)', async () => {
    const h = harness({ replies: [plan('ACT "scroll down to see more"'), acts('scroll down', 'done'), plan()] });
    await run(h);
    expect(h.browser.acted).toContainEqual({ kind: 'scroll', direction: 'down' });
  });

  it('a new policy is a prompt and a module: the planner lists it and the loop runs it', async () => {
    const email: WebPolicy = { name: 'PROCESS_EMAIL', usage: 'PROCESS_EMAIL "what": find, reply to or forward an email', guidance: 'Handle the email as asked.' };
    const h = harness({ replies: [plan('PROCESS_EMAIL "reply to Ann"'), acts('type 4 "Hi Ann"', 'done'), plan()] });
    const agent = (await import('../../../src/agent/agent')).createAgent(h.ports, {
      config: { useTools: false },
      policies: [...defaultPolicies, email],
    });
    await agent.start({ chatId: 'c', task: 'reply' }).done;
    expect(h.llm.shown(0)).toContain('PROCESS_EMAIL "what"');
    expect(h.llm.shown(1)).toContain('Handle the email as asked.');
    expect(h.browser.value(4)).toBe('Hi Ann');
  });

  it('an unknown policy in the plan is sent back to the planner', async () => {
    const h = harness({ replies: [plan('BOOK_IT "now"'), plan('CLICK "Open calendar"'), acts('click 8', 'done'), plan()] });
    expect((await run(h)).success).toBe(true);
    expect(h.llm.shown(1)).toContain('there is no policy "BOOK_IT"');
  });
});
