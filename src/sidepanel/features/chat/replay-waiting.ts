import { createContext } from 'react';
import type { EventRecord } from '../../../storage/db';
import type { ReplayState } from '../../../workflows/replay/state';

/**
 * The chat's replay while it goes on: the step it waits at has its card pinned below the timeline,
 * so that step's own line says so briefly instead of repeating the card.
 */
export const ChatReplay = createContext<ReplayState | undefined>(undefined);

/**
 * Whether a replayed step's line stands for the card pinned below (its replay waits at it now). A
 * step asked several times (its best guesses one after another) has one line per asking: only the
 * last, the one the replay stopped with (the stop's event, or the one before its question's), is
 * the card's; the earlier ones say what they asked.
 */
export function waitsBelow(replay: ReplayState | undefined, runId: string, index: number, seq: number): boolean {
  return replay?.status === 'waiting' && replay.replayId === runId && replay.index === index && seq >= replay.seq - 1;
}

/**
 * For each replayed step (by replay and index), the seq of its last line. A step that stopped or
 * asked and then went on (retried, answered, skipped) has a later line: its earlier ones are
 * history, no longer shown as errors.
 */
export const LastStepLines = createContext<ReadonlyMap<string, number>>(new Map());

export const stepKey = (runId: string, index: number) => `${runId}:${index}`;

export function lastStepLines(events: readonly EventRecord[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'replay_step') continue;
    const key = stepKey(e.runId, e.index);
    last.set(key, Math.max(last.get(key) ?? -Infinity, e.seq));
  }
  return last;
}
