import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import type { ElementInfo } from '../../../src/shared/page';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';

// A page that opened a WebSocket can send over it from any handler, and no request hold sees a
// frame: with the socket known, pressing or changing a control asks first, whatever it says.

const held: GateContext = { allowedHosts: ['bank.test'], approvals: [], pageUrl: 'https://bank.test/adviser', requestsHeld: true };
const live: GateContext = { ...held, liveConnection: 'bank.test' };
const el = (over: Partial<ElementInfo>): ElementInfo => ({ id: 1, tag: 'button', role: 'button', name: '', secret: false, line: '', ...over });
const click: AgentAction = { kind: 'click', id: 1, button: 'left', modifiers: [] };
const press = (keys: string): AgentAction => ({ kind: 'press', id: 1, keys, repeat: 1 });
const select: AgentAction = { kind: 'select', id: 1, values: ['On for M. Evans'] };
const check: AgentAction = { kind: 'check', id: 1, checked: true };
const type: AgentAction = { kind: 'type', id: 1, text: 'hello', mode: 'replace' };

describe('gate: a page with a live connection', () => {
  it.each<[string, AgentAction, ElementInfo]>([
    ['a click on "Continue"', click, el({ name: 'Continue' })],
    ['Space on "Continue"', press('Space'), el({ name: 'Continue' })],
    ['an option chosen in "Autopay"', select, el({ tag: 'select', role: 'combobox', name: 'Autopay' })],
    ['a box ticked', check, el({ tag: 'input', role: 'checkbox', inputType: 'checkbox', name: 'Round up my payments' })],
    ['an unnamed icon button', click, el({ name: '' })],
  ])('%s asks, where with the requests held alone it would not', (_, action, element) => {
    expect(gateAction(action, element, held)).toEqual({ kind: 'allow' });
    const v = gateAction(action, element, live);
    expect(v).toMatchObject({ kind: 'confirm', category: 'other', irreversible: false });
    expect(v.kind === 'confirm' && v.reason).toMatch(/live connection to bank\.test/);
  });

  it('"allow for this task" covers the same control only', () => {
    const cont = gateAction(click, el({ name: 'Continue' }), live);
    const key = cont.kind === 'confirm' ? cont.approvalKey : undefined;
    expect(key).toBeTruthy();
    const approved = { ...live, approvals: [key!] };
    expect(gateAction(click, el({ name: 'Continue' }), approved)).toEqual({ kind: 'allow' });
    expect(gateAction(select, el({ tag: 'select', role: 'combobox', name: 'Autopay' }), approved)).toMatchObject({ kind: 'confirm' });
  });

  it.each<[string, AgentAction, ElementInfo]>([
    ['a same-site link (a GET, judged as links are)', click, el({ tag: 'a', role: 'link', name: 'Statements', href: 'https://bank.test/statements' })],
    ['a menu button', click, el({ name: 'Account', popup: true })],
    ['a tab', click, el({ role: 'tab', name: 'History' })],
    ['a click into a text field (focus)', click, el({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Message' })],
    ['typing into a field', type, el({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Message' })],
  ])('%s does not ask', (_, action, element) => {
    expect(gateAction(action, element, live)).toEqual({ kind: 'allow' });
  });

  it('words that commit stay irreversible', () => {
    expect(gateAction(click, el({ name: 'Pay $420' }), live)).toMatchObject({ kind: 'confirm', category: 'payment', irreversible: true });
  });
});
