import { describe, expect, it } from 'vitest';
import { sanitized, withoutStep, withPageLoad, withStep } from '../../../src/background/recording/steps';
import { buildDemonstration } from '../../../src/background/recording/build-demo';
import { Demonstration, type DemoStep } from '../../../src/shared/demonstration';
import type { RecordingData } from '../../../src/shared/messages/recording';

const START = 'http://127.0.0.1:4173/airline/?scenario=abc';
const data = (steps: DemoStep[] = []): RecordingData => ({
  first: { url: START, title: 'Book a flight', headings: ['Where to next?'], page: '# Where to next?\n<input id=3 label="From">' },
  steps,
  lastUrl: START,
  ready: true,
});
const fp = { tag: 'input', role: 'textbox', name: 'From', css: '#from', xpath: '', frames: [], shadow: [] };
const typed = (at: number, value: string): DemoStep => ({ at, url: START, title: 'Book a flight', action: { kind: 'type', id: 3, value, secret: false }, target: fp, page: `<input id=3 label="From"> @${at}` });
const click = (at: number): DemoStep => ({ at, url: START, title: 'Book a flight', action: { kind: 'click', id: 9 }, target: { ...fp, tag: 'button', role: 'button', name: 'Search flights' }, page: `<button id=9>Search flights</button> @${at}` });

describe('a recording in progress', () => {
  it('keeps steps in the order they happened, whatever order they arrive in', () => {
    const d = withStep(withStep(withStep(data(), typed(10, 'Bos')), click(30)), typed(20, 'Den'));
    expect(d.steps.map((s) => s.at)).toEqual([10, 20, 30]);
  });

  it('never stores the value of a secret, even if the page sent one', () => {
    const leaked: DemoStep = { ...typed(5, 'hunter2'), action: { kind: 'type', id: 4, value: 'hunter2', secret: true }, variable: 'password' };
    const byType: DemoStep = { ...typed(6, 'hunter3'), target: { ...fp, inputType: 'password' } };
    const d = withStep(withStep(data(), leaked), byType);
    expect(JSON.stringify(d)).not.toMatch(/hunter/);
    expect(d.steps.map((s) => [s.action, s.variable])).toEqual([
      [{ kind: 'type', id: 4, value: '', secret: true }, 'password'],
      [{ kind: 'type', id: 3, value: '', secret: true }, 'password'],
    ]);
    expect(sanitized(typed(1, 'Boston'))).toEqual(typed(1, 'Boston'));
  });

  it('deletes only the step the person saw', () => {
    const d = data([typed(10, 'Bos'), click(20)]);
    expect(withoutStep(d, 0, 10)?.steps.map((s) => s.at)).toEqual([20]);
    expect(withoutStep(d, 0, 20)).toBeUndefined();
    expect(withoutStep(d, 5, 10)).toBeUndefined();
  });

  it('turns a page load at a new address into a navigation step with the page before it, and ignores a reload', () => {
    const d = data([click(20)]);
    const results = 'http://127.0.0.1:4173/airline/results?from=BOS';
    const moved = withPageLoad(d, results, 'Results', 25);
    expect(moved.steps.at(-1)).toEqual({ at: 25, url: results, title: 'Results', action: { kind: 'navigate', url: results }, page: click(20).page });
    expect(moved.lastUrl).toBe(results);
    expect(withPageLoad(moved, results, 'Results', 40)).toBe(moved);
    // a navigation stamped before the step that caused it still comes after it
    expect(withPageLoad(d, results, 'Results', 5).steps.map((s) => s.at)).toEqual([20, 21]);
    // before any step, the page before is the first page
    expect(withPageLoad(data(), results, 'R', 1).steps[0]!.page).toBe(data().first.page);
  });
});

describe('saving a recording', () => {
  const opts = { id: 'demo-1', task: '  search flights  ', description: ' from Boston ', now: 1000 };

  it('builds a valid demonstration keyed on the first page', () => {
    const built = buildDemonstration(data([typed(10, 'Bos'), click(20)]), opts);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(Demonstration.parse(built.demo)).toEqual(built.demo);
    expect(built.demo).toMatchObject({ id: 'demo-1', task: 'search flights', description: 'from Boston', site: '127.0.0.1:4173', startUrl: START, title: 'Book a flight', headings: ['Where to next?'], createdAt: 1000, labels: [] });
    expect(built.demo.steps).toHaveLength(2);
  });

  it('says what is missing: a task name, or any step beyond navigations', () => {
    expect(buildDemonstration(data([click(1)]), { ...opts, task: '   ' })).toMatchObject({ ok: false, message: expect.stringMatching(/Give the task a name/) });
    expect(buildDemonstration(data(), opts)).toMatchObject({ ok: false, message: expect.stringMatching(/Nothing was recorded yet/) });
    const onlyNav = withPageLoad(data(), 'http://127.0.0.1:4173/other', 'Other', 5);
    expect(buildDemonstration(onlyNav, opts)).toMatchObject({ ok: false, message: expect.stringMatching(/Nothing was recorded yet/) });
  });
});
