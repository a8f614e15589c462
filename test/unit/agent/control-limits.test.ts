import { describe, expect, it } from 'vitest';
import type { RunHandle } from '../../../src/agent/agent';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeClock } from './support/fakes';
import { waitFor } from './support/wait';

describe('pause, resume, stop', () => {
  it('pause holds the run before its next action and persists it as paused; resume continues', async () => {
    let handle: RunHandle | undefined;
    const h = harness({
      replies: [
        plan('FILL_TEXT "To" "Denver"'),
        () => {
          handle!.control.pause();
          return acts('type 4 "Denver"', 'done');
        },
        plan(),
      ],
    });
    handle = h.agent.start({ chatId: 'c', task: 't', runId: 'r' });
    await waitFor(() => h.log.types().includes('paused'));
    expect(h.browser.acted).toEqual([]);
    expect((await h.store.load('r'))?.status).toBe('paused');
    handle.control.resume();
    expect((await handle.done).success).toBe(true);
    expect(h.browser.value(4)).toBe('Denver');
    const types = h.log.types();
    expect(types.indexOf('resumed')).toBeLessThan(types.indexOf('action'));
  });

  it('stop ends the run before anything else happens in the tab', async () => {
    let handle: RunHandle | undefined;
    const h = harness({
      replies: [
        plan('FILL_TEXT "To" "Denver"'),
        () => {
          handle!.control.stop();
          return acts('type 4 "Denver"', 'done');
        },
      ],
    });
    handle = h.agent.start({ chatId: 'c', task: 't', runId: 'r' });
    const outcome = await handle.done;
    expect(outcome.status).toBe('stopped');
    expect(h.browser.acted).toEqual([]);
    expect(h.log.events.at(-1)).toMatchObject({ type: 'stopped', reason: 'Stopped by the person' });
    expect((await h.store.load('r'))?.status).toBe('stopped');
  });

  it('stop while paused ends the run', async () => {
    let handle: RunHandle | undefined;
    const h = harness({ replies: [() => (handle!.control.pause(), plan('CLICK "Clear"')), acts('click 9', 'done')] });
    handle = h.agent.start({ chatId: 'c', task: 't' });
    await waitFor(() => h.log.types().includes('paused'));
    handle.control.stop();
    expect((await handle.done).status).toBe('stopped');
  });
});

describe('limits', () => {
  it('the step limit ends the run after that many actions', async () => {
    const h = harness({ config: { maxSteps: 2 }, replies: [plan('ACT "fill"'), acts('type 4 "a"', 'type 3 "b"', 'check 10', 'done')] });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome).toMatchObject({ status: 'failed', success: false, summary: 'The run reached its limit of 2 actions.' });
    expect(h.browser.acted).toHaveLength(2);
  });

  it('the time limit ends the run', async () => {
    const clock = new FakeClock(0, 0);
    const h = harness({
      clock,
      config: { timeLimitMs: 60_000 },
      replies: [plan('ACT "fill"'), () => ((clock.t += 61_000), acts('type 4 "a"', 'done'))],
    });
    const outcome = await h.agent.start({ chatId: 'c', task: 't' }).done;
    expect(outcome.summary).toBe('The run reached its time limit of 60 s.');
    expect(h.browser.acted).toEqual([]);
  });
});
