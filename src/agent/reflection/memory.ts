import type { AgentAction } from '../../shared/action';
import { traitsOf } from '../../shared/action-kinds';
import type { ReflectionMemory } from '../run-state';
import { actionLine } from '../../core/actions/validate';

/**
 * Structured reflection memory (Algorithm 1 of the structured-reflection paper), kept as plain
 * JSON inside the run: a correction per step index, and per index the actions already found wrong.
 */

export const emptyMemory = (): ReflectionMemory => ({ corrections: {}, disabled: {} });

const same = (a: AgentAction, b: AgentAction) => actionLine(a) === actionLine(b);

export function disabledAt(memory: ReflectionMemory, index: number): AgentAction[] {
  return memory.disabled[String(index)] ?? [];
}

export function isDisabled(memory: ReflectionMemory, index: number, action: AgentAction): boolean {
  return disabledAt(memory, index).some((d) => same(d, action));
}

/** The correction to force at this step, unless it was itself tried and found wrong. */
export function forcedAt(memory: ReflectionMemory, index: number): AgentAction | undefined {
  const entry = memory.corrections[String(index)];
  if (!entry || isDisabled(memory, index, entry.correction)) return undefined;
  return entry.correction;
}

/**
 * Element ids to hide from the page at this step. Only click-like actions are enforced through the
 * page: typing and keys cannot be meaningfully hidden, so for those the forced correction is the
 * only lever.
 */
export function hiddenIdsAt(memory: ReflectionMemory, index: number): number[] {
  const ids = disabledAt(memory, index)
    .filter((a) => traitsOf(a.kind)?.hideable)
    .map((a) => ('id' in a ? a.id : undefined))
    .filter((id): id is number => id !== undefined);
  return [...new Set(ids)];
}

/**
 * Records that step `index` should have been `correction` instead of `wrong`: the wrong action
 * joins the disabled set for that index, the correction replaces any earlier one there, and every
 * entry after the index is cleared because it was learned on a path that no longer happens.
 */
export function applyCorrection(
  memory: ReflectionMemory,
  index: number,
  wrong: AgentAction | null,
  correction: AgentAction,
  reason: string,
): ReflectionMemory {
  const next: ReflectionMemory = {
    corrections: { ...memory.corrections },
    disabled: { ...memory.disabled },
  };
  const key = String(index);
  const disabled = [...(next.disabled[key] ?? [])];
  const previous = next.corrections[key];
  // A correction already stored here led to another failure at this same step: it joins the
  // disabled set too, so two wrong actions cannot take turns forever.
  for (const action of [wrong, previous?.correction ?? null]) {
    if (action && !disabled.some((d) => same(d, action))) disabled.push(action);
  }
  if (disabled.length) next.disabled[key] = disabled;
  next.corrections[key] = { wrong, correction, reason };
  for (const k of Object.keys(next.corrections)) if (Number(k) > index) delete next.corrections[k];
  for (const k of Object.keys(next.disabled)) if (Number(k) > index) delete next.disabled[k];
  return next;
}
