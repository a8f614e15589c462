import { useEffect, useState } from 'react';
import { toolbarPlace } from '../../../platform/toolbar-pin';

const DISMISSED = 'copilot.pinTipDismissed';

/**
 * On an empty chat, while the icon is not on the toolbar: where to find the co-pilot again once
 * this panel is closed. Said until it is pinned or the person closes the tip.
 */
export function PinTip() {
  const [place, setPlace] = useState<{ pinned: boolean; shortcut: string } | null>(null);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1');
  useEffect(() => void toolbarPlace().then(setPlace, () => setPlace(null)), []);
  if (dismissed || !place || place.pinned) return null;
  return (
    <div className="card tip small" data-testid="pin-tip">
      <p>
        To find the co-pilot again after closing this panel, pin it from the Extensions menu (the puzzle piece right of the address bar)
        {place.shortcut ? (
          <>
            , or press <kbd>{place.shortcut}</kbd>
          </>
        ) : null}
        .
      </p>
      <button
        className="link"
        onClick={() => {
          localStorage.setItem(DISMISSED, '1');
          setDismissed(true);
        }}
      >
        Got it
      </button>
    </div>
  );
}
