import { describe, it, expect } from 'vitest';
import { runAction } from '../../../src/background/executor/runner';
import type { PagePort } from '../../../src/background/executor/port';
import type { AimedTarget } from '../../../src/shared/page';

/** A tab that records what the executor asked of it: page messages and whether it asked for the debugger. */
function recordingPage() {
  const asked: string[] = [];
  let debuggerAsked = 0;
  const port: PagePort = {
    call: (async (name: string, params: { action?: unknown }) => {
      asked.push(name === 'page.act' ? `page.act ${JSON.stringify(params.action)}` : name);
      if (name === 'page.act') return { ok: true, elapsedMs: 2, change: { kind: 'dom', url: 'http://x/', added: 0, removed: 0, summary: 'a form value changed' } };
      if (name === 'page.target') return { ok: true, x: 0, y: 0, skip: false, native: 'value' };
      if (name === 'page.edit') return { ok: true, kind: 'text' };
      if (name === 'page.settle') return { navigating: false, change: { kind: 'dom', url: 'http://x/', added: 0, removed: 0, summary: 'a form value changed' } };
      throw new Error(`unexpected ${name}`);
    }) as PagePort['call'],
    input: async () => {
      debuggerAsked++;
      return async () => ({});
    },
    navigate: async () => {},
    back: async () => {},
    waitForDocument: async () => null,
    url: async () => 'http://x/',
  };
  return { port, asked, debuggerAsked: () => debuggerAsked };
}

const aimed = (native: AimedTarget['native'], at = Date.now()): AimedTarget => ({ id: 4, x: 0, y: 0, skip: false, native, info: null as never, at });

describe('a control that gets its value set, aimed at by the look', () => {
  it('is set in the page without attaching the debugger: a color input typed into, a date cleared, a native select', async () => {
    const color = recordingPage();
    const r = await runAction(color.port, { kind: 'type', id: 4, text: '#333333', mode: 'replace' } as never, { aimed: aimed('value'), guard: 'f' });
    expect(r.ok).toBe(true);
    expect(color.debuggerAsked()).toBe(0);
    expect(color.asked).toEqual(['page.act {"kind":"type","id":4,"text":"#333333","mode":"replace"}']);

    const date = recordingPage();
    await runAction(date.port, { kind: 'clear', id: 4 } as never, { aimed: aimed('value') });
    expect(date.debuggerAsked()).toBe(0);
    expect(date.asked).toEqual(['page.act {"kind":"type","id":4,"text":"","mode":"replace"}']);

    const select = recordingPage();
    await runAction(select.port, { kind: 'select', id: 4, values: ['b'] } as never, { aimed: aimed('select') });
    expect(select.debuggerAsked()).toBe(0);
    expect(select.asked).toEqual(['page.act {"kind":"select","id":4,"values":["b"]}']);
  });

  it('goes through the debugger when the aim is for another element, another kind of input, or too old to trust', async () => {
    const other = recordingPage();
    await runAction(other.port, { kind: 'type', id: 5, text: 'x', mode: 'replace' } as never, { aimed: aimed('value') });
    expect(other.debuggerAsked()).toBe(1);

    const wrongKind = recordingPage();
    await runAction(wrongKind.port, { kind: 'type', id: 4, text: 'x', mode: 'replace' } as never, { aimed: aimed('select') });
    expect(wrongKind.debuggerAsked()).toBe(1);

    const stale = recordingPage();
    await runAction(stale.port, { kind: 'type', id: 4, text: 'x', mode: 'replace' } as never, { aimed: aimed('value', Date.now() - 5_000) });
    expect(stale.debuggerAsked()).toBe(1);
    // looked at again, the page says it takes a value: set in the page after all
    expect(stale.asked).toEqual(['page.target', 'page.act {"kind":"type","id":4,"text":"x","mode":"replace"}']);
  });
});
