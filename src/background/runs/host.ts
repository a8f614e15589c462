import { browserSession } from '../browser-session';

/**
 * What every kind of run (an agent task, a replay) shares, in one place: the Stop in a page's
 * overlay finds whichever run works in that tab, and after a worker restart every run stored as
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

export interface Stopped {
  ok: boolean;
  message: string;
}

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
  resume(id: string): Promise<void>;
  /** ends a run that cannot resume, saying why */
  endTabGone(id: string, why: TabGone): Promise<void>;
  /** the run of this kind going on in a tab, from its stored record (which outlives the worker) */
  liveInTab(tabId: number): Promise<string | null>;
  stop(id: string): Promise<Stopped>;
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
  /** Stop pressed in a tab's overlay: the run going on there, whatever its kind. */
  stopInTab(tabId: number): Promise<Stopped>;
  /** After a worker restart: each run stored as going on resumes in its tab, or ends when that tab is gone. */
  resumeInterrupted(): Promise<void>;
}

export function runHost(kinds: RunKind[], env: HostEnv = chromeEnv): RunHost {
  return {
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
          const going = here ? kind.resume(run.id) : kind.endTabGone(run.id, tabGone(kind, continues));
          await going.catch((error: unknown) => console.error(`could not ${here ? 'resume' : 'end'} the ${kind.noun}`, run.id, error));
        }
      }
    },
  };
}
