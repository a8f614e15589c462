/** A note the person typed while the run worked: "also pick a window seat". */
export interface FollowUp {
  id: string;
  text: string;
}

/**
 * Notes handed to a live run by the worker. They wait here, in memory, until the loop takes them
 * into the run's state at its next planner call; the loop never reads a half-written run state.
 */
export class FollowUpQueue {
  private queued: FollowUp[] = [];

  add(note: FollowUp): void {
    this.queued.push(note);
  }

  take(): FollowUp[] {
    return this.queued.splice(0);
  }

  get size(): number {
    return this.queued.length;
  }
}
