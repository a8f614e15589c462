import type { Fingerprint } from '../../shared/fingerprint';
import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { fillString } from '../fill';
import { parseUrl } from '../text';
import { exportSelectors } from './export-selectors';
import { targetOf } from './tabs';

export type Exported = { ok: true; text: string; warnings: string[] } | { ok: false; message: string };

export interface ExportOptions {
  /** values for the workflow's variables; a variable given none takes its recorded value */
  values?: Record<string, string>;
}

/** The viewport replays run in; Chrome's runner sets it first so that offsets land where recorded. */
export const EXPORT_VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false };

type RecorderJson = Record<string, unknown>;

/** Click point inside an element whose size was not recorded (an imported step not yet run here). */
const UNKNOWN_SIZE_OFFSET = 8;

/**
 * A workflow as a Chrome DevTools Recorder recording that Chrome's runner (`@puppeteer/replay`)
 * replays: variables take the values given (or their recorded ones); a secret variable is never
 * written out: its `change` step carries an empty value and a warning names it. Elements get
 * `aria/`, CSS, XPath and `text/` selectors, frames their index path, navigations an
 * `assertedEvents` entry so the runner waits for the next page.
 */
export function chromeRecordingFromWorkflow(w: Workflow, opts: ExportOptions = {}): Exported {
  const values: Record<string, string> = {};
  const warnings: string[] = [];
  for (const v of w.variables) {
    values[v.name] = v.secret ? '' : (opts.values?.[v.name] ?? v.default ?? '');
    if (v.secret) warnings.push(`"${v.label}" is a secret and is exported empty; fill it in the Recorder.`);
  }
  const steps: RecorderJson[] = [{ type: 'setViewport', ...EXPORT_VIEWPORT }];
  if (w.steps[0]?.action.kind !== 'navigate') steps.push(navigateStep(w.startUrl));
  const frameWarned = new Set<string>();
  for (const [i, s] of w.steps.entries()) {
    const on = s.target ? elementFields(s.target) : undefined;
    if (on?.guessed && !frameWarned.has(on.guessed)) {
      frameWarned.add(on.guessed);
      warnings.push(`Step ${i + 1} acts inside a frame (${on.guessed}); the Recorder counts frames by position, so it is exported as the first frame of its page: check it if that page has several.`);
    }
    const out = stepsFor(s, on?.fields, values, w.startUrl, (m) => warnings.push(`Step ${i + 1} ${m}`));
    if (out === undefined) return { ok: false, message: `Step ${i + 1} ("${s.intent}") cannot be written as a Chrome Recorder step.` };
    // a step in a tab an earlier step opened names that tab by its address, as the Recorder does
    const target = targetOf(s, w.startUrl);
    steps.push(...out.map((o) => (target === 'main' ? o : { ...o, target })));
  }
  return { ok: true, text: JSON.stringify({ title: w.name, steps }, null, 2) + '\n', warnings };
}

const navigation = (url: string) => ({ assertedEvents: [{ type: 'navigation', url, title: '' }] });
const navigateStep = (url: string): RecorderJson => ({ type: 'navigate', url, ...navigation(url) });

/**
 * Selectors, frame path and the click point (the middle of the element as recorded) of a step's
 * element. A fingerprint keeps frames as CSS paths of the iframes, not their position among the
 * page's frames: `nth-frame(N)` (from an imported file) is exact, anything else becomes index 0.
 */
function elementFields(fp: Fingerprint): { fields: RecorderJson; guessed?: string } {
  const fields: RecorderJson = { target: 'main', selectors: exportSelectors(fp) };
  let guessed: string | undefined;
  if (fp.frames.length) {
    fields.frame = fp.frames.map((f) => {
      const n = /^nth-frame\((\d+)\)$/.exec(f);
      if (!n) guessed ??= fp.frames.join(' > ');
      return n ? Number(n[1]) : 0;
    });
  }
  // Chrome's runner presses at exactly this point: (1, 1) misses a button with rounded corners,
  // (8, 8) is inside any corner rounded up to 27 px and inside a 13 px checkbox
  const r = fp.rect;
  fields.offsetX = r && r.w > 2 ? Math.round(r.w / 2) : UNKNOWN_SIZE_OFFSET;
  fields.offsetY = r && r.h > 2 ? Math.round(r.h / 2) : UNKNOWN_SIZE_OFFSET;
  return { fields, guessed };
}

/** One workflow step as Recorder steps; undefined when it cannot be written at all. */
function stepsFor(s: WorkflowStep, on: RecorderJson | undefined, values: Record<string, string>, startUrl: string, warn: (m: string) => void): RecorderJson[] | undefined {
  const landing = s.after.navigates ? navigation(s.after.path ? (parseUrl(s.after.path, startUrl)?.href ?? '') : '') : {};
  // a change or a wait names the element without a point to press
  const { offsetX: _x, offsetY: _y, ...located } = on ?? {};
  const a = s.action;
  switch (a.kind) {
    case 'navigate':
      return [navigateStep(fillString(a.url, values))];
    case 'click':
    case 'check':
      return on ? [{ type: 'click', ...on, ...landing }] : undefined;
    case 'type':
      return on ? [{ type: 'change', value: fillString(a.value, values), ...located, ...landing }] : undefined;
    case 'select':
      if (!on) return undefined;
      if (a.values.length > 1) warn('chooses several values; the Recorder keeps the first.');
      return [{ type: 'change', value: fillString(a.values[0] ?? '', values), ...located, ...landing }];
    case 'press': {
      const keys = splitKeys(fillString(a.keys, values));
      // the page leaves on the last key going down: waiting from its keyUp could miss the navigation
      const downs = keys.map((key, j) => ({ type: 'keyDown', target: 'main', key, ...(j === keys.length - 1 ? landing : {}) }));
      const ups = [...keys].reverse().map((key) => ({ type: 'keyUp', target: 'main', key }));
      return [...downs, ...ups];
    }
    case 'wait':
      return on ? [{ type: 'waitForElement', ...located, timeout: a.timeoutMs }] : [];
    case 'upload':
      // the Recorder has no step that chooses a file: left out, and the person told
      warn('chooses a file, which the Chrome Recorder cannot do; the step is left out.');
      return [];
  }
}

/** "Control+Shift+a" → its keys; a trailing "+" is the plus key itself ("Control++"). */
export function splitKeys(chord: string): string[] {
  const plus = chord.endsWith('++') || chord === '+';
  const keys = (plus ? chord.slice(0, -1) : chord).split('+').filter(Boolean);
  return plus ? [...keys, '+'] : keys;
}
