import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../src/shared/llm';
import { compareStagedAndIterative } from '../../../src/agent/measure';
import { FakeClock, FakeUser, MemoryStore } from './support/fakes';
import { ScriptedLlm } from './support/scripted-llm';
import { flightSite, HOME } from './support/flight-site';

/**
 * A model that reads the page it is shown and answers with every action still needed to fill the
 * form, so the same model serves both modes: staged runs them all, iterative only the first.
 */
function formFiller(request: LlmRequest): string {
  const text = request.messages.map((m) => m.content).join('\n');
  if (request.role === 'planner') {
    const fresh = text.includes('<page-log>\n(nothing yet)');
    return fresh ? 'Reasoning: one form.\nPlan:\nACT "fill the search form"' : 'Reasoning: done.\nPlan:\nDONE';
  }
  const page = text.slice(text.lastIndexOf('<page>'));
  const wanted: Array<[RegExp, string]> = [
    [/<input id=4 label="To"(?! value="Denver")/, 'type 4 "Denver"'],
    [/<input id=5 label="Depart"(?! value="12\/03\/2026")/, 'type 5 "12/03/2026"'],
    [/<select id=6 label="Cabin"(?! value="Business")/, 'select 6 "Business"'],
    [/<input id=11 type=checkbox label="Direct only">/, 'check 11'],
  ];
  const todo = wanted.filter(([re]) => re.test(page)).map(([, line]) => line);
  return `Thought: fill what is missing.\nActions:\n${[...todo, 'done'].join('\n')}`;
}

describe('staged vs one action per call', () => {
  it('counts model calls and input tokens per call for both modes on the same task', async () => {
    const browsers: ReturnType<typeof flightSite>[] = [];
    const makePorts = () => {
      const browser = flightSite();
      browsers.push(browser);
      const llm = new ScriptedLlm(Array.from({ length: 20 }, () => formFiller));
      return { llm, browser, store: new MemoryStore(), user: new FakeUser(), clock: new FakeClock(), emit: () => {} };
    };
    const result = await compareStagedAndIterative(makePorts, { chatId: 'c', task: 'Denver, 12/03/2026, business, direct' }, { useTools: false, stream: false });

    for (const browser of browsers) {
      expect(browser.value(4, HOME)).toBe('Denver');
      expect(browser.value(6, HOME)).toBe('Business');
      expect(browser.isChecked(11, HOME)).toBe(true);
    }
    expect(result.staged).toMatchObject({ success: true, steps: 4, calls: 3 });
    expect(result.iterative).toMatchObject({ success: true, steps: 4, calls: 7 });
    expect(result.staged.inputTokensPerCall).toHaveLength(3);
    expect(result.iterative.inputTokensPerCall).toHaveLength(7);
    expect(result.staged.inputTokens).toBeLessThan(result.iterative.inputTokens);
  });
});
