import type { EventRecord, RunRecord } from '../../../storage/db';

export const LIVE_STATUSES = ['running', 'paused', 'waiting'];

type Of<T extends EventRecord['type']> = Extract<EventRecord, { type: T }>;

/**
 * What the panel pins above the composer: the one thing the agent waits for from the person, or,
 * once the chat's latest run has ended, how it ended. `eventId` keys the timeline entry shown there,
 * so the timeline shows a short line in its place instead of a second copy.
 */
export type Waiting =
  | { kind: 'confirm'; key: string; event: Of<'confirmation_needed'> }
  | { kind: 'handoff'; key: string; event: Of<'handoff'> }
  | { kind: 'question'; key: string; event: Of<'question'> }
  | { kind: 'resume'; key: string; event: Of<'error'> }
  | { kind: 'final'; key: string; event: Of<'done'> | Of<'error'> | Of<'stopped'> };

const byTime = (a: EventRecord, b: EventRecord) => a.time - b.time || (a.id ?? 0) - (b.id ?? 0);
const keyOf = (e: EventRecord) => `e${e.id}`;

/** The chat's open question to the person, or its latest run's ending; undefined while it simply works. */
export function waitingFor(events: EventRecord[], runs: RunRecord[]): Waiting | undefined {
  const live = new Set(runs.filter((r) => LIVE_STATUSES.includes(r.status)).map((r) => r.runId));
  const sorted = [...events].sort(byTime);
  const answered = new Set(sorted.flatMap((e) => (e.type === 'confirmation_answered' ? [e.requestId] : [])));
  const openHandoffs = new Map<string, Of<'handoff'>>();
  for (const e of sorted) {
    if (e.type !== 'handoff') continue;
    if (e.phase === 'started') openHandoffs.set(e.runId, e);
    else openHandoffs.delete(e.runId);
  }
  for (const e of [...sorted].reverse()) {
    if (!live.has(e.runId)) continue;
    if (e.type === 'confirmation_needed' && !answered.has(e.request.id)) return { kind: 'confirm', key: keyOf(e), event: e };
    if (e.type === 'handoff' && openHandoffs.get(e.runId) === e) return { kind: 'handoff', key: keyOf(e), event: e };
    if (e.type === 'question' && e.answer === undefined) return { kind: 'question', key: keyOf(e), event: e };
  }
  if (live.size) return undefined;
  const end = [...sorted].reverse().find((e): e is Of<'done'> | Of<'error'> | Of<'stopped'> => e.type === 'done' || e.type === 'error' || e.type === 'stopped');
  if (!end) return undefined;
  // a run that ended on a resumable error is the person's to resume: it is what the panel waits for
  // (a replay's events share the chat but not the runs table: the Workflows view resumes those)
  const run = runs.find((r) => r.runId === end.runId);
  if (end.type === 'error' && end.resumable && run?.status === 'error') return { kind: 'resume', key: keyOf(end), event: end };
  return { kind: 'final', key: keyOf(end), event: end };
}

/**
 * For each gated action, whether the person has answered its confirmation yet: the action event
 * comes just before its `confirmation_needed`, and is shown as waiting, not as done, until allowed.
 */
export function gateStates(events: EventRecord[]): Map<string, 'waiting' | 'allowed' | 'refused'> {
  return gateLinks(events).states;
}

/**
 * The confirmations that belong to a step of the timeline (an action line that says it is asked
 * below), by event key: while pinned, such a question needs no line of its own.
 */
export function askedOnAStep(events: EventRecord[]): Set<string> {
  return gateLinks(events).onStep;
}

function gateLinks(events: EventRecord[]) {
  const sorted = [...events].sort(byTime);
  const answers = new Map(sorted.flatMap((e) => (e.type === 'confirmation_answered' ? [[e.requestId, e.answer] as const] : [])));
  const states = new Map<string, 'waiting' | 'allowed' | 'refused'>();
  const onStep = new Set<string>();
  const lastAction = new Map<string, EventRecord>();
  for (const e of sorted) {
    if (e.type === 'action') lastAction.set(e.runId, e);
    else if (e.type === 'confirmation_needed') {
      const action = lastAction.get(e.runId);
      if (!action) continue;
      const a = answers.get(e.request.id);
      states.set(keyOf(action), a === undefined ? 'waiting' : a === 'refuse' ? 'refused' : 'allowed');
      onStep.add(keyOf(e));
    } else if (e.type !== 'thought' && e.type !== 'usage' && e.type !== 'text_delta') lastAction.delete(e.runId);
  }
  return { states, onStep };
}
