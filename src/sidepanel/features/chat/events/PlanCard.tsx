import type { EventRecord } from '../../../../storage/db';

export function PlanCard({ event }: { event: Extract<EventRecord, { type: 'plan' }> }) {
  return (
    <li className="ev plan">
      <div className="small muted">Plan{event.planNo > 0 ? ` (revised ${event.planNo})` : ''}: {event.reasoning}</div>
      <ol className="small">
        {event.steps.map((s, i) => (
          <li key={i}>
            <code>{s.policy}</code> {s.target && `“${s.target}”`} {s.value && `“${s.value}”`}
          </li>
        ))}
      </ol>
    </li>
  );
}
