import { describe, expect, it } from 'vitest';
import { parseKeys, readKeys } from '../../../src/core/keys';
import { pressKeys, type CdpSend } from '../../../src/background/executor/cdp-input';
import { validateActions } from '../../../src/core/actions/validate';

// One reading of a key list: the gate judges these chords and both executors press exactly them.
const names = (keys: string) => parseKeys(keys).map((c) => c.name);
const refused = (keys: string) => {
  const r = readKeys(keys);
  return r.ok ? null : r.reason;
};

/** The keys a trusted press sends down, in order. */
async function keysDown(keys: string): Promise<string[]> {
  const down: string[] = [];
  const send: CdpSend = async (_method, params) => {
    if (params && (params['type'] === 'keyDown' || params['type'] === 'rawKeyDown')) down.push(String(params['key']));
  };
  await pressKeys(send, keys);
  return down;
}

describe('the one key parser', () => {
  it.each([
    ['Enter', ['Enter']],
    ['Enter,Enter', ['Enter', 'Enter']],
    ['Tab Tab Enter', ['Tab', 'Tab', 'Enter']],
    ['Control+A, Backspace', ['Control+A', 'Backspace']],
    ['Return', ['Enter']],
    ['enter', ['Enter']],
    ['ctrl+Enter', ['Control+Enter']],
    [' ', ['Space']],
    [',', [',']],
    ['+', ['+']],
    ['Control++', ['Control++']],
    ['Shift+,', ['Shift+,']],
    ['NumpadEnter', ['NumpadEnter']],
    ['#', ['#']],
    ['  Escape  ', ['Escape']],
  ])('reads %j as %j', (keys, want) => {
    expect(names(keys)).toEqual(want);
  });

  it.each(['Space,', ',Enter', 'Enter,,Enter', 'Enter, ,Enter', 'Control + A', 'Enter#', 'Enterr', 'Foo+a', 'ab', '   ', 'Enter Control+'])('refuses %j, which cannot be read one way only', (keys) => {
    expect(refused(keys)).toEqual(expect.any(String));
    expect(() => parseKeys(keys)).toThrow();
  });

  it.each([
    ['Control+V', 'pasting is not allowed'],
    ['Control+v', 'pasting is not allowed'],
    ['Meta+v', 'pasting is not allowed'],
    ['Control+Shift+V', 'pasting is not allowed'],
    ['Shift+Insert', 'pasting is not allowed'],
    ['Tab Control+V', 'pasting is not allowed'],
    ['Control+c', 'copying is not allowed'],
    ['Control+Insert', 'copying is not allowed'],
    ['Meta+x', 'cutting is not allowed'],
    ['Shift+Delete', 'cutting is not allowed'],
  ])('refuses the clipboard chord %j: %s', (keys, why) => {
    expect(refused(keys)).toContain(why);
  });

  it('letters, Delete and Insert alone, and Control+A are no clipboard chords', () => {
    expect(names('v c x Delete Insert Control+a Shift+v')).toEqual(['v', 'c', 'x', 'Delete', 'Insert', 'Control+a', 'Shift+v']);
  });
});

describe('the trusted executor presses exactly what the parser reads', () => {
  it('"Enter,Enter" is two presses of Enter, "Control+A, Backspace" two chords', async () => {
    expect(await keysDown('Enter,Enter')).toEqual(['Enter', 'Enter']);
    expect(await keysDown('Control+A, Backspace')).toEqual(['Control', 'A', 'Backspace']);
  });

  it.each(['Control+V', 'Shift+Insert', 'Meta+c', 'Space,', 'Enter Foo'])('refuses %j with a clear error and sends no key', async (keys) => {
    const sent: unknown[] = [];
    await expect(pressKeys(async (m, p) => void sent.push([m, p]), keys)).rejects.toThrow(/not allowed|cannot read|separator|unknown/);
    expect(sent).toEqual([]);
  });
});

describe('the model is told why a press is refused', () => {
  const grounding = { ids: new Set([3]), hidden: new Set<number>() };

  it('a paste chord comes back with the reason, before the gate or a page sees it', () => {
    const r = validateActions([{ kind: 'press', id: 3, keys: 'Control+V' }], grounding);
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('pasting is not allowed') });
  });

  it('a key list read two ways comes back too; a readable one passes', () => {
    expect(validateActions([{ kind: 'press', keys: 'Space,' }], grounding)).toMatchObject({ ok: false, reason: expect.stringContaining('separator') });
    expect(validateActions([{ kind: 'press', id: 3, keys: 'Enter,Enter' }], grounding)).toMatchObject({ ok: true });
  });
});
