import { describe, expect, it } from 'vitest';
import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow } from '../../../src/shared/workflow';
import { cadenceText, dueNow, firstRunAt, nextDailyAfter, nextRunAfter } from '../../../src/workflows/schedule/next-run';
import { compareResults, resultFromPageText } from '../../../src/workflows/schedule/changes';
import { scheduleProblem, settleRun, waitInWords } from '../../../src/workflows/schedule/settle';
import type { RunResult, Schedule } from '../../../src/shared/schedule';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

describe('when a schedule runs next', () => {
  it('runs an interval at once, then on its grid; a late alarm does not shift later runs', () => {
    const c = { kind: 'every', amount: 15, unit: 'minutes' } as const;
    const t0 = at(2027, 3, 1, 9);
    expect(firstRunAt(c, t0)).toBe(t0);
    expect(nextRunAfter(c, t0, t0)).toBe(t0 + 15 * MIN);
    // the alarm came 40 s late: the next run is still on the quarter hour
    expect(nextRunAfter(c, t0 + 15 * MIN, t0 + 15 * MIN + 40_000)).toBe(t0 + 30 * MIN);
    expect(cadenceText(c)).toBe('every 15 minutes');
    expect(cadenceText({ kind: 'every', amount: 1, unit: 'hours' })).toBe('every hour');
  });

  it('runs a time of day at its next occurrence in local time, today or tomorrow', () => {
    expect(nextDailyAfter('08:30', at(2027, 3, 1, 7))).toBe(at(2027, 3, 1, 8, 30));
    expect(nextDailyAfter('08:30', at(2027, 3, 1, 8, 30))).toBe(at(2027, 3, 2, 8, 30)); // strictly after
    expect(nextDailyAfter('08:30', at(2027, 12, 31, 23))).toBe(at(2028, 1, 1, 8, 30));
    expect(firstRunAt({ kind: 'daily', time: '23:59' }, at(2027, 3, 1, 7))).toBe(at(2027, 3, 1, 23, 59));
    expect(cadenceText({ kind: 'daily', time: '08:30' })).toBe('every day at 08:30');
  });

  it('collapses the runs missed while the browser was closed into one run now', () => {
    const c = { kind: 'every', amount: 1, unit: 'hours' } as const;
    const due = at(2027, 3, 1, 9);
    // closed from 9:00 to 14:20: five hourly runs fell due; one runs now, the next at 15:00
    expect(dueNow({ cadence: c, nextRunAt: due, paused: false }, at(2027, 3, 1, 14, 20))).toEqual({ run: true, missed: 5, next: at(2027, 3, 1, 15) });
    expect(dueNow({ cadence: c, nextRunAt: due, paused: false }, due)).toEqual({ run: true, missed: 0, next: due + HOUR });
    expect(dueNow({ cadence: c, nextRunAt: due, paused: false }, due - 1)).toMatchObject({ run: false });
    expect(dueNow({ cadence: c, nextRunAt: due, paused: true }, due + 3 * HOUR)).toMatchObject({ run: false });
    const daily = { kind: 'daily', time: '08:00' } as const;
    expect(dueNow({ cadence: daily, nextRunAt: at(2027, 3, 1, 8), paused: false }, at(2027, 3, 4, 9))).toEqual({ run: true, missed: 3, next: at(2027, 3, 5, 8) });
  });
});

const table = (rows: (string | number)[][]): RunResult => ({ kind: 'table', title: 'catalog', columns: ['name', 'price', 'stock'], rows });

describe('tell me when it changes', () => {
  it('names the cells that changed, the rows that came and went, matched by their first column', () => {
    const a = table([['Kettle', 19.5, 4], ['Toaster', 30, 0], ['Lamp', 12, 9]]);
    const b = table([['Toaster', 30, 0], ['Kettle', 17, 4], ['Juicer', 45, 2]]);
    const c = compareResults(a, b);
    expect(c.changed).toBe(true);
    expect(c.details).toEqual(['Kettle: price 19.5 → 17', 'new row: Juicer, 45, 2', 'row gone: Lamp']);
    expect(c.summary).toBe('3 changes: Kettle: price 19.5 → 17; new row: Juicer, 45, 2; row gone: Lamp.');
    // the same rows in another order are no change
    expect(compareResults(a, table([['Lamp', 12, 9], ['Kettle', 19.5, 4], ['Toaster', 30, 0]])).changed).toBe(false);
    expect(compareResults(undefined, a)).toMatchObject({ changed: false, summary: expect.stringContaining('First result') });
  });

  it('reads page text without ids, new marks and viewport lines, so a reload alone is no change', () => {
    const one = resultFromPageText('# Prices\n<a id=3>Home</a>\nKettle | $19.50\n-- below viewport --\n<button id=9 at=top-left>Buy</button>');
    const two = resultFromPageText('# Prices\n<a id=7 new>Home</a>\n(new) Kettle | $19.50\n<button id=12>Buy</button>');
    expect(one).toEqual(two);
    const three = resultFromPageText('# Prices\n<a id=7>Home</a>\nKettle | $17.00\n<button id=12>Buy</button>');
    expect(compareResults(one, three).details).toEqual(['new: “Kettle | $17.00”', 'gone: “Kettle | $19.50”']);
  });
});

