import { describe, expect, it } from 'vitest';
import { AgentAction, type AgentAction as Action } from '../../../src/shared/action';
import { actionInWords, changeInWords, columnsInWords, elementName, failureInWords, fieldCheckInWords, idsInWords, namesById, pageRefusedIn, listInWords, manyInWords, outcomeOf, stepInWords, stopInWords } from '../../../src/shared/plain-words';

const FIELD = '<input id=10 label="From" placeholder="City or airport" collapsed>';
const BOX = '<input id=6 type=checkbox label="Pineapple">';
const RADIO = '<input id=13 type=radio label="One way">';
const BUTTON = '<button id=14>Find flights</button>';
const SELECT = '<select id=9 label="Class" value="Economy" options="Economy|Business">';

/** One example of every kind of the shared action union, with the element it acts on and the words a person reads. */
const CASES: Record<Action['kind'], [Record<string, unknown>, string, string][]> = {
  click: [
    [{ id: 14 }, BUTTON, 'Clicked Find flights'],
    [{ id: 14, button: 'right' }, BUTTON, 'Right-clicked Find flights'],
    [{ id: 14, modifiers: ['Control'] }, BUTTON, 'Clicked Find flights with Control'],
    [{ id: 16 }, '<option id=16>Boston (BOS) Logan International</option>', 'Chose Boston (BOS) Logan International'],
  ],
  click_at: [
    [{ x: 120.4, y: 80 }, '<canvas id=3>', 'Clicked at 120, 80'],
    [{ x: 40, y: 22 }, BUTTON, 'Clicked Find flights at 40, 22'],
  ],
  double_click: [[{ id: 14 }, BUTTON, 'Double-clicked Find flights']],
  hover: [[{ id: 14 }, BUTTON, 'Pointed at Find flights']],
  type: [
    [{ id: 10, text: 'Boston' }, FIELD, 'Typed Boston into From'],
    [{ id: 10, text: ' MA', mode: 'append' }, FIELD, 'Added  MA to From'],
    [{ id: 10, text: '(hidden)' }, '<input id=5 label="Expiry" value=(empty)>', 'Expiry is secret: left it to you'],
  ],
  clear: [[{ id: 10 }, FIELD, 'Cleared From']],
  select: [[{ id: 9, values: ['Business'] }, SELECT, 'Chose Business in Class']],
  check: [
    [{ id: 6 }, BOX, 'Ticked Pineapple'],
    [{ id: 6, checked: false }, BOX, 'Unticked Pineapple'],
    [{ id: 13 }, RADIO, 'Chose One way'],
  ],
  press: [
    [{ keys: 'Enter' }, '', 'Pressed Enter'],
    [{ keys: 'ArrowDown', id: 10, repeat: 3 }, FIELD, 'Pressed ArrowDown 3 times in From'],
  ],
  scroll: [
    [{}, '', 'Scrolled down'],
    [{ id: 14, direction: 'into_view' }, BUTTON, 'Scrolled to Find flights'],
  ],
  upload: [[{ id: 21, file: 'cv.pdf' }, '<input id=21 type=file label="Your CV" accept=".pdf">', 'Attached cv.pdf to Your CV']],
  navigate: [
    [{ url: 'https://air.example/flights/results?x=1' }, '', 'Opened the results page'],
    [{ url: 'https://air.example/' }, '', 'Opened air.example'],
  ],
  back: [[{}, '', 'Went back to the previous page']],
  wait: [
    [{ text: 'Results' }, '', 'Waited for “Results”'],
    [{ text: 'Loading', gone: true }, '', 'Waited for “Loading” to go'],
    [{ timeoutMs: 2000 }, '', 'Waited 2 s for the page'],
  ],
  done: [[{ summary: 'ok' }, '', 'Finished this step']],
  ask_user: [[{ question: 'Which size?' }, '', 'Asked you: Which size?']],
  open_tab: [[{ url: 'https://shop-b.example/' }, '', 'Opened shop-b.example in a new tab']],
  switch_tab: [[{ n: 2 }, '', 'Went to tab 2']],
  close_tab: [[{ n: 3 }, '', 'Closed tab 3']],
};

