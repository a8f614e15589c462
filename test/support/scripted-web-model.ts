import type { ScriptedAnswer } from './llm-server';
import {
  callOf,
  elementsOf,
  findElement,
  notesOf,
  pageOf,
  previousActionsOf,
  textLinesOf,
  wantsOneAction,
  type ModelInput,
  type PageElement,
} from './model-reading';

/**
 * Scripted answers for the web policies, written the way a model following the policy prompts
 * would answer: it reads the instruction and the page in the request, finds elements by their
 * labels and texts, and gives every action the screen allows (or exactly one when the prompt asks
 * for one action per answer). Nothing here knows element ids in advance.
 */

type Action = Record<string, unknown> & { kind: string };

export const plan = (reasoning: string, steps: { policy: string; target: string; value?: string }[]): ScriptedAnswer => ({
  toolCalls: [{ name: 'plan', args: { reasoning, steps: steps.map((s) => ({ value: '', ...s })) } }],
});

/** The planner of a task done in one plan: the plan first, then an empty plan (nothing left to do). */
export function planOnce(reasoning: string, steps: Parameters<typeof plan>[1], doneReasoning: string): () => ScriptedAnswer {
  let plans = 0;
  return () => (plans++ === 0 ? plan(reasoning, steps) : plan(doneReasoning, []));
}

export const act = (thought: string, actions: Action[]): ScriptedAnswer => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });

export const reflectAnswer = (diagnosis: string, step: number, correction: Action): ScriptedAnswer => ({
  toolCalls: [{ name: 'reflect', args: { diagnosis, step, correction } }],
});

const done = (summary: string): Action => ({ kind: 'done', summary });
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const isTextField = (e: PageElement) =>
  ['input', 'textarea', 'textbox', 'combobox', 'searchbox'].includes(e.tag) && !['radio', 'checkbox', 'submit', 'button'].includes(e.type);
const isChoice = (e: PageElement) => ['radio', 'checkbox'].includes(e.type) || ['radio', 'checkbox', 'switch'].includes(e.tag);
const isClickable = (e: PageElement) => ['button', 'a', 'tab', 'option', 'menuitem', 'link'].includes(e.tag) || ['submit', 'button'].includes(e.type);

/** The items of a CHECK value ("A, B and C"), unless one box is named by the whole value ("Click and collect"). */
export function itemsOf(value: string, els: PageElement[]): string[] {
  if (findElement(els, value, isChoice) && els.some((e) => isChoice(e) && norm(e.label) === norm(value))) return [value];
  return value.split(/, | and /).map((s) => s.trim()).filter(Boolean);
}

