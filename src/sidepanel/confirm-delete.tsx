import { useState } from 'react';

/**
 * A Delete button that asks first: deleting a workflow or a demonstration cannot be undone, so the
 * first press only asks, naming what would go.
 */
export function DeleteButton({ what, onDelete }: { what: string; onDelete: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="confirm-delete row" role="group" aria-label={`Delete ${what}?`}>
      <span className="small">Delete “{what}” for good?</span>
      <button type="button" className="danger" onClick={onDelete} autoFocus>
        Yes, delete
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
