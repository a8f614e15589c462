import type { Fingerprint } from '../../shared/fingerprint';
import type { RecorderTarget } from '../../shared/recorder-target';
import type { WorkflowAction } from '../../shared/workflow';
import { targetLooksSecret } from '../rules';
import type { VariableNamer } from '../variables';
import type { RecorderStep, Selector } from './schema';
import { expressionAsWait } from './expression-wait';
import { fingerprintFromSelectors } from './selectors';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);
const KNOWN_PREFIX = new Set(['aria', 'text', 'xpath', 'pierce']);
const BUTTONS = { primary: 'left', auxiliary: 'middle', secondary: 'right' } as const;

/** One Recorder step turned into a workflow action (with what of it is not honoured), or the reason it is left out or refused. */
export type Converted =
  | { kind: 'action'; action: WorkflowAction; fp?: Fingerprint; recorder?: RecorderTarget; note?: string }
  | { kind: 'skip'; note?: string }
  | { kind: 'refuse'; message: string };

export interface ConvertContext {
  namer: VariableNamer;
  /** modifier keys held down by earlier keyDown steps */
  held: string[];
  flowTimeout?: number;
  selectorAttribute?: string;
  /** the file's values for the secret variables: offered for one run if the person agrees, never stored */
  literals: Record<string, string>;
}

/** A selector part with a `kind/` prefix this format does not define (`foo/bar`). */
export function unknownSelectorKind(selectors: Selector[]): string | undefined {
  for (const s of selectors) {
    for (const part of Array.isArray(s) ? s : [s]) {
      const m = /^([a-z][\w-]*)\//i.exec(part);
      if (m && !KNOWN_PREFIX.has(m[1]!)) return part;
    }
  }
  return undefined;
}

/**
 * Password, card and code fields, judged as the import rules judge a target (its name, label, id,
 * name attribute), plus a selector that says `type="password"` (kept as the element's input type).
 */
