import type { Workflow } from '../../shared/workflow';
import { fillString } from '../fill';
import { parseUrl } from '../text';
import { selectorsFromFingerprint } from './selectors';

export type Exported = { ok: true; text: string; warnings: string[] } | { ok: false; message: string };

/**
 * A workflow as a Chrome DevTools Recorder recording, where its steps allow: variables take their
 * recorded values (secrets go out empty, with a warning), steps inside frames are refused because
 * the Recorder addresses frames by index, which a fingerprint does not keep.
 */
export function chromeRecordingFromWorkflow(w: Workflow): Exported {
  const values: Record<string, string> = {};
  const warnings: string[] = [];
  for (const v of w.variables) {
    values[v.name] = v.secret ? '' : (v.default ?? '');
    if (v.secret) warnings.push(`"${v.label}" is a secret and is exported empty; fill it in the Recorder.`);
  }
  const steps: Record<string, unknown>[] = [{ type: 'setViewport', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false }];
  if (w.steps[0]?.action.kind !== 'navigate') steps.push({ type: 'navigate', url: w.startUrl, assertedEvents: [{ type: 'navigation', url: w.startUrl, title: '' }] });
  for (const [i, s] of w.steps.entries()) {
    const fp = s.target;
    if (fp && fp.frames.length && !fp.frames.every((f) => /^nth-frame\(\d+\)$/.test(f))) {
      return { ok: false, message: `Step ${i + 1} ("${s.intent}") acts inside a frame, which the Chrome Recorder format cannot address from this workflow.` };
    }
    const frame = fp?.frames.length ? { frame: fp.frames.map((f) => Number(/\d+/.exec(f)?.[0])) } : {};
    const target = fp ? { target: 'main', selectors: selectorsFromFingerprint(fp), ...frame } : { target: 'main' };
    const nav = s.after.navigates ? { assertedEvents: [{ type: 'navigation', url: s.after.path ? (parseUrl(s.after.path, w.startUrl)?.href ?? '') : '', title: '' }] } : {};
    const a = s.action;
    switch (a.kind) {
      case 'navigate':
        steps.push({ type: 'navigate', url: fillString(a.url, values), assertedEvents: [{ type: 'navigation', url: fillString(a.url, values), title: '' }] });
        break;
      case 'click':
      case 'check':
        steps.push({ type: 'click', ...target, offsetX: 1, offsetY: 1, ...nav });
        break;
      case 'type':
        steps.push({ type: 'change', value: fillString(a.value, values), ...target, ...nav });
        break;
      case 'select':
        if (a.values.length > 1) warnings.push(`Step ${i + 1} chooses several values; the Recorder keeps the first.`);
        steps.push({ type: 'change', value: fillString(a.values[0] ?? '', values), ...target, ...nav });
        break;
      case 'press': {
        const keys = fillString(a.keys, values).split('+');
        for (const k of keys) steps.push({ type: 'keyDown', target: 'main', key: k });
        for (const k of [...keys].reverse()) steps.push({ type: 'keyUp', target: 'main', key: k, ...(k === keys[0] ? nav : {}) });
        break;
      }
      case 'wait':
        if (fp) steps.push({ type: 'waitForElement', ...target, timeout: a.timeoutMs });
        break;
    }
  }
  return { ok: true, text: JSON.stringify({ title: w.name, steps }, null, 2) + '\n', warnings };
}
