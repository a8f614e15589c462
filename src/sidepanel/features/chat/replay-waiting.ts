import { createContext } from 'react';
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

