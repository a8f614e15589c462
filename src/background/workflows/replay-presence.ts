import type { ReplayPage } from '../../workflows/replay/ports';
import type { RunEvent } from '../../shared/run-events';
import { db } from '../../storage/db';
import { presenceActing, presenceEnded, presenceFor } from '../agent/presence';

export const LIVE = ['running', 'paused', 'waiting'];

/**
 * A replay is seen in its tab as an agent run is: the glow, the element about to be acted on
 * outlined, "waiting for you" while it asks, and the overlay's Stop, which stops the replay.
 */
export function replayEvents(tabId: number, sink: (event: RunEvent) => void, current: () => number = () => tabId): (event: RunEvent) => void {
  // in the tab the replay is in now: a step in a tab an earlier step opened takes the overlay there
  const show = presenceFor(tabId, current, true);
  return (event) => {
    sink(event);
    show(event);
  };
}

/** The replay's page, with each element outlined in the tab just before it is acted on. */
export function replayPageShown(page: ReplayPage, current: () => number, replayId: string): ReplayPage {
  return {
    ...page,
    act: (...args) => {
      const [action] = args;
      presenceActing(current(), replayId, 'id' in action && typeof action.id === 'number' ? action.id : undefined);
      return page.act(...args);
    },
  };
}

/** After a drive or a stop: a replay that is over leaves nothing drawn in its tab. */
export async function endReplayPresence(replayId: string): Promise<void> {
  const record = await db().runs.get(replayId);
  if (record?.kind === 'replay' && !LIVE.includes(record.status)) presenceEnded(record.tabId, replayId);
}
