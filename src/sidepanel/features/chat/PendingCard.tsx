import { useEffect, useRef } from 'react';
import { dropPendingTask, usePendingTask } from './pending-task';

/** The task typed before setup: shown, kept, and where to go to send it. */
export function PendingCard({ configured, onOpenSettings }: { configured?: boolean; onOpenSettings?: () => void }) {
  const task = usePendingTask();
  const button = useRef<HTMLButtonElement>(null);
  const shown = !!task;
  useEffect(() => {
    if (shown) button.current?.focus();
  }, [shown]);
  if (!task) return null;
  return (
    <div className="card question" data-testid="pending-task" role="status">
      {/* set up, a kept task is only here when sending it failed: the title says that, not "set up" */}
      <div className="card-title">{configured ? 'Your task was not sent' : 'Set up a model first'}</div>
      <div>
        {configured ? 'Your task is kept: ' : 'Your task is kept and sent as soon as a provider is saved in Settings: '}
        <q>{task.text}</q>
      </div>
      {task.problem && <div className="error small">{task.problem}</div>}
      <div className="row">
        {onOpenSettings && (
          <button ref={button} className="primary" onClick={onOpenSettings}>
            Open Settings
          </button>
        )}
        <button onClick={dropPendingTask}>Discard</button>
      </div>
    </div>
  );
}
