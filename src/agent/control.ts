import type { AbortSignalLike } from '../shared/llm';
import { FollowUpQueue } from './follow-up-queue';

/** Thrown at a checkpoint when the person stopped the run. */
export class StopRun extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'StopRun';
  }
}

/** Thrown at a checkpoint when the run used up its steps or its time. */
export class LimitReached extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitReached';
  }
}

/**
 * Pause, resume and stop for one run. The service worker keeps one per live run; the run itself
 * only looks at it between actions, so an action is never cut in half.
 */
export class RunControl {
  private pausedFlag = false;
  private stopReason: string | null = null;
  private wakers: Array<() => void> = [];
  private abortListeners: Array<() => void> = [];

  /** what the person typed while the run worked, for its next plan */
  readonly followUps = new FollowUpQueue();

  /** handed to model requests so that stop also cancels a call in flight */
  readonly signal: AbortSignalLike;

  constructor() {
    const listeners = this.abortListeners;
    const isStopped = () => this.stopReason !== null;
    this.signal = {
      get aborted() {
        return isStopped();
      },
      addEventListener: (_type: 'abort', listener: () => void) => {
        listeners.push(listener);
      },
    };
  }

  get paused(): boolean {
    return this.pausedFlag;
  }
  get stopped(): boolean {
    return this.stopReason !== null;
  }

  pause(): void {
    this.pausedFlag = true;
  }

  resume(): void {
    this.pausedFlag = false;
    this.wake();
  }

  stop(reason = 'Stopped by the person'): void {
    if (this.stopReason !== null) return;
    this.stopReason = reason;
    this.wake();
    for (const listener of this.abortListeners.splice(0)) listener();
  }

  throwIfStopped(): void {
    if (this.stopReason !== null) throw new StopRun(this.stopReason);
  }

  /** Resolves when resumed or stopped. */
  waitWhilePaused(): Promise<void> {
    if (!this.pausedFlag || this.stopReason !== null) return Promise.resolve();
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  private wake(): void {
    for (const waker of this.wakers.splice(0)) waker();
  }
}
