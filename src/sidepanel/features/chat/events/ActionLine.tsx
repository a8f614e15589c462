import type { EventRecord } from '../../../../storage/db';

/**
 * Where an action stands: asked and not answered, allowed, refused, going on now (no answer from
 * the page yet), or not done (it failed, or the run ended first). Only an action the page confirmed
 * reads in the past tense.
 */
export type GateState = 'waiting' | 'allowed' | 'refused' | 'not_done' | 'now';

// "asked below", not "waiting for you": the header says the run waits, the card below asks; the line says which step it is
export const GATE_TAG: Partial<Record<GateState, string>> = { waiting: 'Asked below: ', refused: 'Refused: ', not_done: 'Not done: ', now: 'Now: ' };

/** An action with the element it touched, as the page model showed it; a gated one reads as asked, not done. */
export function ActionLine({ event, gate }: { event: Extract<EventRecord, { type: 'action' }>; gate?: GateState }) {
  const a = event.action;
  const value = 'text' in a ? ` “${a.text}”` : 'values' in a ? ` “${a.values.join(', ')}”` : 'keys' in a ? ` ${a.keys}` : 'url' in a ? ` ${a.url}` : '';
  const tag = gate && GATE_TAG[gate];
  const verb = a.kind.replace('_', ' ');
  return (
    <li className={`ev action small ${tag ? 'gated' : ''}`} data-kind={a.kind} data-gate={gate ?? ''}>
      {tag ? (
        <>
          <span className="gate-tag">{tag}</span>
          {verb}
        </>
      ) : (
        <b>{verb}</b>
      )}
      {value}
      {event.line && <code className="el">{event.line}</code>}
      {event.replayed && <span className="tag">replayed</span>}
      {event.forced && <span className="tag">correction</span>}
    </li>
  );
}
