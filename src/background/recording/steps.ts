import type { DemoStep } from '../../shared/demonstration';
import type { RecordingData } from '../../shared/messages/recording';
import { secretKind } from '../../core/secrets';

// Changes to a recording in progress, as pure functions over its data (unit-tested in Node).

/**
 * A step as it may be stored: a typed secret keeps no value whatever the page sent, so a fault in
 * the page's recorder cannot put a password into IndexedDB. The field's fingerprint is judged
 * again with the shared vocabulary, so a page that does not mark its CVV field is still caught.
 */
export function sanitized(step: DemoStep): DemoStep {
  const a = step.action;
  if (a.kind !== 'type') return step;
  const t = step.target;
  const kind = t ? secretKind({ type: t.inputType, name: t.nameAttr, id: t.domId, placeholder: t.placeholder, label: t.label, ariaLabel: t.name }) : undefined;
  if (!a.secret && !kind) return step;
  return { ...step, action: { ...a, value: '', secret: true }, variable: step.variable ?? kind ?? 'secret' };
}

/** Adds a step where its time puts it (steps from two page loads can arrive out of order). */
export function withStep(data: RecordingData, step: DemoStep): RecordingData {
  const steps = [...data.steps];
  let i = steps.length;
  while (i > 0 && steps[i - 1]!.at > step.at) i--;
  steps.splice(i, 0, sanitized(step));
  const lastUrl = step.action.kind === 'navigate' ? step.action.url : data.lastUrl;
  return { ...data, steps, lastUrl };
}

/** Removes step `index` if it is still the one the person saw (same time); else undefined. */
export function withoutStep(data: RecordingData, index: number, at: number): RecordingData | undefined {
  if (data.steps[index]?.at !== at) return undefined;
  return { ...data, steps: data.steps.filter((_, i) => i !== index) };
}

/**
 * A page loaded in the recorded tab: a new address is a navigation step (a reload is not). Its
 * page is the last one the recording saw, the observation before the navigation.
 */
export function withPageLoad(data: RecordingData, url: string, title: string, now: number): RecordingData {
  if (url === data.lastUrl) return data;
  const last = data.steps.at(-1);
  const at = Math.max(now, (last?.at ?? 0) + 1);
  const page = last?.page ?? data.first.page;
  return withStep(data, { at, url, title, action: { kind: 'navigate', url }, page });
}
