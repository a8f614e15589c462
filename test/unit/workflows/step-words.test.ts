import { describe, expect, it } from 'vitest';
import { runReplay } from '../../../src/workflows/replay/engine';
import { actionInWords, kindInWords, notFoundInWords, offeredNames } from '../../../src/workflows/replay/step-words';
import { canonical, fakePage, fp, harness, scriptedLlm, workflow } from './replay-support';

describe('a replay that stops to ask says it in words', () => {
  it('names what it looked for, what the page shows instead, and what the person can do', async () => {
    const els = canonical();
    els[2] = { id: 7, role: 'button', name: 'Log in', domId: 'btn-x' };
    const { page, acted } = fakePage(els);
    const h = harness(page, scriptedLlm(['Thought: not sure.\nConfidence: low\nActions:\nask "?"']));
    const end = await runReplay(h.start, workflow, h.ports);
    expect(end.status).toBe('waiting');
    const [words, details] = end.message.split('\nDetails: ');
    expect(words).toContain('Step 3 looked for the button “Sign in” to click, and the page does not show it.');
    expect(words).toContain('The buttons it shows now: “Log in”.');
    expect(words).toMatch(/Retry step.*Skip step/);
    expect(words).not.toMatch(/Fix the page|with certainty|model|fingerprint|<[a-z]+ id=/);
    // the record's own reason is kept, for the details
    expect(details).toMatch(/could not find the recorded element/);
    expect(acted.some((a) => a.kind === 'click')).toBe(false);
  });

  it('lists only enabled elements of the same kind, at most five', () => {
    const page = ['<input id=1 label="Username">', '<button id=2>Log in</button>', '<a id=3>Forgot password?</a>', '<button id=4 disabled>Sign up</button>', '<input id=5 type=submit label="Continue">'].join('\n');
    const on = (target: ReturnType<typeof fp>, kind = 'click') => ({ ...workflow.steps[2]!, target, action: { kind } as never });
    expect(offeredNames(page, on(fp('button', 'Sign in')))).toEqual(['Log in', 'Continue']);
    expect(offeredNames(page, on(fp('textbox', 'User')))).toEqual(['Username']);
    expect(offeredNames(page, on(fp('link', 'Help', { tag: 'a' })))).toEqual(['Forgot password?']);
    // an imported step with no recorded kind: a field, for it types
    expect(offeredNames(page, on(fp('', 'User', { tag: '' }), 'type'))).toEqual(['Username']);
    const many = Array.from({ length: 9 }, (_, i) => `<button id=${i}>B${i}</button>`).join('\n');
    expect(offeredNames(many, on(fp('button', 'x')))).toHaveLength(5);
  });

  it('says when the page shows nothing of that kind', () => {
    const step = { ...workflow.steps[2]!, target: fp('checkbox', 'I agree') };
    expect(notFoundInWords(step, 0, [], 'why')).toMatch(/^Step 1 looked for the checkbox “I agree” to click, and the page does not show it\. The page shows no checkbox like it\./);
    expect(kindInWords('textbox', 'input', 'password')).toBe('password field');
    expect(kindInWords(undefined, 'input', 'checkbox')).toBe('checkbox');
  });

  it('words its confirmations without roles in brackets', () => {
    const el = { id: 9, tag: 'button', role: 'button', name: 'Pay $12.50', line: '<button id=9>Pay $12.50</button>' } as Parameters<typeof actionInWords>[1];
    expect(actionInWords({ kind: 'click', id: 9, button: 'left', modifiers: [] } as never, el)).toBe('click the button “Pay $12.50”');
    expect(actionInWords({ kind: 'type', id: 9, text: '(hidden)' } as never, { ...el!, tag: 'input', role: 'textbox', name: 'Password' })).toBe('type the hidden value into the field “Password”');
    expect(actionInWords({ kind: 'check', id: 9, checked: true } as never, { ...el!, tag: 'input', role: 'checkbox', name: 'Terms' })).toBe('tick the checkbox “Terms”');
  });
});
