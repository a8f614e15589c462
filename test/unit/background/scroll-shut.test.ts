import { describe, it, expect } from 'vitest';
import { runAction } from '../../../src/background/executor/runner';
import type { PagePort } from '../../../src/background/executor/port';
import type { SentRequest } from '../../../src/shared/effect';
import { LOOKING } from '../../../src/background/executor/side-doors';

/** A tab whose scroll sets off `sends` (null: nothing), through the port's shut-writes door. */
function scrollingPage(sends: SentRequest | null) {
  const shut: string[] = [];
  const port: PagePort = {
    call: (async (name: string) => {
      if (name === 'page.act') return { ok: true, elapsedMs: 2, change: { kind: 'dom', url: 'http://bank.test/terms', added: 0, removed: 0, summary: 'scrolled the page down by 640px' } };
      throw new Error(`unexpected ${name}`);
    }) as PagePort['call'],
    input: async () => null,
    navigate: async () => {},
    back: async () => {},
    waitForDocument: async () => null,
    url: async () => 'http://bank.test/terms',
    holdRequests: async () => {
      throw new Error('a scroll attaches no debugger');
    },
    shutWrites: async (act) => {
      shut.push('shut');
      const value = await act();
      shut.push('open');
      return { value, refused: sends };
    },
  };
  return { port, shut };
}

describe('a scroll runs with the tab shut to posts', () => {
  it('says what the page could not send as it scrolled, and the scroll still counts', async () => {
    const page = scrollingPage({ method: 'POST', url: 'http://bank.test/api/v2/items?x=1', resourceType: LOOKING });
    const r = await runAction(page.port, { kind: 'scroll', direction: 'down' } as never, { decide: async () => false });
    expect(page.shut).toEqual(['shut', 'open']);
    expect(r.ok).toBe(true);
    expect(r.ok && r.change.summary).toBe('scrolled the page down by 640px; the page sent a request as it was scrolled (POST bank.test/api/v2/items); that is not allowed while the co-pilot acts, so it was not sent');
  });

  it('a scroll that sets off nothing reads as before; a wait is not shut', async () => {
    const page = scrollingPage(null);
    const r = await runAction(page.port, { kind: 'scroll', direction: 'down' } as never);
    expect(r.ok && r.change.summary).toBe('scrolled the page down by 640px');
    const click = scrollingPage(null);
    await runAction(click.port, { kind: 'wait', timeoutMs: 0 } as never).catch(() => undefined);
    expect(click.shut).toEqual([]);
  });
});
