import { useState } from 'react';
import { CadenceFields, cadenceOf, type CadenceDraft } from './CadenceFields';
import type { Workflow } from '../../../shared/workflow';
import { send } from '../../../platform/rpc';
import { scheduleProblem } from '../../../workflows/schedule/settle';
import { cadenceText } from '../../../workflows/schedule/next-run';

/**
 * Puts a workflow on a schedule: every N minutes, hours or days, or daily at a time; the variables'
 * values are fixed here. A workflow with a secret cannot be scheduled, and the form says why.
 */
export function ScheduleForm({ workflow, onDone, onCancel }: { workflow: Workflow; onDone: (message: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<CadenceDraft>({ kind: 'every', amount: '1', unit: 'hours', time: '08:00' });
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(workflow.variables.map((v) => [v.name, v.default ?? ''])));
  const [watch, setWatch] = useState(true);
  const [allowModel, setAllowModel] = useState(false);
  const [error, setError] = useState('');
  const problem = scheduleProblem(workflow);
  if (problem) return <ScheduleRefused name={workflow.name} problem={problem} onClose={onCancel} />;
  async function save() {
    const r = await send('schedules.create', { workflowId: workflow.id, cadence: cadenceOf(draft), values, watch, allowModel }).catch((e: Error) => ({ ok: false as const, message: e.message }));
    if (r.ok) onDone(r.message);
    else setError(r.message);
  }
  return (
    <form className="run-form" aria-label={`Schedule ${workflow.name}`} onSubmit={(e) => (e.preventDefault(), void save())}>
      <CadenceFields draft={draft} onChange={setDraft} />
      {workflow.variables.map((v) => (
        <label key={v.name}>
          {v.label} <span className="muted small">(used at every run)</span>
          <input type="text" autoComplete="off" value={values[v.name] ?? ''} onChange={(e) => setValues({ ...values, [v.name]: e.target.value })} />
        </label>
      ))}
      <label className="inline">
        <input type="checkbox" checked={watch} onChange={(e) => setWatch(e.target.checked)} /> Tell me when the result changes
      </label>
      <label className="inline">
        <input type="checkbox" checked={allowModel} onChange={(e) => setAllowModel(e.target.checked)} /> Let the model repair a step that no longer matches (sends that page to the model)
      </label>
      {/* said before Save: an "every" schedule runs once at once, which the person should not learn only afterwards */}
      <p className="small" data-testid="schedule-first-run">
        {draft.kind === 'every' ? `It runs once right away when you save it, then ${cadenceText(cadenceOf(draft))}` : `It runs ${cadenceText(cadenceOf(draft))}, the first time at the next ${draft.time}`}, in a background tab of its own. A step that needs you waits there and shows a notification.
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary">
          Save schedule
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Why this workflow cannot be scheduled (it needs a secret at every run), in place of the form. */
function ScheduleRefused({ name, problem, onClose }: { name: string; problem: string; onClose: () => void }) {
  return (
    <div className="run-form" role="group" aria-label={`Schedule ${name}`}>
      <p className="error" role="alert" data-testid="schedule-refused">
        {problem}
      </p>
      <div className="row">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
