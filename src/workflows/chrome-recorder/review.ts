import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { hostOf } from '../text';

/** What an imported flow will do, in plain words, shown before it is saved. */
export interface ImportReview {
  site: string;
  startUrl: string;
  steps: string[];
  /** steps and fields the replay does not honour */
  notes: string[];
  /** steps that lead away from the start site */
  leaves: string[];
}

/** A label inside a sentence: "Password" → "password", while "PIN" stays as it is. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

function stepWords(s: WorkflowStep, w: Workflow): string {
  const shown = (text: string) =>
    text.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
      const v = w.variables.find((x) => x.name === name);
      return v?.secret ? `your ${inSentence(v.label || 'secret')} (asked at Run, never stored)` : `"${v?.default ?? ''}"`;
    });
  const a = s.action;
  if (a.kind === 'navigate') return `Open ${a.url}`;
  const words = shown(s.intent);
  const then = s.after.navigates ? ` — then the page changes${s.after.path ? ` to ${s.after.path}` : ''}` : '';
  if (a.kind === 'wait' && s.recorder?.wait) {
    const wt = s.recorder.wait;
    return `Wait up to ${s.recorder.timeoutMs / 1000} s until ${wt.visible ? '' : 'no '}${wt.operator} ${wt.count} element(s) match ${JSON.stringify(s.recorder.selectors[0])}`;
  }
  return words.charAt(0).toUpperCase() + words.slice(1) + then;
}

export function reviewOf(w: Workflow, notes: string[], warnings: string[]): ImportReview {
  return { site: w.site || hostOf(w.startUrl), startUrl: w.startUrl, steps: w.steps.map((s) => stepWords(s, w)), notes, leaves: warnings };
}