/** The answer of a policy request, for FILL_TEXT, CHOOSE_DATE, SELECT, CLICK and CHECK. */
export function policyAnswer(r: ModelInput): ScriptedAnswer {
  const call = callOf(r);
  const page = pageOf(r);
  const els = elementsOf(page);
  const previous = previousActionsOf(r);
  const notes = notesOf(r);
  const one = wantsOneAction(r);
  const answer = (thought: string, actions: Action[]) => act(thought, one ? actions.slice(0, 1) : actions);
  if (notes.some((n) => /refused/.test(n))) return act('The person refused that action, so I stop here.', [done('The person refused the action.')]);

  switch (call.policy) {
    case 'FILL_TEXT': {
      const field = findElement(els, call.target, isTextField);
      if (!field) throw new Error(`FILL_TEXT: no field "${call.target}" on the page`);
      if (field.value === '(filled)') return act('The field is already filled in.', [done(`${call.target} is filled`)]);
      const typed = previous.some((l) => l.startsWith(`type ${field.id} `));
      const options = els.filter((e) => e.tag === 'option');
      if (typed && field.expanded && options.length) {
        const want = norm(call.value);
        const option = options.find((o) => norm(o.text).startsWith(want)) ?? options.find((o) => norm(o.text).includes(want)) ?? options[0]!;
        return answer(`The suggestion "${option.text}" matches; I pick it.`, [{ kind: 'click', id: option.id }, done(`${call.target}: ${option.text}`)]);
      }
      if (field.value && norm(field.value).startsWith(norm(call.value)) && !field.expanded) {
        return act(`${call.target} shows the text.`, [done(`${call.target} filled`)]);
      }
      const autocomplete = field.expanded || field.collapsed || field.tag === 'combobox';
      const type: Action = { kind: 'type', id: field.id, text: call.value };
      return autocomplete
        ? answer(`The ${call.target} field suggests as I type; I type and look for suggestions.`, [type])
        : answer(`The ${call.target} field is id ${field.id}; I type the text.`, [type, done(`${call.target} filled`)]);
    }
    case 'CHOOSE_DATE': {
      const field = findElement(els, call.target, isTextField);
      if (!field) throw new Error(`CHOOSE_DATE: no field "${call.target}" on the page`);
      const m = /(\d{1,2}) (\w+) (\d{4})/.exec(call.value);
      if (!m) throw new Error(`CHOOSE_DATE: cannot read the date "${call.value}"`);
      const [day, monthName, year] = [Number(m[1]), m[2]!, Number(m[3])];
      const month = MONTHS.indexOf(monthName);
      if (norm(field.value) === norm(`${day} ${monthName} ${year}`)) return act('The field shows the date.', [done(`${call.target}: ${call.value}`)]);
      const heading = textLinesOf(page).map((l) => /^(\w+) (\d{4})$/.exec(l)).find((h) => h && MONTHS.includes(h[1]!));
      if (!heading) {
        return answer('The date picker is closed; I open it by clicking the field.', [{ kind: 'click', id: field.id }]);
      }
      const diff = (year - Number(heading[2])) * 12 + (month - MONTHS.indexOf(heading[1]!));
      if (diff !== 0) {
        const button = findElement(els, diff > 0 ? 'Next month' : 'Previous month', isClickable);
        if (!button) throw new Error('CHOOSE_DATE: no month button');
        return answer(`The picker shows ${heading[0]}; ${call.value} is ${Math.abs(diff)} month(s) ${diff > 0 ? 'later' : 'earlier'}, so I move one month.`, [{ kind: 'click', id: button.id }]);
      }
      const dayButton = els.find((e) => e.tag === 'button' && !e.disabled && new RegExp(`\\b${day} ${monthName} ${year}\\b`).test(e.text));
      if (!dayButton) throw new Error(`CHOOSE_DATE: no button for ${call.value}`);
      return answer(`The picker shows ${heading[0]}; I click day ${day}.`, [{ kind: 'click', id: dayButton.id }, done(`${call.target}: ${call.value}`)]);
    }
    case 'SELECT': {
      const field = findElement(els, call.target, (e) => e.tag === 'select' || e.tag === 'combobox');
      if (!field) throw new Error(`SELECT: no dropdown "${call.target}" on the page`);
      if (norm(field.value) === norm(call.value)) return act(`${call.target} shows ${call.value}.`, [done(`${call.target}: ${call.value}`)]);
      if (field.tag === 'select') {
        return answer(`${call.target} is a native select, id ${field.id}.`, [{ kind: 'select', id: field.id, values: [call.value] }, done(`${call.target}: ${call.value}`)]);
      }
      const option = els.find((e) => e.tag === 'option' && norm(e.text) === norm(call.value));
      if (option) return answer(`The list is open; I click ${call.value}.`, [{ kind: 'click', id: option.id }, done(`${call.target}: ${call.value}`)]);
      return answer('I open the dropdown.', [{ kind: 'click', id: field.id }]);
    }
    case 'CHECK': {
      const items = itemsOf(call.value, els);
      const boxes = items.map((item) => {
        const box = findElement(els, item, isChoice);
        if (!box) throw new Error(`CHECK: no box "${item}" on the page`);
        return box;
      });
      const todo = boxes.filter((b) => !b.checked);
      if (!todo.length) return act('Every wanted box shows checked.', [done(`checked ${call.value}`)]);
      return answer(`I tick ${todo.map((b) => b.label).join(', ')}.`, [...todo.map((b) => ({ kind: 'check', id: b.id, checked: true })), done(`checked ${call.value}`)]);
    }
    case 'CLICK': {
      if (previous.length) return act('The click happened.', [done(`clicked ${call.target}`)]);
      const target = findElement(els, call.target, isClickable) ?? findElement(els, call.target);
      if (!target) throw new Error(`CLICK: nothing called "${call.target}" on the page`);
      return answer(`"${call.target}" is id ${target.id}.`, [{ kind: 'click', id: target.id }, done(`clicked ${call.target}`)]);
    }
    case 'ACT': {
      // A form instruction: `type "v" into "Label", choose "v" in "Label", tick "Item", then click "Button"`.
      const parts = [...call.target.matchAll(/(type|choose|tick|click) "([^"]*)"(?: (?:into|in) "([^"]*)")?/g)];
      if (!parts.length) throw new Error(`ACT: no scripted reading of "${call.target}"`);
      const submit = parts.find((p) => p[1] === 'click');
      if (submit && previous.some((l) => l.startsWith('click ')) && !findElement(els, submit[2]!, isClickable)) {
        return act('The form was sent; the page moved on.', [done('submitted')]);
      }
      const actions: Action[] = [];
      for (const [, verb, a, b] of parts) {
        if (verb === 'click') {
          const button = findElement(els, a!, isClickable);
          if (!button) return act('The form was sent; the page moved on.', [done('submitted')]);
          if (!previous.some((l) => l.startsWith(`click ${button.id}`))) actions.push({ kind: 'click', id: button.id });
        } else if (verb === 'tick') {
          const box = findElement(els, a!, isChoice);
          if (!box) throw new Error(`ACT: no box "${a}"`);
          if (!box.checked) actions.push({ kind: 'check', id: box.id, checked: true });
        } else {
          const field = findElement(els, b!, verb === 'type' ? isTextField : (e) => e.tag === 'select');
          if (!field) throw new Error(`ACT: no field "${b}"`);
          if (norm(field.value) !== norm(a!)) actions.push(verb === 'type' ? { kind: 'type', id: field.id, text: a } : { kind: 'select', id: field.id, values: [a] });
        }
      }
      if (!actions.length) return act('Everything the instruction asks is on the page.', [done('form filled and sent')]);
      return answer(`I fill the form from the top: ${actions.length} action(s) left.`, [...actions, done('form filled and sent')]);
    }
    default:
      throw new Error(`no scripted behaviour for ${call.policy}`);
  }
}
