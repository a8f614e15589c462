import { db } from '../../storage/db';
import type { WaitRecord } from '../../storage/db';

/**
 * How a run waits for the person: a question is stored (db.waits) as well as awaited, so that an
 * answer is not lost to a worker restart. A worker stopped while a card was up starts again when
 * the person presses Allow on it; the run resumes from its last saved step and asks the same
 * question again, under a new id. The answer to the first card is kept and given to that second
 * asking, so the person is not asked twice and nothing is refused for a card they did answer.
 *
 * Only answers without secrets are stored: allow / refuse and "done" after a hand-off. A free-text
 * answer (which can be a code) is kept in memory only; after a restart the run asks for it again.
 */
type Kind = WaitRecord['kind'];
type Waiter = { runId: string; kind: Kind; same: string; resolve: (answer: string) => void };

const waiters = new Map<string, Waiter>();

async function drop(runId: string, kind: Kind, same: string): Promise<void> {
  await db().waits.where('runId').equals(runId).filter((w) => w.kind === kind && w.same === same).delete();
}

/**
 * Waits for the person's answer to a question. `same` is what is asked, the same when the run asks
 * it again after a restart; an answer stored for it is taken at once. Asking something else drops
 * what was stored for earlier questions: an answer never reaches a question it was not given to.
 * The waiter is in place before anything is read, so a Stop that comes at once still ends it.
 */
export function waitFor(runId: string, kind: Kind, id: string, same: string): Promise<string> {
  let resolve!: (answer: string) => void;
  const answer = new Promise<string>((r) => (resolve = r));
  const waiter: Waiter = { runId, kind, same, resolve };
  waiters.set(id, waiter);
  const stored = (async () => {
    const earlier = await db().waits.where('runId').equals(runId).toArray();
    const answered = earlier.find((w) => w.kind === kind && w.same === same && w.answer !== undefined);
    const stale = earlier.filter((w) => w.same !== same || w.kind !== kind).map((w) => w.id);
    if (stale.length) await db().waits.bulkDelete(stale);
    if (answered && waiters.get(id) === waiter) {
      waiters.delete(id);
      resolve(answered.answer!);
      return;
    }
    // answered or ended while the earlier questions were read: nothing to keep
    if (waiters.get(id) === waiter) await db().waits.put({ id, runId, kind, same, askedAt: Date.now() });
  })();
  // what was stored goes once the question is answered, however the answer came
  return answer.finally(() => void stored.then(() => drop(runId, kind, same)).catch((e: unknown) => console.error('could not keep or drop a question', e)));
}

function waiterFor(runId: string, kind: Kind, id: string | undefined, same: string | undefined): [string, Waiter] | undefined {
  for (const entry of waiters) {
    const [key, w] = entry;
    if (w.runId !== runId || w.kind !== kind) continue;
    if (id === undefined || key === id || (same !== undefined && w.same === same)) return entry;
  }
  return undefined;
}

/**
 * The person's answer. It reaches the question waiting in this worker (by its id, or the same
 * question asked again after a restart); with none waiting yet, it is stored for the run's next
 * asking of that question. False when no such question is known: the card was for a run that has
 * moved on. `id` undefined: the run's question of that kind, whichever it is (a hand-off's Done).
 */
export async function answerWait(runId: string, kind: Kind, answer: string, id?: string): Promise<boolean> {
  const stored = id === undefined ? await db().waits.where('runId').equals(runId).filter((w) => w.kind === kind).last() : await db().waits.get(id);
  const record = stored && stored.runId === runId && stored.kind === kind ? stored : undefined;
  const found = waiterFor(runId, kind, id, record?.same);
  if (found) {
    waiters.delete(found[0]);
    found[1].resolve(answer);
    return true;
  }
  if (!record || record.answer !== undefined) return false;
  await db().waits.update(record.id, { answer });
  return true;
}

/** Ends what a stopped or finished run was waiting for: `answer` to each waiting question, and nothing kept. */
export async function endWaits(runId: string, answer: (kind: Kind) => string): Promise<void> {
  for (const [key, w] of waiters) {
    if (w.runId !== runId) continue;
    waiters.delete(key);
    w.resolve(answer(w.kind));
  }
  await db().waits.where('runId').equals(runId).delete();
}
