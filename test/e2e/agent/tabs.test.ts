import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { idFor, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { planOnce } from '../../support/scripted-web-model';

const { arena, s } = useArenaSession({ panelWindow: true });

const act = (thought: string, actions: unknown[], extra: { delayMs?: number } = {}) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }], ...extra });

describe('a run over several tabs', () => {
  it('compares three shops in three tabs of a "Co-pilot" group, closes them, and answers the cheapest in the start tab', async () => {
    const sc = await createScenario(arena.url, 'price-compare', 3);
    const shopUrls = [1, 2, 3].map((n) => sc.startUrl.replace('/?', '/shop?') + `&n=${n}`);
    const task = `Compare the price at ${shopUrls.join(', ')} and type the name of the cheapest shop in the answer, then submit.`;
    const prices = new Map<string, number>();
    let grouped: Promise<{ groups: number; urls: string[] }> | undefined;
    const worker = await s.ext.serviceWorker();
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: planOnce('Open each shop, compare, answer.', [{ policy: 'ACT', target: 'compare the three shops and submit the cheapest one' }], 'Answered.'),
      },
      {
        name: 'act',
        match: (r) => isPolicy(r, 'ACT'),
        answer: (r) => {
          const page = pageOf(r);
          const price = /Price: \$([\d.,]+)/.exec(page)?.[1];
          const shop = /^Title: (.*)$/m.exec(r.lastUser)?.[1]?.split(' | ')[0] ?? '';
          if (price) prices.set(shop, Number(price.replace(/,/g, '')));
          if (prices.size < 3) return act('Open the next shop.', [{ kind: 'open_tab', url: shopUrls[prices.size]! }]);
          const tabs = /^Tabs of this task: (.*)$/m.exec(page)?.[1];
          if (tabs) {
            // look at the group while the run's tabs are open; the answer waits for the look
            grouped ??= worker.evaluate(async () => {
              const groups = await chrome.tabGroups.query({ title: 'Co-pilot' });
              const tabsIn = await chrome.tabs.query({ groupId: groups[0]?.id ?? -2 });
              return { groups: groups.length, urls: tabsIn.map((t) => t.url ?? '') };
            });
            const numbers = [...tabs.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])).filter((n) => n > 1);
            return act('Close the shop tabs.', numbers.map((n) => ({ kind: 'close_tab', n })), { delayMs: 300 });
          }
          const cheapest = [...prices.entries()].sort((a, b) => a[1] - b[1])[0]![0];
          return act(`${cheapest} is cheapest.`, [{ kind: 'type', id: idFor(page, 'Cheapest shop'), text: cheapest }, { kind: 'click', id: idFor(page, 'Submit answer') }, { kind: 'done', summary: cheapest }]);
        },
      },
    );
    await s.page.goto(sc.startUrl);
    await s.ask(task);
    const end = await s.waitForEnd(20_000, { allow: ['form'] }).catch(async (e) => {
      console.log(await s.panel.getByTestId('timeline').textContent(), s.llm.requests.map((r) => `${r.rule}: ${r.lastUser.slice(-400)}`).join('\n---\n'));
      throw e;
    });
    expect(end.kind, end.text).toBe('done');
    // "Submit answer" posts the answer: its request is asked about once, and nothing about the tabs
    expect(end.asked).toEqual(['form']);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    // the three shop tabs were grouped while open, and are closed now
    expect(await grouped).toEqual({ groups: 1, urls: shopUrls });
    await expect.poll(() => s.ext.context.pages().filter((p) => p.url().includes('/shop?')).length).toBe(0);
    expect(s.ext.context.pages()).toContain(s.page);
    // the model was told which tabs the run had, with the current one marked
    const lastShop = s.llm.requests.filter((r) => r.rule === 'act').find((r) => /\[4\] .*\(current\)/.test(pageOf(r)));
    expect(lastShop && pageOf(lastShop)).toMatch(/^Tabs of this task: \[1\] .* · \[2\] .* · \[3\] .* · \[4\] .* \(current\)$/m);
  });
});
