export interface ReviewData {
  name: string;
  site: string;
  startUrl: string;
  steps: string[];
  notes: string[];
  leaves: string[];
}

/**
 * A Chrome Recorder file before it is saved: its site, every step in words (what it types, where
 * it goes), the steps that leave the start site, and what the replay will not honour.
 */
export function ImportReview({ review, onSave, onCancel }: { review: ReviewData; onSave(): void; onCancel(): void }) {
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
      <div className="row">
        <button className="primary" onClick={onSave}>
          Save workflow
        </button>
        <button onClick={onCancel}>Cancel</button>
      </div>
    </section>
  );
}
