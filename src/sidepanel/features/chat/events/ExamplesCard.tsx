import type { EventRecord } from '../../../../storage/db';

type ExamplesEvent = Extract<EventRecord, { type: 'examples' }>;

/** Which of the person's demonstrations the agent is using as examples, and why. */
export function ExamplesCard({ event }: { event: ExamplesEvent }) {
  return (
    <li className="ev examples small" data-testid="examples">
      Using {event.examples.length === 1 ? 'your demonstration' : `${event.examples.length} of your demonstrations`} as examples:
      <ul>
        {event.examples.map((x) => (
          // how close a match it is stays behind the pointer: a number means nothing to a person
          <li key={x.id} title={`match ${x.score.toFixed(2)}`}>
            “{x.task}” <span className="muted">({x.site}{x.why && `: ${x.why}`})</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
