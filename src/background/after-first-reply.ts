/**
 * The worker's start-up housekeeping (the schedules' catch-up, the retention sweep, resuming
 * interrupted runs, the sweeps of files and secrets of ended runs, dialling an app) waits until
 * the message that woke the worker is answered: the person who opened the panel gets the panel's
 * first answer without waiting for work that is not for them (bench, "Extension"). Nothing is
 * dropped: a worker woken by an alarm or a browser event, with no message to answer, runs it all
 * shortly after its start, and a first message whose answer takes long does not hold it longer.
 */
type Job = () => unknown;

/** With no message under way by then, the worker was woken by something else. */
const NO_MESSAGE_MS = 50;
/** However long the first answer takes (a handler that waits on the page or the person). */
const AT_MOST_MS = 1000;

export interface StartQueue {
  /** Runs `job` once the first reply went out (at once when that was already the case). */
  later(job: Job): void;
  /** Wraps a message handler: the first answer's end lets the queued jobs run. */
  answering<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>): (...args: A) => Promise<R>;
}

/** `answered`: the first message was answered before this queue was made (Chrome's boot script answers the greeting itself). */
export function startQueue(timers: { set: (run: () => void, ms: number) => unknown } = { set: (run, ms) => setTimeout(run, ms) }, answered = false): StartQueue {
  const queue: Job[] = [];
  let flushed = false;
  let answering = 0;
  const flush = () => {
    if (flushed) return;
    flushed = true;
    for (const job of queue.splice(0)) {
      try {
        const result = job();
        if (result instanceof Promise) result.catch((e: unknown) => console.error('start-up work failed', e));
      } catch (e) {
        console.error('start-up work failed', e);
      }
    }
  };
  timers.set(() => {
    if (answering === 0) flush();
  }, answered ? 0 : NO_MESSAGE_MS);
  timers.set(flush, AT_MOST_MS);
  return {
    later(job) {
      if (flushed) void Promise.resolve().then(job).catch((e: unknown) => console.error('start-up work failed', e));
      else queue.push(job);
    },
    answering(handler) {
      return async (...args) => {
        if (flushed) return await handler(...args);
        answering++;
        try {
          return await handler(...args);
        } finally {
          answering--;
          // after this turn, so that the reply is posted before the work begins
          timers.set(flush, 0);
        }
      };
    },
  };
}
