import { createContext, useContext } from 'react';
import type { EventRecord } from '../../../../storage/db';

/** Each replay's values (as its first line shows them, secrets masked), by run id: a step's `{{name}}` reads as its value. */
export const ReplayValues = createContext<Map<string, Record<string, string>>>(new Map());

export function replayValuesOf(events: EventRecord[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const e of events) if (e.type === 'replay_started') out.set(e.runId, e.values);
  return out;
}

export const useReplayValues = (runId: string) => useContext(ReplayValues).get(runId) ?? {};
