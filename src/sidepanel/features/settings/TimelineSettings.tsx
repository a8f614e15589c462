import { setShowDetails, useShowDetails } from '../chat/timeline/show-details';

/** For developers: open every step with its raw record. Takes effect at once; it is this panel's own choice. */
export function TimelineSettings() {
  const on = useShowDetails();
  return (
    <fieldset>
      <legend>Timeline</legend>
      <label>
        <input type="checkbox" name="show-details" checked={on} onChange={(e) => setShowDetails(e.target.checked)} /> Show details
      </label>
      <p className="muted small">Opens every step with the model's own text, the page elements it acted on, what changed on the page and the tokens used.</p>
    </fieldset>
  );
}