const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  id: 'sch-1', workflowId: 'wf-1', name: 'Catalog', cadence: { kind: 'every', amount: 1, unit: 'hours' }, values: {}, watch: true, allowModel: false, paused: false,
  nextRunAt: 0, createdAt: 0, running: { replayId: 'r1', tabId: 5, startedAt: 0 }, ...over,
});

describe('settling a scheduled run', () => {
  it('keeps the tab and says what the run needs when it waits for the person', () => {
    const s = settleRun(schedule(), { replayId: 'r1', status: 'waiting', message: 'Step 2 needs your confirmation: it submits a form.' }, undefined, 10);
    expect(s.closeTab).toBe(false);
    expect(s.schedule.running).toBeDefined(); // the next alarm skips while it waits
    expect(s.notice).toEqual({ title: '“Catalog” needs you', message: expect.stringContaining('Step 2 needs your confirmation') });
  });

  it('names a held step by its control and site, not by the post\'s path and the page\'s hidden fields', () => {
    const message = 'Step 3 needs your confirmation: "Save address" sends data to 127.0.0.1/t/select-native/submit with scenario "0f00d9307575", country "Finland".';
    const s = settleRun(schedule(), { replayId: 'r1', status: 'waiting', message, asked: { control: 'Save address', host: '127.0.0.1' } }, undefined, 10);
    expect(s.schedule.last?.message).toBe('The run waits for you: Step 3 needs your confirmation: “Save address” sends what the form holds to 127.0.0.1. Open its tab to answer, skip the step or stop it.');
    expect(s.notice?.message).not.toMatch(/scenario|\/t\/select-native/);
    // a question about which element to use keeps the replay's words
    expect(waitInWords({ message: 'Step 2: is it this one?', asked: { host: '127.0.0.1', guess: true } })).toBe('Step 2: is it this one?');
  });

  it('notifies a change, stays quiet when nothing changed, and keeps the first result as the baseline', () => {
    const first = settleRun(schedule(), { replayId: 'r1', status: 'done', message: '' }, table([['Kettle', 19.5, 4]]), 10);
    expect(first).toMatchObject({ closeTab: true, notice: undefined, schedule: { last: { outcome: 'first' }, running: undefined } });
    const same = settleRun(first.schedule, { replayId: 'r2', status: 'done', message: '' }, table([['Kettle', 19.5, 4]]), 20);
    expect(same).toMatchObject({ notice: undefined, schedule: { last: { outcome: 'unchanged' } } });
    const changed = settleRun(same.schedule, { replayId: 'r3', status: 'done', message: '' }, table([['Kettle', 17, 4]]), 30);
    expect(changed.notice).toEqual({ title: '“Catalog” changed', message: '1 change: Kettle: price 19.5 → 17.' });
    expect(changed.schedule.result).toEqual(table([['Kettle', 17, 4]]));
  });

  it('leaves the tab to the person once they answered its question', () => {
    const waiting = settleRun(schedule(), { replayId: 'r1', status: 'waiting', message: 'Step 2 needs your confirmation.' }, undefined, 10);
    const done = settleRun(waiting.schedule, { replayId: 'r1', status: 'done', message: '' }, table([['Kettle', 19.5, 4]]), 20);
    expect(done).toMatchObject({ closeTab: false, schedule: { running: undefined, last: { outcome: 'first' } } });
    // the next run, which nobody answered, closes its own tab
    expect(settleRun({ ...done.schedule, running: { replayId: 'r2', tabId: 6, startedAt: 30 } }, { replayId: 'r2', status: 'done', message: '' }, table([['Kettle', 19.5, 4]]), 40).closeTab).toBe(true);
  });

  it('says a failed run did not finish and closes its tab', () => {
    const s = settleRun(schedule(), { replayId: 'r1', status: 'failed', message: 'The tab left the site.' }, undefined, 10);
    expect(s).toMatchObject({ closeTab: true, notice: { title: '“Catalog” did not finish' }, schedule: { last: { outcome: 'failed' } } });
  });

  it('refuses to schedule a workflow that needs a secret, in plain words', () => {
    const wf = { format: WORKFLOW_FORMAT, version: WORKFLOW_VERSION, id: 'wf', name: 'Sign in', description: '', site: 'a.test', startUrl: 'https://a.test/', steps: [], source: { kind: 'file' }, createdAt: 0, updatedAt: 0 };
    const withSecret = { ...wf, variables: [{ name: 'password', label: 'Password', secret: true }] } as Workflow;
    expect(scheduleProblem(withSecret)).toBe('“Sign in” needs a secret (Password) every time it runs. Secrets are never stored, so it cannot run on a schedule: run it with Run and type the secret.');
    expect(scheduleProblem({ ...wf, variables: [{ name: 'q', label: 'Query', secret: false }] } as Workflow)).toBeNull();
  });
});
