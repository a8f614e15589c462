import type { RunEvent } from '../../../../shared/run-events';
import { outcomeOf, stopInWords } from '../../../../shared/plain-words';

type Of<K extends RunEvent['type']> = Extract<RunEvent, { type: K }>;

/** The run's own last word, coloured by what really happened ("I can't do it" is not a success). */
export function DoneLine({ event: e }: { event: Of<'done'> }) {
  const end = outcomeOf(e);
  return (
    <li className={`ev done ${end === 'done' ? 'ok' : 'error'}`} data-end={end}>
      {e.summary || (e.success ? 'Done.' : 'Could not finish the task.')}
    </li>
  );
}

/** A replay's first line: the workflow and the values it runs with. */
export function ReplayStartedLine({ event: e }: { event: Of<'replay_started'> }) {
  const values = Object.entries(e.values);
  return (
    <li className="ev policy small" data-testid="replay-started">
      ▶ Replaying “{e.name}” ({e.steps} steps){values.length > 0 && ` with ${values.map(([k, v]) => `${k} = ${v}`).join(', ')}`}
    </li>
  );
}

/** A run that stopped: "You stopped it." when the person did, said once; another reason as given. */
export function StoppedLine({ event: e }: { event: Of<'stopped'> }) {
  return (
    <li className="ev muted small" data-end="stopped">
      {e.reason && !/^stopped by you\.?$/i.test(e.reason) ? `Stopped: ${e.reason}` : e.reason ? stopInWords(e.reason) : 'Stopped.'}
    </li>
  );
}
