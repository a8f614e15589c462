import type { MatchStrategy } from '../../../shared/fingerprint';

/**
 * A replay's texts as a person reads them. The replay engine writes for the record and for the
 * model (element lines such as `<input id=6 type=checkbox label="Pineapple">`, `{{placeholders}}`,
 * action kinds, match strategies); the panel turns them into words here and keeps the raw text
 * behind "show details".
 */

/**
 * How a step's element was found, as far as a person cares: a step found as recorded says nothing
 * (how the matcher found it is the record's, under "Show details"); one found again on a changed
 * page says so, and who found it when that was the model ("found on the changed page by the model").
 */
export function strategyInWords(strategy: MatchStrategy | null, healed: boolean): string {
  if (!strategy || !healed) return '';
  return strategy === 'model' ? 'found on the changed page by the model' : 'found on the changed page';
}

const INPUT_KIND: Record<string, string> = { checkbox: 'checkbox', radio: 'option', password: 'password field', submit: 'button', button: 'button', date: 'date field', search: 'search box', email: 'email field' };
const TAG_KIND: Record<string, string> = { textarea: 'text box', select: 'list', button: 'button', a: 'link', tab: 'tab', iframe: 'frame', img: 'image', option: 'option', menuitem: 'menu item', summary: 'section', switch: 'switch' };

/** Matches one element line of the page model: tag, id, attributes, and the text if it has one. */
const LINE = /<([a-z][a-z0-9-]*) id=\d+((?:\s+[a-z-]+(?:=(?:"[^"]*"|\([^)]*\)|[^\s>"]+))?)*)>(?:([^<]*)<\/\1>)?/gi;
const ATTR = /([a-z-]+)=("([^"]*)"|\([^)]*\)|[^\s>"]+)/gi;

function attrsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) out[m[1]!.toLowerCase()] = m[3] ?? m[2]!;
  return out;
}

/** `<input id=6 type=checkbox label="Pineapple">` → "the checkbox Pineapple". */
export function elementInWords(tag: string, attrText: string, text = ''): string {
  const a = attrsOf(attrText);
  const t = tag.toLowerCase();
  const kind = t === 'input' ? (INPUT_KIND[a.type ?? ''] ?? 'field') : (TAG_KIND[t] ?? 'element');
  const name = (a.label || text.trim() || a.placeholder || a.title || '').trim();
  return name ? `the ${kind} ${name.length > 60 ? name.slice(0, 59) + '…' : name}` : `the ${kind}`;
}

/** A variable's name as words: `email_or_username` → "email or username". */
export const variableInWords = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();

const ACTION_WORDS: Record<string, string> = {
  click: 'Clicking',
  double_click: 'Double-clicking',
  type: 'Typing into',
  select: 'Choosing in',
  check: 'Ticking',
  press: 'Pressing a key in',
  hover: 'Pointing at',
  scroll: 'Scrolling',
};

/**
 * Any replay text in words: element lines become the element's kind and name, `{{name}}` its value
 * (as the replay showed it, secrets masked) or "the <name in words>", an action kind a verb.
 */
export function replayInWords(text: string, values: Record<string, string> = {}): string {
  return text
    .replace(LINE, (_, tag: string, attrs: string, inner?: string) => elementInWords(tag, attrs, inner))
    .replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => values[name] || `the ${variableInWords(name)}`)
    .replace(/\bThe (click|double_click|type|select|check|press|hover|scroll) on /g, (_, kind: string) => `${ACTION_WORDS[kind]} `);
}

/**
 * A replay's message split into what the person reads and the record's reason after "Details:"
 * (src/workflows/replay/step-words.ts), which the panel shows only on request.
 */
export function splitDetails(text: string): { words: string; details: string } {
  const at = text.indexOf('\nDetails: ');
  return at < 0 ? { words: text, details: '' } : { words: text.slice(0, at), details: text.slice(at + '\nDetails: '.length) };
}

/** A step's intent as the start of a sentence ("type …" → "Type …"). */
export const asSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A run's closing text: a replay's in words (its runs are `replay-…`), an agent run's as it is. */
export const endInWords = (runId: string, text: string) => (runId.startsWith('replay-') ? replayInWords(splitDetails(text).words) : text);
