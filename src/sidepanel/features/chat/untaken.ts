import type { EventRecord } from '../../../storage/db';
import { actionInWords, elementName, fieldCheckInWords } from '../../../shared/plain-words';
import { actionOutcomes } from './action-outcomes';

/**
 * The actions of a run that did not take effect (their observation failed: a field that stayed
 * empty, an element that was gone, a request refused) and were not done later in the same words:
 * a run the model calls done may still have left one undone, and its result card says so rather
 * than "Done" alone.
 */
export function untakenActions(events: EventRecord[], runId: string): string[] {
  const mine = events.filter((e) => e.runId === runId);
  const outcomes = actionOutcomes(mine);
  const actions = mine.filter((e): e is Extract<EventRecord, { type: 'action' }> => e.type === 'action').sort((a, b) => a.time - b.time || (a.id ?? 0) - (b.id ?? 0));
  const words = actions.map((a) => actionInWords(a.action, a.line, 'ask'));
  const outcome = actions.map((a) => outcomes.get(`e${a.id}`));
  const out: string[] = [];
  actions.forEach((_, i) => {
    if (outcome[i] !== 'failed') return;
    const doneLater = actions.some((__, j) => j > i && words[j] === words[i] && (outcome[j] === 'done' || outcome[j] === 'by_person'));
    if (!doneLater && !out.includes(words[i]!)) out.push(words[i]!);
  });
  return out;
}

/**
 * The fields of a run that do not show what was typed into them (field_check events), unless the
 * run typed into the same field again after the finding: the result card says them under "Done".
 */
export function fieldsNotAsTyped(events: EventRecord[], runId: string): string[] {
  const mine = events.filter((e) => e.runId === runId).sort((a, b) => a.time - b.time || (a.id ?? 0) - (b.id ?? 0));
  const out: string[] = [];
  mine.forEach((e, i) => {
    if (e.type !== 'field_check') return;
    const name = elementName(e.line);
    const typedAgain = mine.slice(i + 1).some((a) => a.type === 'action' && a.action.kind === 'type' && elementName(a.line) === name);
    const words = fieldCheckInWords(e);
    if (!typedAgain && !out.includes(words)) out.push(words);
  });
  return out;
}
