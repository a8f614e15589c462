import type { ConfirmAnswer, ConfirmRequest } from '../../shared/run-events';
import type { UserPort } from '../../agent/ports';
import { answerWait, endWaits, waitFor } from '../runs/waits';

/**
 * The agent waits on the person here. A safety question and a hand-off are stored as they wait
 * (../runs/waits.ts), so an answer given across a worker restart reaches the resumed run; a
 * free-text answer may hold a secret (a code) and is kept in memory only: after a restart the run
 * asks for it again.
 */
type Typed = { resolve: (value: string) => void };
const typed = new Map<string, Typed>();

/** A question asked again after a restart reads the same: its category, action, element and address (not its id). */
const sameQuestion = (r: ConfirmRequest) => JSON.stringify([r.category, r.action, r.elementLine, r.url]);

export function userBridge(runId: string): UserPort {
  return {
    confirm: (request: ConfirmRequest) => waitFor(runId, 'confirm', request.id, sameQuestion(request)) as Promise<ConfirmAnswer>,
    handoff: async (reason: string) => void (await waitFor(runId, 'handoff', `${runId}-handoff`, reason)),
    ask: () => new Promise((resolve) => typed.set(runId, { resolve })),
  };
}

/** The person's answer to a safety question (by the card's id) or the Done of a hand-off; false when nothing of the run waits for it. */
export const settle = (runId: string, kind: 'confirm' | 'handoff', value: string, id?: string): Promise<boolean> => answerWait(runId, kind, value, id);

/** The person's typed answer to the agent's question; false when none is pending (e.g. after a restart). */
export function settleAnswer(runId: string, text: string): boolean {
  const t = typed.get(runId);
  if (!t) return false;
  typed.delete(runId);
  t.resolve(text);
  return true;
}

/** Drops what a stopped run was waiting for, resolving it so the agent's promise chain can end. */
export async function abandon(runId: string): Promise<void> {
  settleAnswer(runId, '');
  await endWaits(runId, (kind) => (kind === 'confirm' ? 'refuse' : ''));
}
