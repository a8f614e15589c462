import { createContext } from 'react';
import type { ReplayState } from '../../../workflows/replay/state';

/**
 * The chat's replay while it goes on: the step it waits at has its card pinned below the timeline,
 * so that step's own line says so briefly instead of repeating the card.
 */
export const ChatReplay = createContext<ReplayState | undefined>(undefined);

/** Whether a replayed step's line stands for the card pinned below (its replay waits at it now). */
export function waitsBelow(replay: ReplayState | undefined, runId: string, index: number): boolean {
  return replay?.status === 'waiting' && replay.replayId === runId && replay.index === index;
}
