import { describe, it, expect } from 'vitest';
import { runAction } from '../../../src/background/executor/runner';
import type { PagePort } from '../../../src/background/executor/port';

/** A tab whose page answers page.act with "nothing changed", as a page that ignores synthetic clicks does. */
function ignoringPage(untrustedReason?: string): PagePort {
  return {
    call: (async (name: string) => {
      if (name === 'page.act') return { ok: true, elapsedMs: 3, change: { kind: 'none', url: 'http://x/', added: 0, removed: 0, summary: 'no visible change' } };
      throw new Error(`unexpected ${name}`);
    }) as PagePort['call'],
    input: async () => null,
    ...(untrustedReason ? { untrustedReason } : {}),
    navigate: async () => {},
    back: async () => {},
    waitForDocument: async () => null,
    url: async () => 'http://x/',
  };
}

describe('a browser without trusted input', () => {
  it('says in plain words that a click which changed nothing may have been ignored', async () => {
    const r = await runAction(ignoringPage('this browser gives extensions no trusted input'), { kind: 'click', id: 3, button: 'left', modifiers: [] });
    expect(r.ok && r.change.summary).toBe('no visible change; this browser gives extensions no trusted input');
  });

  it('says nothing where trusted input exists or the step needs none', async () => {
    const r = await runAction(ignoringPage(), { kind: 'click', id: 3, button: 'left', modifiers: [] });
    expect(r.ok && r.change.summary).toBe('no visible change');
    const scroll = await runAction(ignoringPage('no trusted input'), { kind: 'scroll', direction: 'down' } as never);
    expect(scroll.ok && scroll.change.summary).toBe('no visible change');
  });
});
