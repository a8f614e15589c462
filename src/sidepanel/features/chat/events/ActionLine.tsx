import type { EventRecord } from '../../../../storage/db';

/** An action with the element it touched, as the page model showed it. */
export function ActionLine({ event }: { event: Extract<EventRecord, { type: 'action' }> }) {
  const a = event.action;
  const value = 'text' in a ? ` “${a.text}”` : 'values' in a ? ` “${a.values.join(', ')}”` : 'keys' in a ? ` ${a.keys}` : 'url' in a ? ` ${a.url}` : '';
  return (
    <li className="ev action small" data-kind={a.kind}>
      <b>{a.kind.replace('_', ' ')}</b>
      {value}
      {event.line && <code className="el">{event.line}</code>}
      {event.replayed && <span className="tag">replayed</span>}
      {event.forced && <span className="tag">correction</span>}
    </li>
  );
}
