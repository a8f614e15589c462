import { describe, expect, it } from 'vitest';
import type { BrowserAction } from '../../../src/shared/action';
import type { AimedTarget } from '../../../src/shared/page';
import { harness } from './support/harness';
import { FLIGHT_SEARCH, flightSite } from './support/flight-site';

/** The flight site with a browser that aims (trusted input): one look per action, as the extension's executor does. */
function aimingSite() {
  const site = flightSite();
  const describe = site.describe.bind(site);
  const act = site.act.bind(site);
  const described: number[] = [];
  let released = 0;
  const aimedAt: Array<{ kind: string; aimed: AimedTarget | undefined; guard: string | undefined }> = [];
  site.describe = async (id) => {
    described.push(id);
    return describe(id);
  };
  Object.assign(site, {
    release: async () => void (released += 1),
    aim: async (a: BrowserAction): Promise<AimedTarget | null> => {
      if (!('id' in a) || a.id === undefined) return null;
      const info = await describe(a.id);
      // the page says, as it is aimed at, that the search button now pays: the gate must ask
      const pays = a.id === 7 ? { name: 'Pay $420', label: 'Pay $420', text: 'Pay $420' } : {};
      return info ? { info: { ...info, ...pays, facts: `facts of ${a.id}` }, id: a.id, x: 10, y: 20, skip: false, native: null, at: Date.now() } : null;
    },
  });
  site.act = async (a: BrowserAction, guard?: string, aimed?: AimedTarget) => {
    aimedAt.push({ kind: a.kind, aimed, guard });
    return act(a);
  };
  return { site, described, aimedAt, released: () => released };
}

describe('one look per action', () => {
  it('judges the facts the page sent with its aim, acts on that aim when the gate allows at once, and looks again after a question', async () => {
    const { site, described, aimedAt, released } = aimingSite();
    const h = harness({
      browser: site,
      replies: FLIGHT_SEARCH.replies(),
    });
    const outcome = await h.agent.start({ chatId: 'c1', task: FLIGHT_SEARCH.task }).done;
    expect(outcome).toMatchObject({ status: 'done', success: true });
    expect(aimedAt.map((a) => a.kind)).toEqual(['type', 'click', 'type', 'select', 'click']);
    // no describe round trip before acting on an element the page aimed at; a typed field is read back once after (typed-check.ts)
    expect(described).toEqual([3, 4]);
    // the button that now pays was judged by what the aim read: the person was asked, so its click went without the aim
    expect(h.user.confirms.map((c) => c.action)).toEqual([{ kind: 'click', id: 7, button: 'left', modifiers: [] }]);
    expect(aimedAt.at(-1)).toMatchObject({ aimed: undefined, guard: 'facts of 7' });
    // the guard the aim set up was ended before asking, so the person's own clicks go through
    expect(released()).toBe(1);
    // everything allowed at once went to its aim, guarded by the facts the gate judged
    for (const a of aimedAt.slice(0, -1)) expect(a.aimed?.info.facts).toBe(a.guard);
    expect(aimedAt.slice(0, -1).every((a) => a.aimed)).toBe(true);
  });
});
