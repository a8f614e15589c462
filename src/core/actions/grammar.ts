import { AgentAction } from '../../shared/action';

/**
 * The plain-text action grammar for models without tool calling (many local models): one action a
 * line, `click 12`, `type 7 "Boston"`, `press Enter`, `done`. It is forgiving about the shapes
 * models actually produce (bullets, numbering, brackets around ids, upper case, missing quotes),
 * and yields raw objects that go through the same zod validation as tool-call arguments.
 */

export interface ParsedText {
  thought: string;
  actions: unknown[];
  errors: string[];
}

const VERBS: Record<string, string> = {
  click: 'click', tap: 'click', press_button: 'click',
  click_at: 'click_at', click_point: 'click_at', tap_at: 'click_at',
  double_click: 'double_click', doubleclick: 'double_click', dblclick: 'double_click',
  hover: 'hover',
  type: 'type', fill: 'type', fill_text: 'type', input: 'type', enter_text: 'type',
  clear: 'clear',
  select: 'select', choose: 'select',
  check: 'check', uncheck: 'uncheck', tick: 'check', untick: 'uncheck',
  press: 'press', key: 'press',
  upload: 'upload', attach: 'upload', attach_file: 'upload', upload_file: 'upload',
  scroll: 'scroll',
  navigate: 'navigate', goto: 'navigate', go_to: 'navigate', open_url: 'navigate',
  back: 'back', go_back: 'back',
  open_tab: 'open_tab', new_tab: 'open_tab', switch_tab: 'switch_tab', switch_to: 'switch_tab', close_tab: 'close_tab',
  wait: 'wait',
  done: 'done', finish: 'done', finished: 'done', stop: 'done',
  ask: 'ask_user', ask_user: 'ask_user',
};

const ID = /^(?:id\s*=\s*)?[[<#(]?(\d+)[\]>)]?$/i;

/** Splits the rest of a line into tokens, keeping quoted strings whole (straight or curly quotes). */
function tokenize(rest: string): { tokens: string[]; quoted: string[] } {
  const tokens: string[] = [];
  const quoted: string[] = [];
  const re = /"([^"]*)"|“([^”]*)”|'([^']*)'|(\S+)/g;
  for (const m of rest.matchAll(re)) {
    const q = m[1] ?? m[2] ?? m[3];
    if (q !== undefined) {
      tokens.push(q);
      quoted.push(q);
    } else tokens.push(m[4] ?? '');
  }
  return { tokens, quoted };
}

function idOf(token: string | undefined): number | undefined {
  const m = token === undefined ? null : ID.exec(token.replace(/,$/, ''));
  return m ? Number(m[1]) : undefined;
}

/** "click_at 120 340", "click_at (120, 340)", "click_at x=120 y=340" */
function pointOf(rest: string): { kind: 'click_at'; x?: string; y?: string } {
  const [x, y] = rest.match(/\d+(?:\.\d+)?/g) ?? [];
  return { kind: 'click_at', x, y };
}

/** The actions that go to an address or a tab: "navigate "https://…"", "switch_tab 2", "close_tab tab 3". */
function goTo(verb: string, text: string, id: number | undefined, tokens: string[]): unknown {
  if (verb === 'back') return { kind: 'back' };
  if (verb === 'navigate' || verb === 'open_tab') return { kind: verb, url: text };
  return { kind: verb, n: id ?? idOf(tokens.find((t) => /\d/.test(t))?.replace(/\D/g, '')) };
}

