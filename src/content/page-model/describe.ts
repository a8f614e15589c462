import type { ElementInfo } from '../../shared/page';
import { inputType, tagOf } from './dom';
import { lineOf } from './format';
import { lookup } from './ids';
import { authoredName, fallbackName } from './names';
import { roleOf } from './roles';
import { isSecret } from './secrets';
import { lastWalkResult, walkPage } from './snapshot';
import type { Item } from './walk';

export type Described = { ok: true; info: ElementInfo } | { ok: false; code: 'unknown_id' | 'detached'; message: string };

/** Structured facts about one element, for the safety gate and replay's agreement checks. */
export function describe(id: number): Described {
  const found = lookup(id);
  if (!found.ok) return { ok: false, code: found.reason, message: `element ${id} ${found.reason === 'detached' ? 'is no longer on the page' : 'was never shown'}` };
  const el = found.el;
  // the walk gives the name exactly as the page model shows it (content text included)
  const item: Item =
    lastWalkResult()?.items.find((it) => it.el === el) ??
    walkPage().items.find((it) => it.el === el) ??
    { kind: 'el', el, id, role: roleOf(el), name: authoredName(el) || fallbackName(el) || (el.textContent ?? '').trim().slice(0, 150), heading: 0, region: 'in', dist: 0, grid: 'center', order: 0 };
  const t = tagOf(el);
  const form = (el as HTMLButtonElement).form;
  const ty = inputType(el) || (t === 'button' ? (el.getAttribute('type') ?? 'submit').toLowerCase() : '');
  const submits = form && (t === 'button' || t === 'input') && (ty === 'submit' || ty === 'image');
  const info: ElementInfo = {
    id,
    tag: t,
    role: item.role,
    name: item.name,
    line: lineOf(item),
    secret: isSecret(el, item.name),
  };
  if (t === 'input') info.inputType = ty;
  const href = (el as HTMLAnchorElement).href;
  if (typeof href === 'string' && href) info.href = href;
  if (submits) info.formAction = (el as HTMLButtonElement).formAction || form.action;
  // Enter in a text field submits its form too: the gate needs the target to judge `press Enter`
  else if (form && t === 'input' && !['checkbox', 'radio', 'file', 'button', 'reset', 'hidden'].includes(ty)) info.formAction = form.action;
  const ac = el.getAttribute('autocomplete');
  if (ac) info.autocomplete = ac;
  return { ok: true, info };
}
