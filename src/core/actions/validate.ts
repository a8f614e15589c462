import type { z } from 'zod';
import { AgentAction } from '../../shared/action';
import { describeZodError } from '../../shared/protocol-core';
import { readKeys } from '../keys';

/** What the page offers right now: the ids the model can see, and those hidden by reflection. */
export interface Grounding {
  ids: Set<number>;
  hidden: Set<number>;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };

export function idsInPage(text: string): Set<number> {
  return new Set([...text.matchAll(/\bid=(\d+)/g)].map((m) => Number(m[1])));
}

/** Readable one-liner for an action, in the text grammar: the timeline and the prompts use it. */
export function actionLine(action: AgentAction): string {
  const q = (s: string) => JSON.stringify(s);
  switch (action.kind) {
    case 'click':
    case 'double_click':
    case 'hover':
    case 'clear':
      return `${action.kind} ${action.id}`;
    case 'click_at':
      return `click_at ${Math.round(action.x)} ${Math.round(action.y)}`;
    case 'type':
      return `type ${action.id} ${q(action.text)}`;
    case 'select':
      return `select ${action.id} ${action.values.map(q).join(' ')}`;
    case 'check':
      return `${action.checked ? 'check' : 'uncheck'} ${action.id}`;
    case 'press':
      return action.id === undefined ? `press ${action.keys}` : `press ${action.id} ${action.keys}`;
    case 'upload':
      return `upload ${action.id} ${q(action.file)}`;
    case 'scroll':
      return action.id === undefined ? `scroll ${action.direction}` : `scroll ${action.id} ${action.direction}`;
    case 'navigate':
      return `navigate ${q(action.url)}`;
    case 'back':
      return 'back';
    case 'open_tab':
      return `open_tab ${q(action.url)}`;
    case 'switch_tab':
    case 'close_tab':
      return `${action.kind} ${action.n}`;
    case 'wait':
      return action.text ? `wait ${q(action.text)}` : `wait ${action.id ?? ''}`.trim();
    case 'done':
      return action.summary ? `done ${q(action.summary)}` : 'done';
    case 'ask_user':
      return `ask ${q(action.question)}`;
  }
}

/** Parses each raw action with the shared schema, then checks it against the page (RCI grounding). */
export function validateActions(raw: unknown[], grounding: Grounding): Validated<AgentAction[]> {
  if (!raw.length) return { ok: false, reason: 'the answer has no action' };
  const actions: AgentAction[] = [];
  for (const [i, item] of raw.entries()) {
    const parsed = AgentAction.safeParse(item);
    if (!parsed.success) return { ok: false, reason: `action ${i + 1} is malformed: ${describeZodError(parsed.error)}` };
    const problem = groundingProblem(parsed.data, grounding);
    if (problem) return { ok: false, reason: `action ${i + 1} (${actionLine(parsed.data)}): ${problem}` };
    actions.push(parsed.data);
  }
  return { ok: true, value: actions };
}

function groundingProblem(action: AgentAction, g: Grounding): string | null {
  const id = 'id' in action ? action.id : undefined;
  if (id !== undefined) {
    if (g.hidden.has(id)) return `element ${id} was tried at this step in an earlier attempt and was wrong; choose another`;
    if (!g.ids.has(id)) return `there is no element with id ${id} on the page`;
  }
  if (action.kind === 'press') {
    // the keys the gate judges are the keys pressed: a list read two ways, or the clipboard, is refused here
    const keys = readKeys(action.keys);
    if (!keys.ok) return keys.reason;
  }
  if ((action.kind === 'navigate' || action.kind === 'open_tab') && !/^https?:\/\/[^\s/]+/i.test(action.url)) return `"${action.url}" is not a web address`;
  return null;
}

export function zodReason(error: z.ZodError): string {
  return describeZodError(error);
}
