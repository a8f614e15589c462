import type { ConfirmRequest, RunEventBody } from '../../shared/run-events';
import type { Workflow } from '../../shared/workflow';
import type { ReplayOptions, ReplayPorts } from './ports';
import type { ReplayLogEntry, ReplayState } from './state';

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
  /** the element the last step acted on while the page stayed: a bare key press goes to it (it has the focus) */
  focused?: number;
}

export type StepOutcome =
  | { status: 'done' | 'healed' | 'skipped'; strategy: ReplayLogEntry['strategy']; element: string; message: string }
  | { status: 'asked' | 'failed'; message: string; terminal?: { kind: string }; confirm?: ConfirmRequest };

export const doneOutcome = (message = ''): StepOutcome => ({ status: 'done', strategy: null, element: '', message });

export function emit(run: ReplayRun, body: RunEventBody): void {
  run.state.seq += 1;
  run.ports.emit({ ...body, runId: run.state.replayId, seq: run.state.seq, time: run.ports.now() } as Parameters<ReplayPorts['emit']>[0]);
}

export async function save(run: ReplayRun): Promise<void> {
  run.state.updatedAt = run.ports.now();
  await run.ports.saveState({ ...run.state, log: [...run.state.log] });
}

export async function finish(run: ReplayRun, status: ReplayState['status'], message = ''): Promise<ReplayState> {
  run.state.status = status;
  run.state.message = message;
  await save(run);
  return run.state;
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
