import { useState } from 'react';

/**
 * A Delete button that asks first: deleting a workflow or a demonstration cannot be undone, so the
 * first press only asks, naming what would go.
 */
export function DeleteButton({ what, onDelete, quiet }: { what: string; onDelete: () => void; quiet?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      // quiet: beside the button a person mostly wants (Open), Delete does not draw the eye as much
      <button type="button" className={quiet ? 'quiet' : undefined} onClick={() => setAsking(true)}>
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
