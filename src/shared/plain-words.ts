import type { AgentAction, PageChange } from './action';
import type { PlanStep } from './run-events';

/**
 * The timeline in a person's words: what the co-pilot did, named by the element's own name as the
 * page shows it ("Ticked Pineapple", "Typed Boston into From"), never by ids or markup.
 * Pure, so every action kind is covered by a unit test.
 */

/** `past` for what was done, `ask` for what waits for the person's yes ("Click Pay $42.00"). */
export type Mood = 'past' | 'ask';

const attr = (line: string, name: string) => new RegExp(`\\s${name}="((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1]?.replace(/\\(.)/g, '$1');

/** The element's name from its page-model line: a field's label, else its placeholder or name; a button's or link's text. */
export function elementName(line: string): string {
  if (!line) return '';
  const field = attr(line, 'label') ?? attr(line, 'placeholder') ?? attr(line, 'name');
  if (field) return field.trim();
  const content = /^<([\w-]+)[^>]*>([\s\S]*?)<\/\1>\s*$/.exec(line.trim())?.[2];
  if (content?.trim()) return content.trim();
  return attr(line, 'title') ?? attr(line, 'value') ?? '';
}

const tagOf = (line: string) => /^<([\w-]+)/.exec(line.trim())?.[1] ?? '';
const typeOf = (line: string) => /\stype=(\w+)/.exec(line)?.[1] ?? '';
const quoteIfShort = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);
const verb = (mood: Mood, past: string, ask: string) => (mood === 'past' ? past : ask);

/** "Typed Boston into From", "Ticked Pineapple", "Chose Business in Class", "Pressed Enter". */
export function actionInWords(action: AgentAction, line: string, mood: Mood = 'past'): string {
  const raw = elementName(line);
  const name = raw ? quoteIfShort(raw) : 'an element';
  const v = (past: string, ask: string) => verb(mood, past, ask);
  switch (action.kind) {
    case 'click': {
      // a suggestion or menu entry is chosen, not clicked, as a person would say it
      if (action.button === 'left' && !action.modifiers.length && (tagOf(line) === 'option' || tagOf(line) === 'menuitem')) return `${v('Chose', 'Choose')} ${name}`;
      const how = action.button === 'right' ? v('Right-clicked', 'Right-click') : action.button === 'middle' ? v('Middle-clicked', 'Middle-click') : v('Clicked', 'Click');
      const keys = action.modifiers.length ? ` with ${action.modifiers.join('+')}` : '';
      return `${how} ${name}${keys}`;
    }
    case 'click_at':
      // named by what is at the point, as the page showed it; a drawn control has no name of its own
      return `${v('Clicked', 'Click')} ${raw ? `${name} ` : ''}at ${Math.round(action.x)}, ${Math.round(action.y)}`;
    case 'double_click':
      return `${v('Double-clicked', 'Double-click')} ${name}`;
    case 'hover':
      return `${v('Pointed at', 'Point at')} ${name}`;
    case 'type':
      return typed(action, name, mood);
    case 'clear':
      return `${v('Cleared', 'Clear')} ${name}`;
    case 'select':
      return `${v('Chose', 'Choose')} ${quoteIfShort(action.values.join(', '))} in ${name}`;
    case 'check':
      if (typeOf(line) === 'radio' || tagOf(line) === 'radio' || tagOf(line) === 'option') return `${v('Chose', 'Choose')} ${name}`;
      return action.checked ? `${v('Ticked', 'Tick')} ${name}` : `${v('Unticked', 'Untick')} ${name}`;
    case 'press': {
      const times = action.repeat > 1 ? ` ${action.repeat} times` : '';
      return `${v('Pressed', 'Press')} ${action.keys}${times}${raw ? ` in ${name}` : ''}`;
    }
    case 'upload':
      return `${v('Attached', 'Attach')} ${quoteIfShort(action.file)} to ${name}`;
    case 'scroll':
      if (action.direction === 'into_view') return `${v('Scrolled to', 'Scroll to')} ${name}`;
      return `${v('Scrolled', 'Scroll')} ${raw ? `${name} ` : ''}${action.direction}`;
    case 'navigate':
      return `${v('Opened', 'Open')} ${pageName(action.url)}`;
    case 'back':
      return v('Went back to the previous page', 'Go back to the previous page');
    case 'wait':
      if (action.text) return `${v('Waited', 'Wait')} for “${quoteIfShort(action.text)}”${action.gone ? ' to go' : ''}`;
      if (action.id !== undefined) return `${v('Waited', 'Wait')} for ${name}${action.gone ? ' to go' : ''}`;
      return `${v('Waited', 'Wait')} ${Math.round(action.timeoutMs / 100) / 10} s for the page`;
    case 'done':
      return v('Finished this step', 'Finish this step');
    case 'ask_user':
      return `${v('Asked you', 'Ask you')}: ${action.question}`;
    case 'open_tab':
      return `${v('Opened', 'Open')} ${pageName(action.url)} in a new tab`;
    case 'switch_tab':
      return `${v('Went to', 'Go to')} tab ${action.n}`;
    case 'close_tab':
      return `${v('Closed', 'Close')} tab ${action.n}`;
  }
}

/** A secret field's text is never shown: "(hidden)" is the model's text held back; empty, the person typed it. */
function typed(action: Extract<AgentAction, { kind: 'type' }>, name: string, mood: Mood): string {
  if (action.text === '(hidden)') return `${name} is secret: ${mood === 'past' ? 'left it to you' : 'you type it'}`;
  if (action.text === '') return `You typed into ${name}`;
  const text = quoteIfShort(action.text);
  if (action.mode === 'append') return `${verb(mood, 'Added', 'Add')} ${text} to ${name}`;
  return `${verb(mood, 'Typed', 'Type')} ${text} into ${name}`;
}

/** A page as a person calls it: "the results page" from its path, or the site's name for its home page. */
export function pageName(url: string): string {
  // read apart without URL: this module is shared with code that has no DOM lib (docs: typecheck's two configs)
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)/i.exec(url);
  if (!m) return url;
  const [, host = '', path = ''] = m;
  const last = path.split('/').filter(Boolean).at(-1);
  let word = last?.replace(/\.\w+$/, '').replace(/[-_]+/g, ' ').trim();
  try {
    word = word && decodeURIComponent(word);
  } catch {
    // a malformed escape is shown as it is
  }
  if (!word || /^index$/i.test(word)) return host.replace(/^[^@]*@/, '');
  return `the ${word.toLowerCase()} page`;
}

/** What an action changed, when a person would notice it: a new page. Smaller changes stay in the details. */
export function changeInWords(change: PageChange | undefined): string | null {
  if (!change || change.kind !== 'navigation') return null;
  if (/within the page/.test(change.summary)) return null;
  // the page's own title, as the browser's tab shows it ("Catalog"), rather than a word of its address
  const title = change.title?.replace(/\s+/g, ' ').trim();
  if (title) return `Opened “${title.length > 80 ? `${title.slice(0, 79)}…` : title}”`;
  return `Opened ${pageName(change.url)}`;
}

/**
 * A field that does not show what was typed into it, as the page shows it: "Promo code shows
 * “SPRI”, not “SPRING25” (it kept only the first 4 characters)", "Nickname is empty again,
 * though “Stardust” was typed into it".
 */
export function fieldCheckInWords(e: { line: string; wanted: string; shows: string }): string {
  const name = quoteIfShort(elementName(e.line) || 'A field');
  if (!e.shows) return `${name} is empty again, though “${quoteIfShort(e.wanted)}” was typed into it.`;
  const kept = [...e.shows].length;
  return `${name} shows “${quoteIfShort(e.shows)}”, not “${quoteIfShort(e.wanted)}” (it kept only the first ${kept} character${kept === 1 ? '' : 's'}).`;
}

/** "a, b and c". */
export function listInWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "name:text, price:number" (columns and their types) as "name and price"; other words as they are. */
export function columnsInWords(v: string): string {
  if (!/^[^:,]+:\s*[a-z]+\s*(?:,|$)/i.test(v)) return v;
  return listInWords(v.split(',').map((c) => c.replace(/:\s*[a-z]+\s*$/i, '').trim()).filter(Boolean));
}

/** An instruction ("open the seat map and pick a seat") rather than a thing ("the order form"): it is its own heading. */
const IMPERATIVE = /^(open|pick|choose|select|click|press|find|go|search|fill|enter|type|add|remove|set|sign|log|accept|close|scroll|read|check|tick|submit|continue|book|buy|pay|send|reply|write|follow|apply|use|save|upload|attach|download|complete|confirm|review|compare|sort|filter|change|update|delete|cancel|create|make|get|look|see|show|copy|list|collect)\b/i;

/** "Choose Female" rather than "Choose Female in Female": the value is named once when it is the control's own name. */
const choose = (t: string, v: string) => (t.trim().toLowerCase() === v.trim().toLowerCase() || t.toLowerCase().includes(`"${v.toLowerCase()}"`) ? `Choose ${v}` : `Choose ${v} in ${t}`);

const POLICY_WORDS: Record<string, (t: string, v: string) => string> = {
  FILL_TEXT: (t, v) => (v ? `Fill ${t} with ${v}` : `Fill ${t}`),
  CHOOSE_DATE: (t, v) => (v ? `Pick ${v} in ${t}` : `Pick a date in ${t}`),
  SELECT: (t, v) => (v ? choose(t, v) : `Choose in ${t}`),
  CHECK: (t, v) => (v && !/^(true|yes|on|checked)$/i.test(v) ? choose(t, v) : `Tick ${t}`),
  CLICK: (t) => `Click ${t}`,
  UPLOAD_FILE: (t, v) => (v ? `Attach ${v} to ${t}` : `Attach a file to ${t}`),
  SEARCH_AND_OPEN: (t, v) => (v ? `Search for ${v} and open ${t}` : `Find and open ${t}`),
  ACT: (t, v) => `${IMPERATIVE.test(t.trim()) ? t.trim().replace(/^./, (c) => c.toUpperCase()) : `Work on ${t || 'the page'}`}${v ? `: ${v}` : ''}`,
  // "rating:number, reviews:number" are columns to collect; other words are what to do on each
  EACH: (t, v) => `For each of ${t}: ${/^[^:]+:\s*[a-z]+\s*(?:,|$)/i.test(v) ? `collect ${v.replace(/\s*:\s*[a-z]+/gi, '')}` : v}`,
  // the columns to read, "name:text, price:number", as words
  EXTRACT: (t, v) => (v ? `Read ${columnsInWords(v)} of ${t || 'the page'} into a table` : `Read ${t || 'the page'} into a table`),
};

/** A plan step as a heading: "Fill From with Boston", "Click Find flights". */
export function stepInWords(call: PlanStep): string {
  const name = call.policy.trim().toUpperCase().replace(/[\s-]+/g, '_');
  const target = /^\d+$/.test(call.target) ? `element ${call.target}` : call.target;
  const words = POLICY_WORDS[name];
  if (words) return words(target, call.value);
  return [name.toLowerCase().replace(/_/g, ' '), target, call.value].filter(Boolean).join(' ');
}

/**
 * A step's failure as the model was told it ("`type 4 "«CVC»"` could not run (not_editable: the
 * field "CVC" is still empty after typing…)") in the person's words: what the page did.
 */
export function failureInWords(summary: string): string {
  const ran = /^`[^`]*` could not run \((?:[a-z_]+: )?([\s\S]*)\)\.?$/.exec(summary.trim());
  // "EXTRACT: the extract call is malformed: thought Invalid input…" is the model's, and for its eyes
  if (!ran && /^[A-Z_]+: .*\bmalformed\b/.test(summary.trim())) return 'The model’s answer could not be used';
  return (ran ? ran[1]! : summary).replace(/^./, (c) => c.toUpperCase());
}

/**
 * A page's refusal names elements by the ids the model reads ("element 3 is read-only"): the
 * person reads them by name ("“City” is read-only"), from the actions of the same step, and an id
 * with no name there as "it".
 */
export function idsInWords(text: string, names: ReadonlyMap<number, string>): string {
  return text.replace(/\b([Ee])lement (\d+)/g, (_m, e: string, id: string) => {
    const name = names.get(Number(id));
    if (name) return `“${quoteIfShort(name)}”`;
    return e === 'E' ? 'It' : 'it';
  });
}

/** The names of the elements a step's actions acted on, by id, for idsInWords. */
export function namesById(actions: ActionLike[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const a of actions) {
    const id = (a.action as { id?: unknown }).id;
    const name = elementName(a.line);
    if (typeof id === 'number' && name) names.set(id, name);
  }
  return names;
}

/** Whether a trial ended because the page would not take an action, rather than on the model's answers. */
export const pageRefusedIn = (reason: string): boolean => /^`[^`]*` could not run \(/.test(reason.trim());

export type Outcome = 'done' | 'failed' | 'error' | 'stopped';

/** A model that ends with "I can't do it" did not succeed, whatever flag it set: the colour follows the words. */
const SAYS_NOT_DONE = /\b(?:i|we|it)\s+(?:can ?not|can't|cannot|could ?not|couldn't|was unable|am unable|is unable|were unable|did not|didn't)\b|\b(?:unable to|not possible|impossible to|no way to|failed to)\b/i;

export function outcomeOf(end: { type: 'done'; success: boolean; summary: string } | { type: 'error' } | { type: 'stopped' }): Outcome {
  if (end.type !== 'done') return end.type;
  return end.success && !SAYS_NOT_DONE.test(end.summary.replace(/[’‘]/g, "'")) ? 'done' : 'failed';
}

type ActionLike = { action: AgentAction; line: string };

/**
 * Many like actions in a row (24 boxes ticked) read as one line: "Ticked 24: Topping 1, Topping 2,
 * Topping 3, … Topping 24". Null when they are not all of one kind with one verb.
 */
export function manyInWords(actions: ActionLike[]): string | null {
  if (actions.length < 4) return null;
  const words = actions.map((a) => actionInWords(a.action, a.line));
  const shared = /^(Ticked|Unticked|Clicked|Chose|Cleared) /.exec(words[0]!)?.[1];
  if (!shared || !actions.every((a) => a.action.kind === actions[0]!.action.kind) || !words.every((w) => w.startsWith(`${shared} `))) return null;
  const names = words.map((w) => w.slice(shared.length + 1));
  // four are all named; from five, the first three and the last, the rest in the line's tooltip
  if (names.length === 4) return `${shared} 4: ${listInWords(names)}`;
  return `${shared} ${names.length}: ${names.slice(0, 3).join(', ')}, … ${names.at(-1)}`;
}

/**
 * Why a run stopped, once, as a sentence under a "Stopped" title: "stopped by you" reads "You
 * stopped it.", another reason as it was given, without a second "stopped" in front of it.
 */
/**
 * A run's start line. A resume goes on within the same attempt (its number changes only after a
 * reflection), so it says which attempt only from the second on: two "Resumed (attempt 1)" in a
 * row read as one line written twice.
 */
export function startedInWords(e: { resumed?: boolean; trial: number }): string {
  if (!e.resumed) return 'Started';
  return e.trial > 0 ? `Resumed (attempt ${e.trial + 1})` : 'Resumed';
}

/** How a run's stop reason begins when the person refused a payment, a send or a deletion (src/agent/loop/execute.ts). */
export const REFUSED_STOP = 'you did not allow ';

/** What the person refused, when a run stopped because they did ("Click "Pay $42.00" (button) on shop.test"); else null. */
export function refusedIn(reason: string | undefined): string | null {
  const r = (reason ?? '').trim();
  if (!r.toLowerCase().startsWith(REFUSED_STOP)) return null;
  return r.slice(REFUSED_STOP.length).replace(/, so nothing more was done\.?$/, '').trim() || null;
}

const stopReason = (reason?: string) => (reason ?? '').trim().replace(/^stopped(:|\s+because)?\s+/i, '');

/** Whether a run stopped because the person pressed Stop (not a refusal, a closed tab or an error). */
export const stoppedByPerson = (reason?: string): boolean => /^by you\.?$/i.test(stopReason(reason));

export function stopInWords(reason?: string): string {
  const r = stopReason(reason);
  if (!r) return 'It stopped before the end.';
  if (stoppedByPerson(reason)) return 'You stopped it.';
  return `${r[0]!.toUpperCase()}${r.slice(1)}${/[.!?]$/.test(r) ? '' : '.'}`;
}
