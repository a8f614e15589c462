import type { DemoStep } from '../../shared/demonstration';
import { inputType } from '../page-model/dom';
import { isSecret } from '../page-model/secrets';
import { stepIn, targetIn, viewNow, type CaptureState, type Pending } from './capture-state';
import { secretVariable } from './secret-variable';
import { hasValue, itemFor, secretDigest, typedValue } from './targets';

/** The step of a field typed in, or nothing when its value is as it was. A secret's value stays in the page. */
export function typingStep(s: CaptureState, p: Pending): DemoStep | undefined {
  const { item, id, fp } = targetIn(p.field, p.view);
  if (isSecret(p.field, item?.name ?? '')) {
    // the value stays in the page: only that something was typed, and what to ask for at replay
    if (!hasValue(p.field) || secretDigest(p.field) === p.initial) return undefined;
    const words = [p.field.getAttribute('name'), p.field.id, p.field.getAttribute('placeholder'), p.field.getAttribute('aria-label'), item?.name].join(' ');
    const variable = secretVariable({ inputType: inputType(p.field), autocomplete: p.field.getAttribute('autocomplete') ?? '', words });
    return stepIn(s, p.view, { kind: 'type', id, value: '', secret: true }, fp, variable);
  }
  const value = typedValue(p.field);
  if (value === p.initial) return undefined;
  return stepIn(s, p.view, { kind: 'type', id, value, secret: false }, fp);
}

/** The field being typed in, if any, is done: its step is taken and emitted. */
export function finishTyping(s: CaptureState): void {
  if (!s.pending) return;
  const p = s.pending;
  s.pending = undefined;
  const step = typingStep(s, p);
  if (step) s.emitter.emit(step);
}

/** The field as it was when it got focus: typing may fire no beforeinput, so the first edit is too late. */
export function fieldAsIs(s: CaptureState, field: Element): Pending {
  const v = viewNow(s);
  const secret = isSecret(field, itemFor(field, v)?.name ?? '');
  return { field, view: v, initial: secret ? secretDigest(field) : typedValue(field) };
}

export function beginTyping(s: CaptureState, field: Element): void {
  if (s.pending?.field === field) return;
  finishTyping(s);
  s.pending = s.focused?.field === field ? s.focused : fieldAsIs(s, field);
  s.focused = undefined;
}