describe('the timeline in plain words', () => {
  it('covers every kind of the shared action union', () => {
    const kinds = AgentAction.options.map((o) => o.shape.kind.value);
    expect(Object.keys(CASES).sort()).toEqual([...kinds].sort());
  });

  for (const [kind, cases] of Object.entries(CASES)) {
    it(`says what a ${kind} did, by the element's own name, with no markup or id`, () => {
      for (const [fields, line, words] of cases) {
        const action = AgentAction.parse({ kind, ...fields });
        const said = actionInWords(action, line);
        expect(said).toBe(words);
        expect(said).not.toMatch(/<|id=|\bid\b/);
      }
    });
  }

  it('asks rather than reports for an action that waits for the person', () => {
    expect(actionInWords(AgentAction.parse({ kind: 'click', id: 3 }), '<button id=3>Pay $42.00</button>', 'ask')).toBe('Click Pay $42.00');
    expect(actionInWords(AgentAction.parse({ kind: 'check', id: 6 }), BOX, 'ask')).toBe('Tick Pineapple');
  });

  it('names an element by label, then placeholder, then its text', () => {
    expect(elementName(FIELD)).toBe('From');
    expect(elementName('<input id=4 placeholder="City or airport">')).toBe('City or airport');
    expect(elementName('<option id=16>Boston (BOS) Logan International</option>')).toBe('Boston (BOS) Logan International');
    expect(elementName('<input id=2 label="Say \\"hi\\"">')).toBe('Say "hi"');
    expect(actionInWords(AgentAction.parse({ kind: 'click', id: 1 }), ''), 'no line').toBe('Clicked an element');
  });

  it('tells a new page, and keeps element counts out', () => {
    expect(changeInWords({ kind: 'navigation', url: 'http://a.test/airline/passengers?s=1', added: 0, removed: 0, summary: 'loaded …' })).toBe('Opened the passengers page');
    expect(changeInWords({ kind: 'dom', url: 'http://a.test/', added: 71, removed: 70, summary: '71 elements added, 70 removed' })).toBeNull();
    // the page's title, as its tab shows it, before a word of its address
    expect(changeInWords({ kind: 'navigation', url: 'http://a.test/extract/table', title: 'Catalog', added: 0, removed: 0, summary: 'loaded …' })).toBe('Opened “Catalog”');
  });

  it('heads each plan step in words, not policy names', () => {
    expect(stepInWords({ policy: 'FILL_TEXT', target: 'From', value: 'Boston' })).toBe('Fill From with Boston');
    expect(stepInWords({ policy: 'CHECK', target: 'Trip type', value: 'One way' })).toBe('Choose One way in Trip type');
    expect(stepInWords({ policy: 'CHOOSE_DATE', target: 'Departure date', value: '25 May 2027' })).toBe('Pick 25 May 2027 in Departure date');
    expect(stepInWords({ policy: 'click', target: 'Find flights', value: '' })).toBe('Click Find flights');
    expect(stepInWords({ policy: 'ACT', target: 'the order form', value: '' })).toBe('Work on the order form');
    // an instruction is its own heading; a value that is the control's own name is said once
    expect(stepInWords({ policy: 'ACT', target: 'open the seat map and pick a window seat', value: '' })).toBe('Open the seat map and pick a window seat');
    expect(stepInWords({ policy: 'CHECK', target: 'Female', value: 'Female' })).toBe('Choose Female');
    // what the model was told of a failed step, as the person reads it
    expect(failureInWords('`type 4 "«CVC»"` could not run (not_editable: the field "CVC" is still empty after typing: the page did not take the text)')).toBe('The field "CVC" is still empty after typing: the page did not take the text');
    expect(failureInWords('the page stopped changing')).toBe('The page stopped changing');
    expect(failureInWords('EXTRACT: the extract call is malformed: thought Invalid input: expected string, received undefined')).toBe('The model’s answer could not be used');
    expect(pageRefusedIn('`click 3` could not run (gone: no element 3)')).toBe(true);
    expect(pageRefusedIn('planner: the step index must be a number')).toBe(false);
    expect(stepInWords({ policy: 'SELECT', target: 'Country', value: 'France' })).toBe('Choose France in Country');
  });

  it('colours an ending by what it says: "I can\'t do it" is not a success', () => {
    expect(outcomeOf({ type: 'done', success: true, summary: 'Booked SW1911 for $101.' })).toBe('done');
    expect(outcomeOf({ type: 'done', success: true, summary: 'I can’t do it: the site needs a phone number.' })).toBe('failed');
    expect(outcomeOf({ type: 'done', success: true, summary: 'I was unable to find the flight.' })).toBe('failed');
    expect(outcomeOf({ type: 'done', success: false, summary: 'Out of steps.' })).toBe('failed');
    expect(outcomeOf({ type: 'stopped' })).toBe('stopped');
  });

  it('reads many like actions in a row as one line, and different ones not', () => {
    const box = (n: number) => ({ action: AgentAction.parse({ kind: 'check', id: n }), line: `<input id=${n} type=checkbox label="Topping ${n}">` });
    expect(manyInWords(Array.from({ length: 24 }, (_, i) => box(i + 1)))).toBe('Ticked 24: Topping 1, Topping 2, Topping 3, … Topping 24');
    expect(manyInWords([box(1), box(2), box(3)])).toBeNull();
    // four are all named: no ellipsis that hides nothing
    expect(manyInWords([box(1), box(2), box(3), box(4)])).toBe('Ticked 4: Topping 1, Topping 2, Topping 3 and Topping 4');
    const typed = { action: AgentAction.parse({ kind: 'type', id: 9, text: 'x' }), line: '<input id=9 label="Name">' };
    expect(manyInWords([box(1), box(2), box(3), typed])).toBeNull();
  });
});

