import type { ConfirmRequest, RunEventBody } from '../../shared/run-events';
import type { Workflow } from '../../shared/workflow';
import type { ReplayOptions, ReplayPorts } from './ports';
import type { ReplayLogEntry, ReplayState } from './state';
import type { Question } from './questions';
import type { DownloadNote } from '../../shared/download';

/**
 * One replay in progress: what every step reads and changes. Passed explicitly to the step
 * functions (./step.ts and its parts) so each can be read and tested on its own.
 */
export interface ReplayRun {
  state: ReplayState;
  /** the workflow as it stands now: a learned fingerprint or a secret from a file changes it mid-replay */
  wf: Workflow;
  ports: ReplayPorts;
  opts: ReplayOptions;
  secretNames: ReadonlySet<string>;
  /** values that turned out to be secrets during this run (./secret-at-run.ts): held here, never in the stored state */
  kept?: Record<string, string>;
  /** the element the last step acted on while the page stayed: a bare key press goes to it (it has the focus) */
  focused?: number;
  /** the last write of the state, maybe still under way (writes are kept in order) */
  written: Promise<void>;
  /** the write of the last step's progress: the page acts only once it is stored */
  progress: Promise<void>;
  /** the last write of the workflow (a learned fingerprint), kept in order; the replay ends after it */
  wfWritten: Promise<void>;
  /**
   * the last step that acted with its requests held: a request its handler began may reach the
   * network after the step was done, and is judged (and refused, if not approved) by that step's
   * hold; the replay then goes back to that step and asks (request-hold.ts)
   */
  lastHeld?: { index: number; question: () => Question | null };
}

export type StepOutcome =
  | {
      status: 'done' | 'healed' | 'skipped';
      strategy: ReplayLogEntry['strategy'];
      element: string;
      message: string;
      /** downloads its action started, for the timeline */
      downloads?: DownloadNote[];
      /**
       * the step did nothing to the page (it was open already, it only waited for something): done
       * again after a restart, it is harmless, so the next action need not wait for it to be stored
       */
      idle?: true;
    }
  | {
      status: 'asked' | 'failed';
      message: string;
      /** what the person can do, shown while the replay waits; the step's record keeps only what happened (a Stop leaves no stale advice in the chat) */
      advice?: string;
      terminal?: { kind: string };
      confirm?: ConfirmRequest;
    };

export const doneOutcome = (message = ''): StepOutcome => ({ status: 'done', strategy: null, element: '', message });
/** A step done that did nothing to the page (see `idle`). */
export const idleOutcome = (message = ''): StepOutcome => ({ status: 'done', strategy: null, element: '', message, idle: true });

export function emit(run: ReplayRun, body: RunEventBody): void {
  run.state.seq += 1;
  run.ports.emit({ ...body, runId: run.state.replayId, seq: run.state.seq, time: run.ports.now() } as Parameters<ReplayPorts['emit']>[0]);
}

/**
 * Writes the state as it is now, after any write still under way (a failed one is overwritten: each
 * write is the whole state). Awaiting it waits for the write; `saveBehind` does not, and the next
 * action on the page waits for it instead (see `storedBeforeActing`), so a step's progress is
 * always stored before the next step changes the page, yet the step's look at the page does not
 * wait for storage.
 */
export function save(run: ReplayRun): Promise<void> {
  run.state.updatedAt = run.ports.now();
  const copy = { ...run.state, log: [...run.state.log] };
  const write = () => run.ports.saveState(copy);
  run.written = run.written.then(write, write);
  return run.written;
}

/**
 * `progress`: the write records a step done, and the next action waits for it. The write at the
 * start (the run's first event) records none: the state the replay starts from is stored already.
 */
export function saveBehind(run: ReplayRun, what: 'progress' | 'event'): void {
  const write = save(run);
  // awaited before the next action or at the end, where a failure surfaces; not reported twice
  write.catch(() => {});
  if (what === 'progress') run.progress = write;
}

/** The replay's page, whose actions wait for the last step's progress to be stored. */
export function storedBeforeActing(run: ReplayRun, page: ReplayPorts['page']): ReplayPorts['page'] {
  // every argument passed on as it came: a wrapper that names them drops the ones added later (an aim)
  const act: ReplayPorts['page']['act'] = async (...args) => {
    await run.progress;
    return page.act(...args);
  };
  // a view, not a copy: a page port may send each call to the tab the replay is in at that moment
  return new Proxy(page, { get: (target, key) => (key === 'act' ? act : Reflect.get(target, key)) });
}

/**
 * Writes the workflow as it is now (`run.wf`), after any write of it still under way. A learned
 * fingerprint need not be stored before the next step acts (the step ran on what the file says),
 * so its write is not awaited there; a change that must be stored first (a secret taken out of
 * the file) awaits it.
 */
export function saveWorkflow(run: ReplayRun): Promise<void> {
  const wf = run.wf;
  const write = () => run.ports.saveWorkflow(wf);
  run.wfWritten = run.wfWritten.then(write, write);
  return run.wfWritten;
}

export async function finish(run: ReplayRun, status: ReplayState['status'], message = ''): Promise<ReplayState> {
  run.state.status = status;
  run.state.message = message;
  await Promise.all([save(run), run.wfWritten]);
  return run.state;
}

export { cap } from '../text';
