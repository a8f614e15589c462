import type { AgentAction } from '../../shared/action';
import type { Fingerprint } from '../../shared/fingerprint';
import type { ElementInfo } from '../../shared/page';
import type { WorkflowStep } from '../../shared/workflow';

/**
 * What a replay tells the person when it stops or asks, in the words a person uses: the element's
 * kind and name ("the button “Sign in”"), never a role in brackets or a page-model line. The
 * record's own reason goes after "Details:", which the panel shows only on request.
 */

const ROLE_KIND: Record<string, string> = {
  button: 'button',
  link: 'link',
  textbox: 'field',
  searchbox: 'search box',
  combobox: 'list',
  listbox: 'list',
  checkbox: 'checkbox',
  radio: 'option',
  option: 'option',
  switch: 'switch',
  tab: 'tab',
  menuitem: 'menu item',
  spinbutton: 'number field',
  slider: 'slider',
};
const TAG_KIND: Record<string, string> = { a: 'link', button: 'button', select: 'list', textarea: 'field', summary: 'section' };
const INPUT_KIND: Record<string, string> = { checkbox: 'checkbox', radio: 'option', submit: 'button', button: 'button', search: 'search box', range: 'slider', number: 'number field' };

/** The kind of element in words: "button", "field", "link"; the page model shows ARIA widgets with their role as the tag. */
export function kindInWords(role: string | undefined, tag: string | undefined, inputType?: string): string {
  if (inputType === 'password') return 'password field';
  const t = (tag ?? '').toLowerCase();
  if (ROLE_KIND[role ?? '']) return ROLE_KIND[role!]!;
  if (t === 'input') return INPUT_KIND[inputType ?? ''] ?? 'field';
  return TAG_KIND[t] ?? ROLE_KIND[t] ?? 'element';
}

const quoted = (name: string) => `“${name.length > 60 ? name.slice(0, 59) + '…' : name}”`;

/** "the button “Sign in”", or "the button" when it has no name. */
export function elementInWords(kind: string, name: string | undefined): string {
  const n = (name ?? '').trim();
  return n ? `the ${kind} ${quoted(n)}` : `the ${kind}`;
}

/** The recorded element's name as the person saw it. */
export const recordedName = (fp: Fingerprint | undefined) => (fp ? fp.name || fp.label || fp.text || fp.placeholder || '' : '');

const VERB: Record<string, string> = { click: 'click', double_click: 'double-click', type: 'type into', select: 'choose in', check: 'tick', press: 'press a key in', hover: 'point at', scroll: 'scroll', upload: 'attach a file to' };

/** What typing, choosing or ticking needs, for a step whose element's kind was not recorded (an imported file's). */
const ACTION_KIND: Record<string, string> = { type: 'field', select: 'list', check: 'checkbox' };

/** The kind of the step's element, from its recording or else from its action. */
function stepKind(step: WorkflowStep): string {
  const fp = step.target;
  const kind = kindInWords(fp?.role, fp?.tag, fp?.inputType);
  return kind === 'element' ? (ACTION_KIND[step.action.kind] ?? kind) : kind;
}

/** The names of elements of the step's kind the page shows instead (its page model's lines). */
export function offeredNames(pageText: string, step: WorkflowStep): string[] {
  if (!step.target) return [];
  const kind = stepKind(step);
  const names = new Set<string>();
  for (const m of pageText.matchAll(/^<([a-z][a-z0-9-]*) id=\d+((?:\s+[^>\n]*)?)>([^<\n]*)/gim)) {
    const attrs = m[2] ?? '';
    const type = /\btype=(\w+)/.exec(attrs)?.[1];
    const tag = m[1]!.toLowerCase();
    const k = kindInWords(undefined, tag, type);
    const name = (m[3]?.trim() || /\blabel="([^"]*)"/.exec(attrs)?.[1] || /\bplaceholder="([^"]*)"/.exec(attrs)?.[1] || '').trim();
    if (k === kind && name && !/\bdisabled\b/.test(attrs)) names.add(name);
    if (names.size >= 5) break;
  }
  return [...names];
}

/**
 * The step's element is not on the page: what was looked for and what the page offers instead;
 * `why`, the resolver's or the model's reason, as the details. What the person can do about it is
 * NOT_FOUND_ADVICE, shown while the replay waits and not kept in the step's record.
 */
export function notFoundInWords(step: WorkflowStep, index: number, offered: string[], why: string): string {
  const fp = step.target;
  const kind = stepKind(step);
  const name = recordedName(fp);
  const verb = VERB[step.action.kind] ?? step.action.kind;
  const looked = `Step ${index + 1} looked for ${elementInWords(kind, name)} to ${verb}, and the page does not show it.`;
  const shows = offered.length ? ` The ${kind}s it shows now: ${offered.map(quoted).join(', ')}.` : ` The page shows no ${kind} like it.`;
  return `${looked}${shows}\nDetails: ${why}`;
}

export const NOT_FOUND_ADVICE = 'Make the page show it and choose Retry step, or Skip step to go on without it.';

/** A message with what the person can do, put before its details. */
export function withAdvice(message: string, advice: string | undefined): string {
  if (!advice) return message;
  const at = message.indexOf('\nDetails: ');
  return at < 0 ? `${message} ${advice}` : `${message.slice(0, at)} ${advice}${message.slice(at)}`;
}

/** What a step will do, in words, for its confirmation: "click the button “Pay $12.50”". */
export function actionInWords(action: AgentAction, el: ElementInfo | null): string {
  const target = el ? elementInWords(kindInWords(el.role, el.tag), el.name || el.line) : 'the page';
  switch (action.kind) {
    case 'navigate':
      return `open ${action.url}`;
    case 'type':
      // a secret's text comes here as "(hidden)"
      return action.text === '(hidden)' ? `type the hidden value into ${target}` : `type ${quoted(action.text)} into ${target}`;
    case 'select':
      return `choose ${action.values.map(quoted).join(', ')} in ${target}`;
    case 'check':
      return `${action.checked ? 'tick' : 'untick'} ${target}`;
    case 'press':
      return `press ${action.keys}${el ? ` in ${target}` : ''}`;
    default:
      return `click ${target}`;
  }
}
