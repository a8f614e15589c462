import type { RecorderSelector, RecorderWait } from '../../shared/recorder-target';
import type { Resolution } from '../../workflows/replay/ports';
import { norm } from '../../workflows/text';
import { lineOf } from '../page-model/format';
import { idFor } from '../page-model/ids';
import { authoredName } from '../page-model/names';
import { isSecret } from '../page-model/secrets';
import { walkPage } from '../page-model/snapshot';
import type { Item } from '../page-model/walk';
import { kindOf, parseAria, querySelectorAllRecorder, type QueryScope } from './recorder-query';
import { documentOf } from './roots';

function scopeFor(frame: number[]): QueryScope | undefined {
  const doc = documentOf(frame.map((n) => `nth-frame(${n})`));
  if (!doc) return undefined;
  const walked = walkPage();
  const items = walked.items.filter((it) => it.kind === 'el' && it.el.ownerDocument === doc);
  return { doc, items, shadowRoots: walked.shadowRoots.filter((sr) => sr.ownerDocument === doc) };
}

/** the interactive item an element belongs to (itself, or the control it sits in) */
function itemOf(el: Element, scope: QueryScope): Item | undefined {
  const byEl = new Map(scope.items.map((it) => [it.el, it]));
  for (let e: Element | null = el; e; e = e.parentElement ?? ((e.getRootNode() as ShadowRoot).host ?? null)) {
    const it = byEl.get(e);
    if (it) return it;
  }
  return undefined;
}

const nested = (a: Element, b: Element): boolean => a === b || a.contains(b) || b.contains(a) || (a.shadowRoot?.contains(b) ?? false) || (b.shadowRoot?.contains(a) ?? false);

/** Whether the words of an aria/ or text/ selector are the element's: its name, label, text or value. */
function nameFits(el: Element, words: string, scope: QueryScope): boolean {
  const want = norm(words);
  const it = itemOf(el, scope);
  // Chrome's accessible name may come from any of these; ours may differ in detail, so any one fits
  const attrs = ['placeholder', 'title', 'aria-label', 'alt'].map((a) => el.getAttribute(a));
  const said = [it?.name, it?.text, authoredName(el), el.textContent, (el as HTMLInputElement).value, ...attrs].map((s) => norm(s ?? '')).filter(Boolean);
  return said.some((s) => s === want || s.includes(want) || want.includes(s));
}

/**
 * A foreign step's element, found as Chrome's runner finds it: the first selector, in the file's
 * order, that matches; the first element it matches. Then cross-checked, because that runner is
 * naive: another selector of the step that singles out a different element, or an aria/ or text/
 * selector whose words the element does not carry, means the page is not the recorded one, and the
 * step is refused (reported, never acted on).
 */
export function resolveSelectors(selectors: RecorderSelector[], frame: number[]): Resolution {
  const scope = scopeFor(frame);
  if (!scope) return { ok: false, reason: 'frame', message: `the frame ${frame.join(' > ')} is not on the page (or is on another site)` };
  const matches = selectors.map((s) => querySelectorAllRecorder(s, scope));
  const at = matches.findIndex((m) => m.length > 0);
  if (at < 0) return { ok: false, reason: 'not_found', message: 'none of the recorded selectors matches an element' };
  const first = matches[at]![0]!;
  // a label acts for its control (a click on it focuses or ticks the control): act on the control itself
  const el = first instanceof HTMLLabelElement && first.control ? first.control : first;
  const shown = (s: RecorderSelector) => (Array.isArray(s) ? s.join(' >>>> ') : s).slice(0, 80);
  for (const [i, m] of matches.entries()) {
    if (i === at) continue;
    const sel = selectors[i]!;
    const last = Array.isArray(sel) ? sel.at(-1)! : sel;
    if (m.length === 1 && !nested(m[0]!, el)) {
      return { ok: false, reason: 'disagree', message: `"${shown(selectors[at]!)}" and "${shown(sel)}" point at different elements` };
    }
    const words = kindOf(last) === 'aria' ? parseAria(last).name : kindOf(last) === 'text' ? last.slice(5) : '';
    if (words && m.length === 0 && !nameFits(el, words, scope)) {
      return { ok: false, reason: 'disagree', message: `"${shown(selectors[at]!)}" found an element that does not say "${words.slice(0, 60)}"` };
    }
  }
  const it = itemOf(el, scope);
  const id = idFor(el);
  const name = it?.name ?? authoredName(el);
  const type = (el as HTMLInputElement).type;
  return {
    ok: true,
    id,
    strategy: strategyOf(selectors[at]!),
    tag: el.localName,
    role: it?.el === el ? it.role : '',
    name,
    ...(el.localName === 'input' && type ? { inputType: type } : {}),
    secret: isSecret(el, name),
    line: it?.el === el ? lineOf(it) : `${el.localName}${name ? ` "${name.slice(0, 60)}"` : ''}`,
  };
}

function strategyOf(sel: RecorderSelector): 'role+name' | 'text' | 'xpath' | 'css' {
  const last = Array.isArray(sel) ? sel.at(-1)! : sel;
  const k = kindOf(last);
  return k === 'aria' ? 'role+name' : k === 'text' ? 'text' : k === 'xpath' ? 'xpath' : 'css';
}

const COMPARE: Record<RecorderWait['operator'], (a: number, b: number) => boolean> = {
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '<=': (a, b) => a <= b,
};

function deepMatch(want: unknown, have: unknown): boolean {
  if (want === have) return true;
  if (!want || !have || typeof want !== 'object' || typeof have !== 'object') return false;
  return Object.entries(want).every(([k, v]) => deepMatch(v, (have as Record<string, unknown>)[k]));
}

/**
 * A Recorder `waitForElement`, judged as Chrome's runner judges it: the elements of the first
 * selector that matches, counted against operator/count, each with the given attributes and
 * properties; `visible: false` inverts the whole test. No fingerprint is involved.
 */
export function checkSelectors(selectors: RecorderSelector[], frame: number[], wait: RecorderWait): { met: boolean; count: number } {
  const scope = scopeFor(frame);
  if (!scope) return { met: false, count: 0 };
  const els = selectors.map((s) => querySelectorAllRecorder(s, scope)).find((m) => m.length > 0) ?? [];
  let result = COMPARE[wait.operator](els.length, wait.count);
  if (result && wait.attributes) result = els.every((el) => Object.entries(wait.attributes!).every(([k, v]) => el.getAttribute(k) === v));
  if (result && wait.properties) result = els.every((el) => deepMatch(wait.properties, el));
  return { met: result === wait.visible, count: els.length };
}

/** A Recorder `scroll`: the element (or the frame's window) scrolled to a position. */
export function scrollWithSelectors(selectors: RecorderSelector[], frame: number[], x: number, y: number): { ok: boolean; message: string } {
  const scope = scopeFor(frame);
  if (!scope) return { ok: false, message: 'the frame is not on the page' };
  if (!selectors.length) {
    scope.doc.defaultView?.scrollTo({ left: x, top: y, behavior: 'instant' });
    return { ok: true, message: '' };
  }
  const el = selectors.map((s) => querySelectorAllRecorder(s, scope)).find((m) => m.length > 0)?.[0];
  if (!el) return { ok: false, message: 'none of the recorded selectors matches an element' };
  el.scrollTo({ left: x, top: y, behavior: 'instant' });
  return { ok: true, message: '' };
}
