import { AgentAction } from '../shared/action';
import type { z } from 'zod';
import type { DemoStep, RecordedAction, StepLabel } from '../shared/demonstration';
import type { PlanStep } from '../shared/run-events';
import { actionLine } from '../core/actions/validate';
import { lineOf } from './abstract';

/**
 * Recorded steps in the agent's own terms: action lines in its plain grammar (`click 12`,
 * `type 7 "Boston"`), and, when a demonstration has no labels (the labelling call failed or has
 * not run), policy calls derived from the steps themselves. A secret is never a value here: the
 * step becomes a question to the person, as the agent's own rules require.
 */

export function secretPrompt(step: DemoStep): string {
  return `the ${(step.variable ?? 'secret').replace(/_/g, ' ')} (the person types it)`;
}

function rawAction(step: DemoStep): z.input<typeof AgentAction> {
  const a: RecordedAction = step.action;
  switch (a.kind) {
    case 'click':
      return { kind: 'click', id: a.id };
    case 'type':
      return a.secret ? { kind: 'ask_user', question: `Please type ${secretPrompt(step)} into field ${a.id}.` } : { kind: 'type', id: a.id, text: a.value };
    case 'select':
      return { kind: 'select', id: a.id, values: a.values };
    case 'check':
      return { kind: 'check', id: a.id, checked: a.checked };
    case 'press':
      return a.id === undefined ? { kind: 'press', keys: a.keys } : { kind: 'press', id: a.id, keys: a.keys };
    case 'navigate':
      return { kind: 'navigate', url: a.url };
    case 'upload':
      // the example shows the recorded file's name; a run uploads a file its person attached
      return { kind: 'upload', id: a.id, file: a.file };
  }
}

export function stepLine(step: DemoStep): string {
  return actionLine(AgentAction.parse(rawAction(step)));
}

export function targetId(step: DemoStep): number | undefined {
  return 'id' in step.action ? step.action.id : undefined;
}

const unquote = (s: string) => s.replace(/^"|"$/g, '');

/** How a person would name the element: its label, accessible name or text, else what the page line shows. */
export function targetName(step: DemoStep): string {
  const t = step.target;
  const fromPrint = t ? t.label || t.name || t.text || t.placeholder || '' : '';
  if (fromPrint.trim()) return fromPrint.trim();
  const id = targetId(step);
  const line = id === undefined ? undefined : lineOf(step.page, id);
  if (!line) return '';
  const label = /\blabel=("[^"]*"|\S+)/.exec(line)?.[1];
  if (label) return unquote(label);
  return line.replace(/^<[^>]*>/, '').replace(/<\/[\w-]+>$/, '').trim();
}

/** The policy call one step would be on its own, or null for steps that need no call (navigation, keys). */
function callOf(step: DemoStep): PlanStep | null {
  const a = step.action;
  const target = targetName(step);
  switch (a.kind) {
    case 'type': {
      const dateField = step.target?.inputType === 'date';
      const value = a.secret ? `(${secretPrompt(step)})` : a.value;
      return { policy: dateField ? 'CHOOSE_DATE' : 'FILL_TEXT', target, value };
    }
    case 'click':
      return { policy: 'CLICK', target, value: '' };
    case 'select':
      return { policy: 'SELECT', target, value: a.values.join(', ') };
    case 'check':
      return { policy: 'CHECK', target, value: a.checked ? '' : 'off' };
    case 'upload':
      return { policy: 'UPLOAD_FILE', target, value: a.file };
    case 'press':
    case 'navigate':
      return null;
  }
}

/**
 * Labels derived from the steps alone: one call per step, a key press joins the call before it
 * (Enter after typing a search), navigations join nothing. Used when the labelling call failed.
 */
export function derivedLabels(steps: DemoStep[]): StepLabel[] {
  const labels: StepLabel[] = [];
  steps.forEach((step, i) => {
    const call = callOf(step);
    if (call) labels.push({ call, steps: [i] });
    else if (step.action.kind === 'press' && labels.length) labels.at(-1)?.steps.push(i);
  });
  return labels;
}

/** The same as targetId, under the name label.ts uses. */
export const touchedId = targetId;
