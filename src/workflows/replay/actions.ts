import type { BrowserAction } from '../../shared/action';
import type { Fingerprint, MatchStrategy } from '../../shared/fingerprint';
import type { WorkflowAction, WorkflowStep } from '../../shared/workflow';
import { referencedNames } from '../fill';
import { norm } from '../text';
// the step's tab, entered before the step (tab-step.ts); here so the engine's imports stay as they are
export { enterStepTab } from './tab-step';

/** The executor's action for a filled workflow action on the element `id` (of tag `tag`). */
export function browserActionFor(action: WorkflowAction, id: number | undefined, tag: string): BrowserAction | undefined {
  if (id === undefined) return action.kind === 'press' ? { kind: 'press', keys: action.keys, repeat: 1 } : undefined;
  switch (action.kind) {
    case 'click':
      return { kind: 'click', id, button: 'left', modifiers: [] };
    case 'type':
      // a Chrome Recorder "change" on a <select> arrives as typing: choose the option instead
      return tag === 'select' ? { kind: 'select', id, values: [action.value] } : { kind: 'type', id, text: action.value, mode: 'replace' };
    case 'select':
      return { kind: 'select', id, values: action.values };
    case 'check':
      return { kind: 'check', id, checked: action.checked };
    case 'press':
      return { kind: 'press', id, keys: action.keys, repeat: 1 };
    case 'hover':
      return { kind: 'hover', id };
    case 'double_click':
      return { kind: 'double_click', id };
    case 'upload':
      return { kind: 'upload', id, file: action.file };
    default:
      return undefined;
  }
}

/**
 * A Chrome Recorder `change` into a field is typed by the page itself: the field focused with no
 * click, as Chrome's runner fills a field (the Recorder keeps a click into the field as a step of
 * its own), then its text inserted by the page's editing, one input event the browser marks
 * trusted where Chrome's runner presses keys, and a change event. No debugger is attached for it.
 * Our own recordings type as the person did: a trusted click into the field, then the text.
 */
export function typesInPage(step: WorkflowStep, action: BrowserAction): boolean {
  return !!step.recorder && action.kind === 'type';
}

const ORDER: [MatchStrategy, (fp: Fingerprint) => unknown][] = [
  ['testId', (fp) => fp.testId],
  ['domId', (fp) => fp.domId],
  ['role+name', (fp) => fp.name],
  ['label', (fp) => fp.label],
  ['nameAttr', (fp) => fp.nameAttr],
  ['text', (fp) => fp.text],
  ['placeholder', (fp) => fp.placeholder],
  ['css', (fp) => fp.css],
  ['xpath', (fp) => fp.xpath],
];

/** The most reliable strategy the recording offers; a match by any later one means the page changed. */
export function bestStrategy(fp: Fingerprint): MatchStrategy | undefined {
  return ORDER.find(([, has]) => has(fp))?.[0];
}

/** Whether a field's value shows what was typed (pages may reformat: spaces, dashes, case). */
export function valueShows(value: string, typed: string): boolean {
  const squash = (s: string) => norm(s).replace(/[^\p{L}\p{N}]+/gu, '');
  const v = squash(value);
  const t = squash(typed);
  if (!t) return true;
  return v === t || v.includes(t) || (v.length > 0 && t.includes(v));
}

/** The step types a value that holds one of the workflow's secret variables. */
export function typesSecret(step: WorkflowStep, secretNames: ReadonlySet<string>): boolean {
  return step.action.kind === 'type' && referencedNames(step.action.value).some((n) => secretNames.has(n));
}
