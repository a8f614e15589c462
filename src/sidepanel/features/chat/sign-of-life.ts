import { useEffect, useState } from 'react';
import { RunEvent } from '../../../shared/run-events';
import type { Connection } from '../../use-connection';

/** After this long without a token or an event, a running task says it is slow and offers Stop. */
export const SLOW_AFTER_MS = 20_000;

export interface Slowness {
  seconds: number;
  /** who is being waited for: the model (between calls) or the page (an action in progress) */
  who: 'model' | 'page';
}

/**
 * How long a running task has been silent, if long enough to say so. `since` is the last sign of
 * life (a token, an event) or the person's "keep waiting"; after an action the page is what works.
 */
export function slowness(now: number, since: number, lastEventType: string | undefined): Slowness | null {
  const quiet = now - since;
  if (quiet < SLOW_AFTER_MS) return null;
  return { seconds: Math.floor(quiet / 1000), who: lastEventType === 'action' ? 'page' : 'model' };
}

/** A clock for timers on screen, ticking only while `active`. */
export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [active, everyMs]);
  return now;
}

/** When the run last showed life through the port: any event, streamed tokens included (stored events' times count too). */
export function useLastSignal(connection: Connection, runId: string | undefined): number {
  const [at, setAt] = useState(() => Date.now());
  const { subscribe } = connection;
  useEffect(() => {
    if (!runId) return;
    return subscribe((raw) => {
      const e = RunEvent.safeParse(raw);
      if (e.success && e.data.runId === runId) setAt(Date.now());
    });
  }, [subscribe, runId]);
  return at;
}

/** "12 s", "2 min 5 s". */
export function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
