import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { planOnce } from '../../support/scripted-web-model';

interface Result {
  name: string;
  rating: string;
  reviews: number;
}

const { arena, s } = useArenaSession({ panelWindow: true });

describe('do X on each of these', () => {
  it('opens each search result in a tab of the run, collects its rating, and the CSV equals the arena data', async () => {
    const sc = await createScenario(arena.url, 'ratings', 3);
    const results = (await (await fetch(new URL(`/t/ratings/items.json?scenario=${sc.id}`, arena.url))).json()) as Result[];
    const seenTabs: string[] = [];
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Visit each result.', [{ policy: 'EACH', target: 'the search results, up to 5', value: 'rating:number, reviews:number' }], 'The ratings are in the table.'),
      },
      {
        name: 'items',
        match: (r) => isPolicy(r, 'EACH'),
        // the result links as the page model shows them, in page order
        answer: (r) => ({ text: `Thought: ${results.length} results.\nItems:\n${[...pageOf(r).matchAll(/<a id=(\d+)[^>]*>([^<]+)<\/a>/g)].filter((m) => results.some((x) => x.name === m[2])).map((m) => `${m[1]} | ${m[2]}`).join('\n')}` }),
      },
      {
        name: 'read',
        match: (r) => isPolicy(r, 'EXTRACT') && r.toolNames.includes('extract'),
        answer: (r) => {
          const page = pageOf(r);
          seenTabs.push(/^Tabs of this task: (.*)$/m.exec(page)?.[1] ?? '');
          const rating = /Rating: ([\d.]+) out of 5/.exec(page)?.[1];
          const reviews = /(\d+) reviews/.exec(page)?.[1];
          return { toolCalls: [{ name: 'extract', args: { thought: 'One product.', rows: rating ? [[rating, reviews ?? null]] : [] } }] };
        },
      },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);
    const end = await s.waitForEnd(40_000).catch(async (e) => {
      console.log(await s.panel.getByTestId('timeline').textContent(), s.llm.requests.map((r) => `${r.rule}: ${r.lastUser.slice(-300)}`).join('\n---\n'));
      throw e;
    });
    expect(end.kind, end.text).toBe('done');
    // the result links are on the start site: nothing was asked
    expect(end.asked).toEqual([]);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    expect(s.llm.requests.map((r) => r.rule)).toEqual(['planner', 'items', ...results.map(() => 'read'), 'planner']);
    // each result was read in a tab of its own next to the list, and the tabs are closed now
    expect(seenTabs).toEqual(results.map((x) => `[1] Search results | Outdoor Outlet · [${results.indexOf(x) + 2}] ${x.name} | Outdoor Outlet (current)`));
    await expect.poll(() => s.ext.context.pages().filter((p) => p.url().includes('/item?')).length).toBe(0);

    // each item's outcome is a line of the timeline
    const lines = s.panel.getByTestId('each-item');
    await expect.poll(() => lines.count()).toBe(results.length);
    expect(await lines.first().textContent()).toBe(`✓ 1 of ${results.length}: ${results[0]!.name} · rating ${results[0]!.rating}, reviews ${results[0]!.reviews}`);
    const card = s.panel.getByTestId('table-card');
    const [d] = await Promise.all([s.panel.waitForEvent('download'), card.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await d.path())!, 'utf8');
    expect(csv.trimEnd().split('\r\n')).toEqual(['item,rating,reviews', ...results.map((x) => `${x.name},${Number(x.rating)},${x.reviews}`)]);
  });
});
