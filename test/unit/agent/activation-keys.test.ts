import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/shared/action';
import type { ElementInfo } from '../../../src/shared/page';
import { activationOf, shortcutQuestion } from '../../../src/agent/safety/activation';
import { gateAction, type GateContext } from '../../../src/agent/safety/gate';

// A key that neither types into a field nor only moves around can set off one of the page's own
// keyboard shortcuts ("#" or Delete deletes the open mail): its effect is unknown, so the gate asks.
const ctx: GateContext = { allowedHosts: ['mail.example'], approvals: [], pageUrl: 'https://mail.example/inbox' };
const el = (over: Partial<ElementInfo>): ElementInfo => ({ id: 1, tag: 'div', role: '', name: '', secret: false, line: '', ...over });
const press = (keys: string): AgentAction => ({ kind: 'press', id: 1, keys, repeat: 1 });

const body = el({ tag: 'body', role: 'document', name: 'Inbox' });
const row = el({ tag: 'tr', role: 'row', name: 'Invoice from ACME', text: 'Invoice from ACME' });
const rowLink = el({ tag: 'a', role: 'link', name: 'Invoice from ACME', href: 'https://mail.example/m/7' });
const field = el({ tag: 'input', role: 'textbox', inputType: 'text', name: 'Search mail' });
const box = el({ tag: 'textarea', role: 'textbox', name: 'Message' });
const editable = el({ tag: 'div', role: 'textbox', name: 'Write a reply' });
const checkbox = el({ tag: 'input', role: 'checkbox', inputType: 'checkbox', name: 'Select' });

describe('a key press off a field is a shortcut of unknown effect', () => {
  it.each([
    ['Delete', body],
    ['#', body],
    ['e', row],
    ['Backspace', row],
    ['Shift+3', row],
    ['Delete', rowLink],
    ['Enter', row],
    ['Space', body],
    ['F5', body],
    ['Control+Enter', body],
  ])('press %j on %o is a shortcut', (keys, on) => {
    expect(activationOf(press(keys), on)).toMatchObject({ shortcut: expect.any(String) });
  });

  it.each([
    ['Tab', body],
    ['Shift+Tab', row],
    ['ArrowDown ArrowDown', row],
    ['Escape', body],
    ['PageDown', body],
    ['Home End', body],
  ])('plain navigation %j on %o is no activation', (keys, on) => {
    expect(activationOf(press(keys), on)).toBeNull();
  });

  it.each([
    ['e', field],
    ['Delete', field],
    ['Backspace', box],
    ['Control+A Backspace', field],
    ['#', editable],
    ['Space', box],
  ])('typing or editing %j in a field %o is no activation', (keys, on) => {
    expect(activationOf(press(keys), on)).toBeNull();
  });

  it('a chord with Control, Alt or Meta in a field that does not edit its text is a shortcut too', () => {
    expect(activationOf(press('Control+s'), field)).toMatchObject({ shortcut: 'Control+s' });
    expect(activationOf(press('Alt+d'), box)).toMatchObject({ shortcut: 'Alt+d' });
  });

  it('after Tab the focus is on an element the gate has not seen: what follows is a shortcut', () => {
    expect(activationOf(press('Tab Enter'), field)).toMatchObject({ shortcut: 'Tab Enter' });
    expect(activationOf(press('Tab Tab'), field)).toBeNull();
  });

  it('Enter and Space on a control or a toggle are still judged as pressing it', () => {
    expect(activationOf(press('Space'), checkbox)).toEqual({ via: 'pressing Space on', submits: false });
    expect(activationOf(press('Enter'), el({ tag: 'button', role: 'button', name: 'Next' }))).toEqual({ via: 'pressing Enter on', submits: false });
  });

  it('a key list the parser cannot read is judged as the most it could do', () => {
    expect(activationOf(press('Enter#'), body)).toMatchObject({ shortcut: 'Enter#' });
  });

  it('the question names the keys and the element, for the card and the approval', () => {
    const a = activationOf(press('Delete'), row)!;
    expect(shortcutQuestion(a, row)).toEqual({
      words: 'keys Delete on Invoice from ACME',
      reason: 'pressing Delete on "Invoice from ACME" does not type into a field: the page\'s own keyboard shortcuts decide what it does, and the gate cannot know them',
    });
    expect(shortcutQuestion(activationOf(press('Enter'), el({ tag: 'button', role: 'button', name: 'Next' }))!, row)).toBeNull();
  });
});

describe('Enter in a message box is how composers send', () => {
  it.each([
    ['Enter', box],
    ['Enter', editable],
    ['Control+Enter', box],
    ['Meta+Enter', editable],
  ])('%j in %o is a composer activation', (keys, on) => {
    expect(activationOf(press(keys), on)).toMatchObject({ composer: true });
    expect(gateAction(press(keys), on, ctx)).toMatchObject({ kind: 'confirm', category: 'send', irreversible: true });
  });

  it('Shift+Enter starts a new line; Enter in a one-line field without a form does nothing by itself', () => {
    expect(activationOf(press('Shift+Enter'), box)).toBeNull();
    expect(activationOf(press('Enter'), field)).toBeNull();
  });
});

describe('the gate on shortcut keys', () => {
  it('press Delete on the page or a mail row asks (other), and the approval covers those keys on that element only', () => {
    expect(gateAction(press('Delete'), body, ctx)).toMatchObject({ kind: 'confirm', category: 'other', irreversible: false });
    const verdict = gateAction(press('#'), rowLink, ctx);
    expect(verdict).toMatchObject({ kind: 'confirm', category: 'other', approvalKey: 'other:mail.example:keys # on Invoice from ACME' });
    expect(gateAction(press('#'), rowLink, { ...ctx, approvals: ['other:mail.example:keys # on Invoice from ACME'] })).toEqual({ kind: 'allow' });
  });

  it('a shortcut key on a control whose words commit asks already', () => {
    expect(gateAction(press('Delete'), el({ tag: 'button', role: 'button', name: 'Delete conversation' }), ctx)).toMatchObject({ kind: 'confirm', category: 'delete' });
  });
});
