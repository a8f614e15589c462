import type { TrialRecord } from '../run-state';

/**
 * Tells progress from trouble by comparing page states between looks: the same state right after
 * actions is "no change"; a state seen earlier in the trial is a "cycle". Pure and persisted in
 * the trial, so a resumed run keeps counting where it was.
 */
export type StateVerdict = { kind: 'ok' } | { kind: 'no_change'; reason: string } | { kind: 'cycle'; reason: string };

export function observeState(trial: TrialRecord, key: string, noChangeLimit: number): StateVerdict {
  const stepsNow = trial.steps.length;
  const last = trial.seen[trial.seen.length - 1];
  const lastSteps = trial.lastLookSteps;
  trial.lastLookSteps = stepsNow;
  const acted = last !== undefined && stepsNow > lastSteps;
  if (!acted) {
    if (last !== key) trial.seen.push(key);
    return { kind: 'ok' };
  }
  if (last === key) {
    trial.noChangeStreak += 1;
    if (trial.noChangeStreak >= noChangeLimit) {
      return { kind: 'no_change', reason: `the last ${trial.noChangeStreak} rounds of actions did not change the page` };
    }
    return { kind: 'ok' };
  }
  trial.noChangeStreak = 0;
  if (trial.seen.includes(key)) return { kind: 'cycle', reason: 'the page came back to a state it was in before' };
  trial.seen.push(key);
  return { kind: 'ok' };
}

/** A short fingerprint of a page state: its address and an FNV-1a hash of its text. */
export function stateKey(url: string, text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${url}#${hash.toString(16)}`;
}