describe('an extraction step in words', () => {
  it('names the columns, not the schema the planner wrote', () => {
    expect(stepInWords({ policy: 'EXTRACT', target: 'every product, up to 3 pages', value: 'name:text, price:number, rating:number' } as never)).toBe('Read name, price and rating of every product, up to 3 pages into a table');
    expect(stepInWords({ policy: 'EXTRACT', target: 'the results', value: '' } as never)).toBe('Read the results into a table');
    expect(columnsInWords('the cheapest fares')).toBe('the cheapest fares');
    expect(listInWords(['a'])).toBe('a');
  });
});

describe('why a run stopped', () => {
  it('says it once, in plain words', () => {
    expect(stopInWords('stopped by you')).toBe('You stopped it.');
    expect(stopInWords('Stopped: the browser was closed')).toBe('The browser was closed.');
    expect(stopInWords('the tab was closed.')).toBe('The tab was closed.');
    expect(stopInWords(undefined)).toBe('It stopped before the end.');
  });
});

describe('a field that does not show what was typed (fieldCheckInWords)', () => {
  it('names the field as the page does, and says what it shows or that it is empty', () => {
    expect(fieldCheckInWords({ line: '<input id=6 label="Promo code" value="SPRI">', wanted: 'SPRING25', shows: 'SPRI' })).toBe('Promo code shows “SPRI”, not “SPRING25” (it kept only the first 4 characters).');
    expect(fieldCheckInWords({ line: '<input id=5 label="Nickname" value="">', wanted: 'Stardust', shows: '' })).toBe('Nickname is empty again, though “Stardust” was typed into it.');
  });
});

describe('ids in a page refusal (idsInWords)', () => {
  it('names the element as the step acted on it, and an unknown one as it', () => {
    const names = namesById([{ action: { kind: 'type', id: 3, text: 'Lyon', mode: 'replace' } as Action, line: '<input id=3 label="City" readonly>' }]);
    expect(idsInWords(failureInWords('`type 3 "Lyon"` could not run (not_editable: element 3 is read-only)'), names)).toBe('“City” is read-only');
    expect(idsInWords('Element 9 is no longer on the page', names)).toBe('It is no longer on the page');
  });
});
