import type { EventRecord } from '../../../storage/db';
import type { ReplayState } from '../../../workflows/replay/state';
import { ReplayStatus } from '../workflows/ReplayStatus';
import { useLatestReplayRead } from '../workflows/use-workflows';
import { LIVE_STATUSES } from './waiting';

/**
 * The replay of this chat that goes on (started here or from Workflows, which gives it a chat of
 * its own): the header and the dock speak of it, not of the chat's last ending.
 */
export function useChatReplay(tabId: number | undefined, chatId: string | undefined): ReplayState | undefined | 'loading' {
  const latest = useLatestReplayRead(tabId);
  if (latest === 'loading') return latest;
  return latest && latest.chatId === chatId && LIVE_STATUSES.includes(latest.status) ? latest : undefined;
}

/** A replay that needs the person: its question and its buttons (retry, skip, stop) where they are looking. */
export function ReplayDock({ replay, events }: { replay?: ReplayState; events: EventRecord[] }) {
  if (replay?.status !== 'waiting') return null;
  return (
    <div className="dock" data-testid="replay-dock">
      <div className="card">
        <ReplayStatus replay={replay} steps={stepsOf(events, replay)} onMessage={() => undefined} />
      </div>
    </div>
  );
}

/** How many steps the replay has, from its start line in this chat (the workflow itself is the Workflows view's). */
function stepsOf(events: EventRecord[], replay: ReplayState): number {
  const started = events.find((e) => e.type === 'replay_started' && e.runId === replay.replayId);
  return started?.type === 'replay_started' ? started.steps : replay.index + 1;
}
