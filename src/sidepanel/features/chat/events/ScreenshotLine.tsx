import type { EventRecord } from '../../../../storage/db';

/** "Sent a screenshot of the page (a canvas covers 25% of the visible area); 2 secret fields blacked out". */
export function ScreenshotLine({ event: e }: { event: Extract<EventRecord, { type: 'screenshot' }> }) {
  const hidden = e.blackedOut ? `; ${e.blackedOut} secret field${e.blackedOut === 1 ? '' : 's'} blacked out` : '';
  return (
    <li className="ev muted small" data-testid="screenshot-sent">
      Sent a screenshot of the page to the model ({e.reason}){hidden}
    </li>
  );
}
