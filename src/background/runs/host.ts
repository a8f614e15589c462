import { browserSession } from '../browser-session';
import type { ConfirmAnswer } from '../../shared/run-events';

/**
 * What every kind of run (an agent task, a replay) shares, in one place: the person's Pause,
 * Resume, Stop and answer to a safety question reach a run by its id whatever its kind (the panel
 * sends `run.*` and never needs to know which kind it shows); the Stop in a page's overlay finds
 * whichever run works in that tab; and after a worker restart every run stored as
 * going on resumes the same way (after the debugger sessions and request rules the stopped worker
 * left are cleared), or ends with the same words when its tab is gone. Each kind says how its own
 * runs are stored, stopped and resumed (agent-kind.ts, replay-kind.ts); the host owns the order
 * and the checks, so a fix here reaches both.
 */

/** A run stored as going on: which tab it works in. */
export interface StoredRun {
  id: string;
  tabId: number;
}

/** What the person is told of what they asked a run to do. */
export interface Stopped {
  ok: boolean;
  message: string;
}
export type Ack = Stopped;

/** Why a run ended without resuming: its tab was closed, or the browser was (its tab ids are new). */
export interface TabGone {
  /** the timeline's words */
  message: string;
  /** the status line's words */
  short: string;
}

export interface RunKind {
  /** what a person calls one: "task", "replay" */
  noun: string;
  /** how a person starts it anew, for the message when it cannot resume */
  again: string;
  /** runs of this kind stored as going on that no code in this worker is driving */
  interrupted(): Promise<StoredRun[]>;
  /** goes on after a worker restart from the run's last saved step */
  continueInterrupted(id: string): Promise<void>;
  /** ends a run that cannot resume, saying why */
  endTabGone(id: string, why: TabGone): Promise<void>;
  /** the run of this kind going on in a tab, from its stored record (which outlives the worker) */
  liveInTab(tabId: number): Promise<string | null>;
  /** a run of this kind is stored under this id */
  owns(id: string): Promise<boolean>;
  pause(id: string): Promise<Ack>;
  /** the person's Resume: a paused run goes on, a stopped-on-error one continues, a replay retries its step */
  resume(id: string): Promise<Ack>;
  stop(id: string): Promise<Stopped>;
  /** the person's answer to the safety question the run waits on */
  confirm(id: string, requestId: string, answer: ConfirmAnswer): Promise<Ack>;
}

export interface HostEnv {
  /** the worker started again within the browser session that stored the runs (browser-session.ts) */
  continues(): Promise<boolean>;
  tabExists(tabId: number): Promise<boolean>;
}

const chromeEnv: HostEnv = {
  continues: async () => (await browserSession()).continues,
  tabExists: (tabId) => chrome.tabs.get(tabId).then(
    () => true,
    () => false,
  ),
};

export function tabGone(kind: Pick<RunKind, 'noun' | 'again'>, continues: boolean): TabGone {
  return continues
    ? { message: `The tab this ${kind.noun} was running in was closed, so the ${kind.noun} ended.`, short: 'Its tab was closed.' }
    : { message: `The browser was closed while this ${kind.noun} was running, so it ended; ${kind.again}.`, short: 'The browser was closed while it ran.' };
}

export interface RunHost {
  /** The person's Pause, Resume, Stop and answers, sent to whichever kind of run has this id. */
  pause(id: string): Promise<Ack>;
  resume(id: string): Promise<Ack>;
  stop(id: string): Promise<Ack>;
  confirm(id: string, requestId: string, answer: ConfirmAnswer): Promise<Ack>;
  /** Stop pressed in a tab's overlay: the run going on there, whatever its kind. */
  stopInTab(tabId: number): Promise<Stopped>;
  /** After a worker restart: each run stored as going on resumes in its tab, or ends when that tab is gone. */
  resumeInterrupted(): Promise<void>;
}

const UNKNOWN: Ack = { ok: false, message: 'That run is not stored any more.' };

export function runHost(kinds: RunKind[], env: HostEnv = chromeEnv): RunHost {
  async function kindOf(id: string): Promise<RunKind | undefined> {
    for (const kind of kinds) if (await kind.owns(id)) return kind;
    return undefined;
  }
  return {
    pause: async (id) => (await kindOf(id))?.pause(id) ?? UNKNOWN,
    resume: async (id) => (await kindOf(id))?.resume(id) ?? UNKNOWN,
    stop: async (id) => (await kindOf(id))?.stop(id) ?? UNKNOWN,
    confirm: async (id, requestId, answer) => (await kindOf(id))?.confirm(id, requestId, answer) ?? UNKNOWN,
    async stopInTab(tabId) {
      for (const kind of kinds) {
        const id = await kind.liveInTab(tabId);
        if (id) return kind.stop(id);
      }
      return { ok: false, message: 'Nothing is running in this tab.' };
    },
    async resumeInterrupted() {
      const continues = await env.continues();
      for (const kind of kinds) {
        for (const run of await kind.interrupted()) {
          // after a browser restart its tab id may belong to another tab now: it ends, never goes on there
          const here = continues && (await env.tabExists(run.tabId));
          const going = here ? kind.continueInterrupted(run.id) : kind.endTabGone(run.id, tabGone(kind, continues));
          await going.catch((error: unknown) => console.error(`could not ${here ? 'resume' : 'end'} the ${kind.noun}`, run.id, error));
        }
      }
    },
  };
}
