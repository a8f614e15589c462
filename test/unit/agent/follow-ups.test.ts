import { describe, expect, it } from 'vitest';
import type { RunHandle } from '../../../src/agent/agent';
import type { RunState } from '../../../src/agent/run-state';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { HOME } from './support/flight-site';

describe('a note the person adds while the run works', () => {
  it('drops the rest of the plan after the call going on, and the next plan reads it; secrets masked, a named site allowed', async () => {
    let handle: RunHandle | undefined;
    const h = harness({
      replies: [
        plan('FILL_TEXT "From" "Boston"', 'FILL_TEXT "To" "Denver"', 'CLICK "Search flights"'),
        // the person types while the first policy call is with the model
        () => {
          handle!.control.followUps.add({ id: 'note-1', text: 'make it economy, my password is hunter2, and check fares.example too' });
          return acts('type 3 "Boston"');
        },
        acts('click 21', 'done "From is Boston"'),
        plan('SELECT "Cabin" "Economy"'),
        acts('select 6 "Economy"', 'done'),
        plan(),
      ],
    });
    handle = h.agent.start({ chatId: 'c1', task: 'Search flights from Boston' });
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(h.llm.roles()).toEqual(['planner', 'policy', 'policy', 'planner', 'policy', 'planner']);
    // the first plan never got to "To": it was planned again with the note
    expect(h.browser.value(4, HOME)).toBe('');
    expect(h.browser.value(6, HOME)).toBe('Economy');
    expect(h.llm.shown(0)).not.toContain('The person added this');
    const second = h.llm.shown(3);
    expect(second).toContain('The person added this while you were working');
    expect(second).toContain('- make it economy, my password is «password», and check fares.example too');
    expect(second).not.toContain('hunter2');
    // read once: the plan after it does not get it again
    expect(h.llm.shown(5)).not.toContain('The person added this');
    const read = h.log.events.filter((e) => e.type === 'follow_up_read');
    expect(read).toMatchObject([{ ids: ['note-1'] }]);
    const run = JSON.parse([...h.store.runs.values()][0]!) as RunState;
    expect(run.followUps).toEqual([{ id: 'note-1', text: 'make it economy, my password is «password», and check fares.example too', read: true }]);
    expect(run.allowedHosts).toContain('fares.example');
  });

  it('leaves the plan alone when nothing was added', async () => {
    const h = harness({ replies: [plan('FILL_TEXT "From" "Boston"'), acts('type 3 "Boston"'), acts('click 21', 'done'), plan()] });
    await h.agent.start({ chatId: 'c1', task: 'From Boston' }).done;
    expect(h.log.events.some((e) => e.type === 'follow_up_read')).toBe(false);
    expect(h.llm.shown(0)).not.toContain('The person added this');
  });

  it('plans once more when a note comes while the closing plan is made', async () => {
    let handle: RunHandle | undefined;
    const h = harness({
      replies: [
        plan('FILL_TEXT "From" "Boston"'),
        acts('type 3 "Boston"'),
        acts('click 21', 'done'),
        () => {
          handle!.control.followUps.add({ id: 'late', text: 'also economy' });
          return plan();
        },
        plan('SELECT "Cabin" "Economy"'),
        acts('select 6 "Economy"', 'done'),
        plan(),
      ],
    });
    handle = h.agent.start({ chatId: 'c1', task: 'From Boston' });
    expect(await handle.done).toMatchObject({ status: 'done', success: true });
    expect(h.llm.shown(4)).toContain('- also economy');
    expect(h.browser.value(6, HOME)).toBe('Economy');
  });
});