export function selectorsLookSecret(fp: Fingerprint | undefined, selectors: Selector[]): boolean {
  if (!fp) return false;
  if (selectors.flat().some((p) => /type=["']?password/i.test(p))) fp.inputType = 'password';
  return targetLooksSecret(fp);
}

export const selectorsOf = (s: RecorderStep): Selector[] => (s as { selectors?: Selector[] }).selectors ?? [];

function target(s: RecorderStep, ctx: ConvertContext, extra: Partial<RecorderTarget> = {}): RecorderTarget {
  const timeout = s.timeout ?? ctx.flowTimeout ?? 5_000;
  return { selectors: selectorsOf(s), frame: s.frame ?? [], timeoutMs: Math.min(60_000, Math.max(1, Math.round(timeout))), learned: false, ...extra };
}

/** A literal this short may be typed twice by chance (a PIN and a quantity); a repeated password is not. */
const CONFIRM_MIN_LENGTH = 6;

/**
 * The secret variable whose value the file typed before, typed again: the "confirm password"
 * field of a pair, whether its selectors name a password (then a secret of its own would be asked
 * twice at Run) or not (`#verify`: it would be a plain variable, the password shown in the Run
 * form). A field whose selectors do not say secret is taken as a password field only for a value
 * long enough not to repeat by chance, and not when they name another input type; the replay
 * checks that the page marks it secret.
 */
function secretTypedAgain(ctx: ConvertContext, value: string, secret: boolean, fp: Fingerprint | undefined): string | undefined {
  if (!value || (!secret && (value.length < CONFIRM_MIN_LENGTH || !!fp?.inputType))) return undefined;
  return Object.entries(ctx.literals).find(([, literal]) => literal === value)?.[0];
}

/** The workflow action for one Recorder step (navigate and the whole-file checks are the caller's). */
export function convertStep(s: RecorderStep, ctx: ConvertContext): Converted {
  const sels = selectorsOf(s);
  const fp = sels.length ? fingerprintFromSelectors(sels, s.frame, ctx.selectorAttribute) : undefined;
  switch (s.type) {
    case 'navigate':
      return { kind: 'action', action: { kind: 'navigate', url: s.url } };
    case 'click':
    case 'doubleClick': {
      if (s.button === 'back' || s.button === 'forward') return { kind: 'skip', note: `a click with the mouse's ${s.button} button is not replayed (the extension clicks with left, middle or right)` };
      const button = s.button ? BUTTONS[s.button] : undefined;
      const action: WorkflowAction = s.type === 'click' ? { kind: 'click' } : { kind: 'double_click' };
      const modifiers = ctx.held.filter((k): k is 'Alt' | 'Control' | 'Meta' | 'Shift' => MODIFIERS.has(k));
      const unheld = [s.deviceType && s.deviceType !== 'mouse' ? `its ${s.deviceType} input is replayed as a mouse click` : '', s.duration ? `it is not held down for ${s.duration} ms` : ''].filter(Boolean);
      const note = unheld.length ? unheld.join('; ') : undefined;
      return { kind: 'action', action, fp, note, recorder: target(s, ctx, { ...(button && button !== 'left' ? { button } : {}), ...(modifiers.length ? { modifiers: [...modifiers] } : {}) }) };
    }
    case 'hover':
      return { kind: 'action', action: { kind: 'hover' }, fp, recorder: target(s, ctx) };
    case 'change': {
      // A Recorder file carries typed passwords in clear; they become secrets and are not kept.
      const secret = selectorsLookSecret(fp, s.selectors);
      const again = secretTypedAgain(ctx, s.value, secret, fp);
      if (again) {
        // a confirmation of the password typed before: the same secret, asked once at Run
        if (fp && !secret) fp.inputType = 'password';
        return { kind: 'action', action: { kind: 'type', value: `{{${again}}}` }, fp, recorder: target(s, ctx) };
      }
      const value = s.value ? (secret ? ctx.namer.add(fp, undefined, { secret: true }) : ctx.namer.add(fp, s.value)) : '';
      if (secret && value) ctx.literals[value.slice(2, -2)] = s.value;
      return { kind: 'action', action: { kind: 'type', value }, fp, recorder: target(s, ctx) };
    }
    case 'keyDown':
      if (MODIFIERS.has(s.key)) {
        ctx.held.push(s.key);
        return { kind: 'skip' };
      }
      return { kind: 'action', action: { kind: 'press', keys: [...ctx.held, s.key].join('+') } };
    case 'keyUp': {
      const at = ctx.held.lastIndexOf(s.key);
      if (at >= 0) ctx.held.splice(at, 1);
      return { kind: 'skip' };
    }
    case 'scroll':
      return { kind: 'action', action: { kind: 'scroll', x: s.x ?? 0, y: s.y ?? 0 }, fp, recorder: target(s, ctx) };
    case 'waitForElement': {
      const wait = { operator: s.operator ?? '>=', count: s.count ?? 1, visible: s.visible ?? true, properties: s.properties, attributes: s.attributes };
      const r = target(s, ctx, { wait });
      return { kind: 'action', action: { kind: 'wait', timeoutMs: r.timeoutMs }, fp, recorder: r };
    }
    case 'setViewport':
      return { kind: 'skip', note: `the viewport (${s.width}×${s.height}) is not set: the replay uses the tab as it is` };
    case 'close':
      return { kind: 'skip', note: 'closing the page is not replayed: the tab stays open' };
    case 'emulateNetworkConditions':
      return { kind: 'skip', note: 'network conditions are not emulated' };
    case 'waitForExpression':
      return expressionStep(s, ctx);
    case 'customStep':
      return { kind: 'refuse', message: `is a custom step ("${s.name}"), which only the tool that wrote it knows how to run` };
  }
}

/** A wait for a script expression: read as a count of elements when it is one, never run. */
function expressionStep(s: Extract<RecorderStep, { type: 'waitForExpression' }>, ctx: ConvertContext): Converted {
  const w = expressionAsWait(s.expression);
  if (!w) {
    return { kind: 'skip', note: "its wait for a script expression is not run: that would run the file's code in the page; the next step waits for its own element instead" };
  }
  const selectors = [[w.selector]];
  const r = { ...target(s, ctx, { wait: { operator: w.operator, count: w.count, visible: true } }), selectors };
  return { kind: 'action', action: { kind: 'wait', timeoutMs: r.timeoutMs }, fp: fingerprintFromSelectors(selectors, s.frame, ctx.selectorAttribute), recorder: r };
}
