import { send } from '../../../platform/rpc';
import type { RunRecord } from '../../../storage/db';

export function RunControls({ run }: { run: RunRecord }) {
  const act = (name: 'agent.pause' | 'agent.resume' | 'agent.stop') => void send(name, { runId: run.runId }).catch(() => {});
  return (
    <div className="run-controls" data-testid="run-controls" data-status={run.status}>
      <span className="muted small">{run.status === 'paused' ? 'Paused' : run.status === 'waiting' ? 'Waiting for you' : 'Working…'}</span>
      {run.status === 'paused' ? <button onClick={() => act('agent.resume')}>Resume</button> : <button onClick={() => act('agent.pause')}>Pause</button>}
      <button onClick={() => act('agent.stop')}>Stop</button>
    </div>
  );
}
