import type { EventRecord } from '../../../../storage/db';
import { stepInWords } from '../../../../shared/plain-words';

/** A plan as the person reads it: each step in words ("Tick Spinach"), the model's reason for it first. */
export function PlanCard({ event }: { event: Extract<EventRecord, { type: 'plan' }> }) {
  return (
    <li className="ev plan">
      <div className="small muted">
        {event.planNo > 0 ? 'The new plan' : 'The plan'}
        {event.reasoning && `: ${event.reasoning}`}
      </div>
      <ol className="small">
        {event.steps.map((s, i) => (
          <li key={i}>{stepInWords(s)}</li>
        ))}
      </ol>
    </li>
  );
}
