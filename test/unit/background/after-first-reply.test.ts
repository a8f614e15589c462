import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startQueue } from '../../../src/background/after-first-reply';

describe("the worker's start-up work", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the first message is answered, then runs in the order it was queued', async () => {
    const start = startQueue();
    const ran: string[] = [];
    start.later(() => ran.push('catch-up'));
    start.later(() => ran.push('sweep'));
    let answer!: (v: string) => void;
    const status = start.answering(() => new Promise<string>((r) => (answer = r)));
    const reply = status();
    // the worker is answering past the moment a worker with no message would have begun
    await vi.advanceTimersByTimeAsync(200);
    expect(ran).toEqual([]);
    answer('ok');
    expect(await reply).toBe('ok');
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['catch-up', 'sweep']);
    // queued after that: runs soon, without waiting for another message
    start.later(() => ran.push('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['catch-up', 'sweep', 'late']);
  });

  it('runs all of it shortly after the start when no message woke the worker (an alarm, a browser event)', async () => {
    const start = startQueue();
    const ran: string[] = [];
    start.later(() => ran.push('catch-up'));
    await vi.advanceTimersByTimeAsync(49);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['catch-up']);
  });

  it('does not wait for an answer that takes long, and runs each job once', async () => {
    const start = startQueue();
    const job = vi.fn();
    start.later(job);
    const slow = start.answering(() => new Promise(() => {}));
    void slow();
    await vi.advanceTimersByTimeAsync(999);
    expect(job).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(job).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(job).toHaveBeenCalledTimes(1);
  });

  it('a job that fails does not keep the others from running', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const start = startQueue();
    const ran: string[] = [];
    start.later(() => {
      throw new Error('no database');
    });
    start.later(() => Promise.reject(new Error('refused')));
    start.later(() => ran.push('resume'));
    await start.answering(() => 'ok')();
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['resume']);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
