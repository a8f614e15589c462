import { useState } from 'react';
import type { Workflow } from '../../../shared/workflow';

export interface RunRequest {
  values: Record<string, string>;
  /** the file chosen for each file variable */
  files: Record<string, File>;
  stepMode: boolean;
  newTab: boolean;
}

/** A file variable: a file chooser, the recorded file's name as a hint (its bytes were never kept). */
function FileField({ label, recorded, onFile }: { label: string; recorded?: string; onFile: (f: File | undefined) => void }) {
  return (
    <label>
      {label}
      <input type="file" required onChange={(e) => onFile(e.target.files?.[0])} />
      {recorded && <span className="muted small">Recorded with {recorded}; choose the file for this run.</span>}
    </label>
  );
}

/** The variables of a workflow, recorded values filled in; secrets are asked for as passwords. */
export function RunForm({ workflow, initial, onRun, onCancel }: { workflow: Workflow; initial?: Record<string, string>; onRun: (r: RunRequest) => void; onCancel: () => void }) {
  // initial: values offered for this run only (an imported file's secret the person chose to use once)
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(workflow.variables.map((v) => [v.name, initial?.[v.name] ?? v.default ?? ''])));
  const [files, setFiles] = useState<Record<string, File>>({});
  const [stepMode, setStepMode] = useState(false);
  const [newTab, setNewTab] = useState(false);
  return (
    <form
      className="run-form"
      aria-label={`Run ${workflow.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        onRun({ values, files, stepMode, newTab });
      }}
    >
      {workflow.variables.map((v) =>
        v.file ? (
          <FileField key={v.name} label={v.label} recorded={v.default} onFile={(f) => setFiles(({ [v.name]: _, ...rest }) => (f ? { ...rest, [v.name]: f } : rest))} />
        ) : (
        <label key={v.name}>
          {v.label}
          <input
            type={v.secret ? 'password' : 'text'}
            autoComplete="off"
            value={values[v.name] ?? ''}
            required={v.secret}
            onChange={(e) => setValues({ ...values, [v.name]: e.target.value })}
          />
        </label>
        ),
      )}
      <label className="inline">
        <input type="checkbox" checked={stepMode} onChange={(e) => setStepMode(e.target.checked)} /> Step by step
      </label>
      <label className="inline">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} /> In a new tab
      </label>
      <div className="row">
        <button type="submit" className="primary">
          Start replay
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
