import type { EventRecord } from '../../../storage/db';

/**
 * What became of each action line: the page's answer to it, so the timeline says "Typed Boston
 * into From" only once the executor reports it done (and, for typing, that the field shows it).
 * `done` and `failed` come from the action's observation (same run, same step); `by_person` from
 * a hand-off that followed it (the person types a secret); an action with neither is still going,
 * unless the run's next action came first (cut short by a worker restart: failed).
 */
export type ActionOutcome = 'done' | 'failed' | 'by_person';

const keyOf = (e: EventRecord) => `e${e.id}`;

export function actionOutcomes(events: EventRecord[]): Map<string, ActionOutcome> {
  const sorted = [...events].sort((a, b) => a.time - b.time || (a.id ?? 0) - (b.id ?? 0));
  const open = new Map<string, Extract<EventRecord, { type: 'action' }>>();
  const out = new Map<string, ActionOutcome>();
  for (const e of sorted) {
    if (e.type === 'action') {
      // the one before it never heard back (its worker stopped in the middle): it did not happen as said
      const cut = open.get(e.runId);
      if (cut) out.set(keyOf(cut), 'failed');
      open.set(e.runId, e);
    }
    const action = open.get(e.runId);
    if (!action) continue;
    if (e.type === 'observation' && e.step === action.step) {
      out.set(keyOf(action), e.ok ? 'done' : 'failed');
      open.delete(e.runId);
    } else if (e.type === 'handoff') {
      out.set(keyOf(action), 'by_person');
      open.delete(e.runId);
    }
  }
  return out;
}

/** Actions whose field does not show what they typed (field_check events), by run and step: their step gets no tick. */
export function offSteps(events: EventRecord[]): Set<string> {
  return new Set(events.flatMap((e) => (e.type === 'field_check' ? [`${e.runId}:${e.step}`] : [])));
}
