import { send } from '../../../platform/rpc';
import type { RunRecord } from '../../../storage/db';
import type { TargetTab } from '../../use-target-tab';
import { OtherRuns } from './OtherRuns';
import { RunTabLine } from './RunTabLine';

const STATUS: Record<string, string> = { paused: 'Paused', waiting: 'Waiting for you', running: 'Working…' };

/**
 * The chat's header: where the co-pilot works, what it is doing, and Pause/Stop. It sits outside
 * the scrolling timeline, so the controls are always at hand.
 */
export function RunBar({ run, stoppedOnError, tab, onNewChat, onHistory, historyOpen }: { run?: RunRecord; stoppedOnError?: boolean; tab: TargetTab; onNewChat: () => void; onHistory: () => void; historyOpen: boolean }) {
  const act = (name: 'agent.pause' | 'agent.resume' | 'agent.stop') => run && void send(name, { runId: run.runId }).catch(() => {});
  return (
    <header className="chat-bar">
      <div className="chat-bar-row">
        <span className="run-status" role="status" data-testid="run-status">
          {/* a run that stopped on an error waits for Resume below: the header does not say "Ready" over it */}
          {run ? (STATUS[run.status] ?? 'Working…') : stoppedOnError ? 'Stopped on an error' : 'Ready'}
        </span>
        {run && (
          <span className="run-controls" data-testid="run-controls" data-status={run.status}>
            {run.status === 'paused' ? <button onClick={() => act('agent.resume')}>Resume</button> : <button onClick={() => act('agent.pause')}>Pause</button>}
            <button className="stop" onClick={() => act('agent.stop')}>
              Stop
            </button>
          </span>
        )}
        <button className="link" onClick={onHistory} aria-expanded={historyOpen} disabled={!!run}>
          Chats
        </button>
        <button className="link" onClick={onNewChat} disabled={!!run}>
          New chat
        </button>
      </div>
      <RunTabLine run={run} tab={tab} />
      <OtherRuns tabId={tab.tabId} />
    </header>
  );
}
