import type { Workflow } from '../../shared/workflow';
import { compareResults } from './changes';
import type { LastRun, RunResult, Schedule } from '../../shared/schedule';

export interface Notice {
  title: string;
  message: string;
}

/** How a scheduled run's replay ended (src/workflows/replay/state.ts's statuses). */
export interface RunEnd {
  replayId: string;
  status: 'running' | 'paused' | 'waiting' | 'done' | 'failed' | 'stopped';
  message: string;
  /** the question the run waits on (a held step's card): said by its control and site, not the post's address and fields */
  asked?: { control?: string; host: string; guess?: boolean };
}

export interface Settled {
  schedule: Schedule;
  /** what to tell the person (a notification); none for a run that found nothing new */
  notice?: Notice;
  /** the run's tab is closed unless the run waits in it for the person */
  closeTab: boolean;
}

/**
 * What a schedule keeps and says when its run's replay stops. A run that waits for the person (a
 * confirmation, a step that needs a repair no model may make) keeps its tab and says what it needs;
 * it does not guess. A finished run's result is compared with the last one ("tell me when it changes").
 */
export function settleRun(s: Schedule, end: RunEnd, result: RunResult | undefined, now: number): Settled {
  const last = (outcome: LastRun['outcome'], message: string): LastRun => ({ at: now, outcome, message, replayId: end.replayId });
  if (end.status === 'waiting' || end.status === 'paused') {
    const message = `The run waits for you: ${waitInWords(end)} Open its tab to answer, skip the step or stop it.`;
    return { schedule: { ...s, last: last('waiting', message) }, notice: { title: `“${s.name}” needs you`, message }, closeTab: false };
  }
  const done = { ...s, running: undefined };
  // a run the person answered in its tab leaves that tab to them
  const closeTab = !(s.last?.outcome === 'waiting' && s.last.replayId === end.replayId);
  if (end.status !== 'done') {
    const message = end.status === 'stopped' ? 'The run was stopped.' : `The run did not finish: ${end.message || 'it failed.'}`;
    return { schedule: { ...done, last: last('failed', message) }, notice: { title: `“${s.name}” did not finish`, message }, closeTab };
  }
  if (!s.watch || !result) {
    const message = end.message || 'The run finished.';
    return { schedule: { ...done, last: last('done', message), result: result ?? s.result }, closeTab };
  }
  const change = compareResults(s.result, result);
  const outcome = !s.result ? 'first' : change.changed ? 'changed' : 'unchanged';
  return {
    schedule: { ...done, last: last(outcome, change.summary), result },
    notice: change.changed ? { title: `“${s.name}” changed`, message: change.summary } : undefined,
    closeTab,
  };
}

/**
 * What the run waits for, for the schedule's list and its notification: a held step is named by its
 * control and the site it sends to; the replay's own words carry the post's path and every field
 * the page sends (hidden ones too), which the step's card in its tab shows where it is answered.
 */
export function waitInWords(end: Pick<RunEnd, 'message' | 'asked'>): string {
  const a = end.asked;
  if (!a || a.guess || !a.host) return end.message || 'it stopped at a step.';
  const step = /^Step \d+/.exec(end.message)?.[0] ?? 'A step';
  const control = a.control?.trim() ? `“${a.control.trim()}”` : 'it';
  return `${step} needs your confirmation: ${control} sends what the form holds to ${a.host}.`;
}

/** Why a workflow cannot be scheduled, in words; null when it can. */
export function scheduleProblem(w: Workflow): string | null {
  const secrets = w.variables.filter((v) => v.secret);
  if (!secrets.length) return null;
  const names = secrets.map((v) => v.label || v.name).join(', ');
  return `“${w.name}” needs a secret (${names}) every time it runs. Secrets are never stored, so it cannot run on a schedule: run it with Run and type the secret.`;
}

export const goneNotice = (name: string): Notice => ({
  title: 'A schedule was removed',
  message: `The schedule of “${name}” was removed: its workflow was deleted.`,
});

/** Why a run did not start: the schedule's last run has not ended (it is going on, or waits in its tab). */
export const busyMessage = (status: string) => (status === 'running' ? 'Not run: the last run is still going on.' : 'Not run: the last run still waits for you in its tab.');
