import { useState } from 'react';
import type { Workflow } from '../../../shared/workflow';
import { DeleteButton } from '../../confirm-delete';
import { RunForm, type RunRequest } from './RunForm';
import { ScheduleForm } from './ScheduleForm';

export interface WorkflowActions {
  /** resolves true when the replay started (the form closes) */
  run(id: string, req: RunRequest): Promise<boolean>;
  rename(id: string, name: string): Promise<boolean>;
  exportAs(id: string, format: 'workflow' | 'chrome-recorder'): void;
  remove(id: string, name: string): void;
  message(text: string): void;
  /** a Run or Schedule form opened: the view's earlier notice (an import's error) is put away */
  opened(): void;
}

/** One saved workflow: its buttons, or the form one of them opened (run, schedule, rename). */
export function WorkflowItem({ workflow: w, firstRun, actions }: { workflow: Workflow; firstRun?: Record<string, string>; actions: WorkflowActions }) {
  const [mode, setMode] = useState<'buttons' | 'run' | 'schedule' | 'rename'>('buttons');
  const [name, setName] = useState(w.name);
  const close = () => setMode('buttons');
  return (
    <li data-testid="workflow" data-workflow-id={w.id}>
      <div>
        <strong>{w.name}</strong> <span className="muted">{w.site} · {w.steps.length} step{w.steps.length === 1 ? '' : 's'}</span>
      </div>
      {mode === 'rename' ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void actions.rename(w.id, name).then((ok) => ok && close());
          }}
        >
          <input aria-label="New name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit" className="primary" disabled={!name.trim()}>
            Save name
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </form>
      ) : mode === 'schedule' ? (
        <ScheduleForm workflow={w} onDone={(text) => (close(), actions.message(text))} onCancel={close} />
      ) : mode === 'run' ? (
        <RunForm workflow={w} initial={firstRun} onRun={(req) => void actions.run(w.id, req).then((ok) => ok && close())} onCancel={close} />
      ) : (
        <>
          <div className="row">
            <button className="primary" onClick={() => (actions.opened(), setMode('run'))}>
              Run
            </button>
            <button onClick={() => (actions.opened(), setMode('schedule'))}>Schedule</button>
          </div>
          {/* the rest, smaller and on a line of their own: Run is what the card is for */}
          <div className="row secondary-actions" role="group" aria-label={`More for ${w.name}`} data-testid="workflow-more">
            <button className="quiet" onClick={() => (setName(w.name), setMode('rename'))}>
              Rename
            </button>
            <button className="quiet" onClick={() => actions.exportAs(w.id, 'workflow')}>
              Export
            </button>
            <button className="quiet" onClick={() => actions.exportAs(w.id, 'chrome-recorder')} aria-label="Export for Chrome Recorder">
              For Chrome Recorder
            </button>
            <DeleteButton quiet what={w.name} onDelete={() => actions.remove(w.id, w.name)} />
          </div>
        </>
      )}
    </li>
  );
}
