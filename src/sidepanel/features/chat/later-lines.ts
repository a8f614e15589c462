import { createContext } from 'react';
import type { EventRecord } from '../../../storage/db';

/**
 * What came after a line in the timeline, for lines that say something only while it stands: a
 * replayed step that stopped or asked and then went on (retried, answered, skipped), a run's error
 * that the person resumed from. Those lines are history then, no longer shown as errors.
 */
export interface LaterLines {
  /** seq of the last line of each replayed step, by `stepKey` */
  steps: ReadonlyMap<string, number>;
  /** seq of the last event of each run */
  runs: ReadonlyMap<string, number>;
}

export const LaterLinesContext = createContext<LaterLines>({ steps: new Map(), runs: new Map() });

export const stepKey = (runId: string, index: number) => `${runId}:${index}`;

export function laterLines(events: readonly EventRecord[]): LaterLines {
  const steps = new Map<string, number>();
  const runs = new Map<string, number>();
  const later = (map: Map<string, number>, key: string, seq: number) => map.set(key, Math.max(map.get(key) ?? -Infinity, seq));
  for (const e of events) {
    later(runs, e.runId, e.seq);
    if (e.type === 'replay_step') later(steps, stepKey(e.runId, e.index), e.seq);
  }
  return { steps, runs };
}