/** One action line to a raw action object, or a reason it is not one. */
export function parseActionLine(line: string): { action: unknown } | { error: string } | null {
  const clean = line
    .trim()
    .replace(/^(?:[-*•]|\d+[.)])\s*/, '')
    .replace(/^`+|`+$/g, '')
    .trim();
  if (!clean) return null;
  const verbMatch = /^([A-Za-z_]+(?:[ _]to)?)\s*(?:[:(]\s*)?(.*?)\)?\s*$/.exec(clean);
  if (!verbMatch) return { error: `"${clean}" is not an action` };
  const verbKey = (verbMatch[1] ?? '').toLowerCase().replace(/\s+/g, '_');
  const verb = VERBS[verbKey];
  if (!verb) return { error: `"${clean}": unknown action "${verbMatch[1]}"` };
  const rest = verbMatch[2] ?? '';
  const { tokens, quoted } = tokenize(rest);
  const id = idOf(tokens[0]);
  const afterId = id === undefined ? tokens : tokens.slice(1);
  const text = quoted.length ? quoted.join(' ') : afterId.join(' ');
  if (verb === 'click_at') return { action: pointOf(rest) };
  switch (verb) {
    case 'click':
    case 'double_click':
    case 'hover':
    case 'clear':
      return { action: { kind: verb, id } };
    case 'check':
    case 'uncheck':
      return { action: { kind: 'check', id, checked: verb === 'check' } };
    case 'type':
      return { action: { kind: 'type', id, text } };
    case 'select': {
      const values = quoted.length ? quoted : afterId.length ? [afterId.join(' ')] : [];
      return { action: { kind: 'select', id, values } };
    }
    case 'press': {
      const keys = afterId.join('+').replace(/\++/g, '+');
      return { action: id === undefined ? { kind: 'press', keys } : { kind: 'press', id, keys } };
    }
    case 'scroll': {
      const direction = (afterId[0] ?? 'down').toLowerCase();
      return { action: id === undefined ? { kind: 'scroll', direction } : { kind: 'scroll', id, direction } };
    }
    case 'upload':
      return { action: { kind: 'upload', id, file: text } };
    case 'navigate':
    case 'back':
    case 'open_tab':
    case 'switch_tab':
    case 'close_tab':
      return { action: goTo(verb, text, id, tokens) };
    case 'wait':
      return { action: id !== undefined && !quoted.length ? { kind: 'wait', id } : { kind: 'wait', text } };
    case 'done':
      return { action: { kind: 'done', summary: text } };
    case 'ask_user':
      return { action: { kind: 'ask_user', question: text } };
    default:
      return { error: `"${clean}": unknown action` };
  }
}

function jsonActions(text: string): ParsedText | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = fenced ?? (text.trim().startsWith('{') ? text.trim() : undefined);
  if (!candidate) return null;
  try {
    const value: unknown = JSON.parse(candidate);
    if (value && typeof value === 'object' && Array.isArray((value as { actions?: unknown }).actions)) {
      const v = value as { thought?: unknown; actions: unknown[] };
      return { thought: typeof v.thought === 'string' ? v.thought : '', actions: v.actions, errors: [] };
    }
  } catch {
    return { thought: '', actions: [], errors: ['the JSON in the answer does not parse'] };
  }
  return null;
}

/** The whole reply: `Thought:` then `Actions:` then action lines; JSON with an `actions` array also works. */
export function parseActionText(text: string): ParsedText {
  const json = jsonActions(text);
  if (json) return json;
  const lines = text.split(/\r?\n/);
  const hasHeader = /^\s*actions?\s*:/im.test(text);
  const thoughtLines: string[] = [];
  let inActions = false;
  const actions: unknown[] = [];
  const errors: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    const header = /^(thought|reasoning|actions?)\s*:\s*(.*)$/i.exec(line);
    if (header) {
      const key = (header[1] ?? '').toLowerCase();
      if (key.startsWith('action')) {
        inActions = true;
        const inline = header[2] ?? '';
        if (inline) consume(inline, true);
      } else thoughtLines.push(header[2] ?? '');
      continue;
    }
    if (hasHeader && !inActions) thoughtLines.push(line);
    else consume(line, inActions);
  }
  if (!actions.length && !errors.length) errors.push('no action found; write `Actions:` and one action a line');
  return { thought: thoughtLines.join(' ').replace(/\s+/g, ' ').trim(), actions, errors };

  function consume(line: string, strict: boolean): void {
    const parsed = parseActionLine(line);
    if (!parsed) return;
    if (strict) {
      if ('action' in parsed) actions.push(parsed.action);
      else errors.push(parsed.error);
      return;
    }
    // Without an Actions block, prose is just prose: keep only lines that are complete actions.
    if ('action' in parsed && AgentAction.safeParse(parsed.action).success) actions.push(parsed.action);
  }
}
