import type { RunState } from '../run-state';

/**
 * What the person refused in this run, so the same question is not put to them again at once:
 * a model that retries the click it was refused would otherwise bring the card straight back.
 * A refusal holds until the person says something new (a message in the chat or one added while
 * the run works): then the model may have been told to try again, and the question is asked.
 */
export function refusalKey(run: RunState, question: { category: string; to: string; description: string; sends?: { to: string } }): string {
  const said = run.history.length + run.followUps.length;
  return JSON.stringify([said, question.category, question.to, question.sends?.to ?? '', question.description]);
}

export function wasRefused(run: RunState, key: string): boolean {
  return run.refusals.includes(key);
}

export function noteRefusal(run: RunState, key: string): void {
  if (!run.refusals.includes(key)) run.refusals.push(key);
}
