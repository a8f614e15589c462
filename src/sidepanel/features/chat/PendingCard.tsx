import { useEffect, useRef } from 'react';
import { dropPendingTask, usePendingTask } from './pending-task';

/** The task typed before setup: shown, kept, and where to go to send it. */
export function PendingCard({ onOpenSettings }: { onOpenSettings?: () => void }) {
  const task = usePendingTask();
  const button = useRef<HTMLButtonElement>(null);
  const shown = !!task;
  useEffect(() => {
    if (shown) button.current?.focus();
  }, [shown]);
  if (!task) return null;
  return (
    <div className="card question" data-testid="pending-task" role="status">
      <div className="card-title">Set up a model first</div>
      <div>
        Your task is kept and sent as soon as a provider is saved in Settings: <q>{task.text}</q>
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
