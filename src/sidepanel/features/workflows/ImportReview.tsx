import { useState } from 'react';

export interface FileSecret {
  name: string;
  label: string;
  value: string;
}

export interface ReviewData {
  name: string;
  site: string;
  startUrl: string;
  steps: string[];
  notes: string[];
  leaves: string[];
  /** values the file typed into password, card or code fields */
  fileSecrets: FileSecret[];
}

/**
 * A Chrome Recorder file before it is saved: its site, every step in words (what it types, where
 * it goes), the steps that leave the start site, and what the replay will not honour.
 */
export function ImportReview({ review, onSave, onCancel }: { review: ReviewData; onSave(firstRun: Record<string, string>, trust: boolean): void; onCancel(): void }) {
  // the file's secret values are never stored; the person may take them for the first run only
  const [use, setUse] = useState<Record<string, boolean>>({});
  // off by default: a file from elsewhere is asked about like any page until the person says otherwise
  const [trust, setTrust] = useState(false);
  const firstRun = Object.fromEntries(review.fileSecrets.filter((f) => use[f.name]).map((f) => [f.name, f.value]));
  return (
    <section data-testid="import-review" aria-label="Review the imported flow">
      <p>
        <strong>{review.name}</strong> <span className="muted">on {review.site} · starts at {review.startUrl}</span>
      </p>
      <ol data-testid="import-review-steps">
        {review.steps.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
      {review.leaves.length > 0 && (
        <p className="error" role="alert" data-testid="import-review-leaves">
          This flow leaves its start site: {review.leaves.join(' ')}
        </p>
      )}
      {review.notes.length > 0 && (
        <div data-testid="import-review-notes">
          <p className="muted">Not replayed as the file says:</p>
          <ul>
            {review.notes.map((n, i) => (
              <li key={i} className="muted">
                {n}
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.fileSecrets.map((f) => (
        <label key={f.name} className="inline">
          <input type="checkbox" checked={!!use[f.name]} onChange={(e) => setUse({ ...use, [f.name]: e.target.checked })} /> Use the file's “{f.label}” for the first run only (it is not
          saved)
        </label>
      ))}
      <label className="inline" data-testid="import-review-trust">
        <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} /> Let it submit forms on {review.site} without asking each run (payments, transfers,
        messages and deletions are still asked)
      </label>
      <div className="row">
        <button className="primary" onClick={() => onSave(firstRun, trust)}>
          Save workflow
        </button>
        <button onClick={onCancel}>Cancel</button>
      </div>
    </section>
  );
}
