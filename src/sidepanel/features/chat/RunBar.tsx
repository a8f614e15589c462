import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { RunRecord } from '../../../storage/db';
import type { ReplayState } from '../../../workflows/replay/state';
import type { TargetTab } from '../../use-target-tab';
import { OtherRuns } from './OtherRuns';
import { RunTabLine } from './RunTabLine';

const STATUS: Record<string, string> = { paused: 'Paused', waiting: 'Waiting for you', running: 'Working…' };
const REPLAY_STATUS: Record<string, string> = { paused: 'Paused', waiting: 'Waiting for you', running: 'Replaying…' };

/**
 * The chat's header: where the co-pilot works, what it is doing, and Pause/Stop. It sits outside
 * the scrolling timeline, so the controls are always at hand.
 */
export function RunBar({ loading, run, replay, stoppedOnError, needsSetup, tab, onNewChat, onHistory, historyOpen }: { loading?: boolean; run?: RunRecord; replay?: ReplayState; stoppedOnError?: boolean; needsSetup?: boolean; tab: TargetTab; onNewChat: () => void; onHistory: () => void; historyOpen: boolean }) {
  // a replay of this chat (started here or from Workflows) is what the header speaks of when no agent run is
  const shown = run ? undefined : replay;
  // the same messages for either kind: the worker finds the run by its id
  const busy = run ? 'the task' : shown ? 'the replay' : undefined;
  // the run whose Pause was pressed and which has not paused yet
  const [pausing, setPausing] = useState<string>();
  // reached (or the run over): a Resume pressed anywhere later must not find "Pausing…" here
  if (pausing && (run?.runId !== pausing || run.status === 'paused')) setPausing(undefined);
  const act = (name: 'run.pause' | 'run.resume' | 'run.stop') => () => {
    const runId = run?.runId ?? shown?.replayId;
    if (runId) void send(name, { runId }).catch(() => {});
  };
  return (
    <header className="chat-bar">
      <div className="chat-bar-row">
        <span className="run-status" role="status" data-testid="run-status" aria-busy={loading}>
          {/* a run that stopped on an error waits for Resume below: the header does not say "Ready" over it */}
          {run ? runStatusWords(run, pausing === run.runId) : shown ? (REPLAY_STATUS[shown.status] ?? 'Replaying…') : loading ? '' : stoppedOnError ? 'Stopped on an error' : needsSetup ? 'Set up a model first' : 'Ready'}
        </span>
        {run && (
          <span className="run-controls" data-testid="run-controls" data-status={run.status}>
            {run.status === 'paused' ? (
              <button onClick={act('run.resume')}>Resume</button>
            ) : pausing === run.runId ? (
              // asked while it waits for the person (or mid-action): it pauses at its next step, and says so now
              <button disabled>Pausing…</button>
            ) : (
              <button onClick={() => (setPausing(run.runId), act('run.pause')())}>Pause</button>
            )}
            <button className="stop" onClick={act('run.stop')}>
              Stop
            </button>
          </span>
        )}
        {shown && (
          // a replay that waits has its own buttons on its card below (retry, skip): only Pause and Stop here
          <span className="run-controls" data-testid="run-controls" data-status={shown.status}>
            {shown.status === 'paused' && <button onClick={act('run.resume')}>Resume</button>}
            {shown.status === 'running' && <button onClick={act('run.pause')}>Pause</button>}
            <button className="stop" onClick={act('run.stop')}>
              Stop
            </button>
          </span>
        )}
        {!busy && <ChatLinks onHistory={onHistory} historyOpen={historyOpen} onNewChat={onNewChat} />}
      </div>
      {/* while a task or replay goes on, its Pause and Stop have the first line: the greyed links go beside the tab's name */}
      <div className="tab-row">
        <RunTabLine run={run} tab={tab} />
        {busy && <ChatLinks onHistory={onHistory} historyOpen={historyOpen} onNewChat={onNewChat} why={`Stop ${busy} or let it finish first`} />}
      </div>
      <OtherRuns tabId={tab.tabId} />
    </header>
  );
}

/** The header's words for an agent run; a Pause pressed and not yet reached is said at once. */
function runStatusWords(run: RunRecord, pausing: boolean): string {
  if (pausing && run.status === 'waiting') return 'Waiting for you; it pauses after your answer';
  if (pausing && run.status === 'running') return 'Pausing…';
  return STATUS[run.status] ?? 'Working…';
}

/** Chats and New chat, one unit; greyed with `why` (said on hover and to a screen reader) while a run goes on. */
function ChatLinks({ onHistory, historyOpen, onNewChat, why }: { onHistory: () => void; historyOpen: boolean; onNewChat: () => void; why?: string }) {
  return (
    <span className="chat-links">
      <button className="link" onClick={onHistory} aria-expanded={historyOpen} disabled={!!why} title={why}>
        Chats
      </button>
      <button className="link" onClick={onNewChat} disabled={!!why} title={why}>
        New chat
      </button>
    </span>
  );
}
