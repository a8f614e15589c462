import type { ElementInfo } from '../../shared/page';
import { inputType, tagOf } from './dom';
import { defaultSubmit, factsDigest, fieldLabels, formOf, formValues, freshFacts, isSearchForm, nearbyWords, opensPopup, submitsOnChange, visibleText } from './facts';
import { idFor, lookup } from './ids';
import { lineOf } from './format';
import { authoredName, fallbackName } from './names';
import { roleOf } from './roles';
import { isSecret } from './secrets';
import { lastWalkResult, walkPage } from './snapshot';
import type { Item } from './walk';

export type Described = { ok: true; info: ElementInfo } | { ok: false; code: 'unknown_id' | 'detached'; message: string };

const NO_SUBMIT = ['checkbox', 'radio', 'file', 'button', 'reset', 'hidden'];

/**
 * Structured facts about one element, for the safety gate and replay's agreement checks. The
 * words and targets the gate judges are read now, from the live element (FreshFacts), so a page
 * that relabels "Next" to "Pay $900" after the snapshot is judged by "Pay $900".
 */
export function describe(id: number): Described {
  const found = lookup(id);
  if (!found.ok) return { ok: false, code: found.reason, message: `element ${id} ${found.reason === 'detached' ? 'is no longer on the page' : 'was never shown'}` };
  return { ok: true, info: describeElement(found.el, id) };
}

/** The element that has the keyboard focus now (what a bare `press Enter` goes to), through open shadow roots and same-origin frames. */
export function describeFocused(): Described {
  let el: Element | null = document.activeElement;
  for (;;) {
    if (!el) break;
    const inner = el.shadowRoot?.activeElement ?? (tagOf(el) === 'iframe' ? safeFrameActive(el) : null);
    if (!inner) break;
    el = inner;
  }
  if (!el || el === document.body || el === document.documentElement) return { ok: false, code: 'unknown_id', message: 'no element has the focus' };
  return { ok: true, info: describeElement(el, idFor(el)) };
}

function safeFrameActive(frame: Element): Element | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument?.activeElement ?? null;
  } catch {
    return null;
  }
}

export function describeElement(el: Element, id: number): ElementInfo {
  // the walk gives the name exactly as the page model shows it (content text included)
  const item: Item =
    lastWalkResult()?.items.find((it) => it.el === el) ??
    walkPage().items.find((it) => it.el === el) ??
    { kind: 'el', el, id, role: roleOf(el), name: authoredName(el) || fallbackName(el) || visibleText(el).slice(0, 150), heading: 0, region: 'in', dist: 0, grid: 'center', order: 0 };
  const t = tagOf(el);
  const form = formOf(el);
  const ty = inputType(el) || (t === 'button' ? (el.getAttribute('type') ?? 'submit').toLowerCase() : '');
  const submits = !!form && (t === 'button' || t === 'input') && (ty === 'submit' || ty === 'image');
  const fresh = freshFacts(el);
  const info: ElementInfo = {
    id,
    tag: t,
    role: item.role,
    name: item.name,
    line: lineOf(item),
    secret: isSecret(el, item.name),
    label: fresh.label,
    text: fresh.text,
    facts: factsDigest(fresh),
  };
  if (t === 'input') info.inputType = ty;
  if (fresh.href) info.href = fresh.href;
  if (form && (submits || (t === 'input' && !NO_SUBMIT.includes(ty)) || submitsOnChange(el, form))) {
    // a submit control, a text field (Enter submits its form) or a control that submits on change
    if (fresh.formAction) info.formAction = fresh.formAction;
    if (fresh.formMethod) info.formMethod = fresh.formMethod;
    if (isSearchForm(form)) info.searchForm = true;
    if (submits) {
      info.fieldLabels = fieldLabels(form);
      info.formValues = formValues(form, el);
    }
    if (!submits) {
      const button = defaultSubmit(form);
      if (button) info.submitName = [authoredName(button), visibleText(button)].filter(Boolean).join(' / ');
    }
    if (submitsOnChange(el, form)) info.autoSubmit = true;
  }
  // a file field's form says where an upload goes: the gate asks when that is another host (safety/upload.ts)
  else if (form && t === 'input' && ty === 'file' && fresh.formAction) info.formAction = fresh.formAction;
  if (opensPopup(el)) info.popup = true;
  if ((el as HTMLAnchorElement).target === '_blank') info.newWindow = true;
  const near = nearbyWords(el);
  if (near) info.context = near;
  const ac = el.getAttribute('autocomplete');
  if (ac) info.autocomplete = ac;
  return info;
}
