import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { isPlanner, taskOf } from '../../support/model-reading';
import { askInPanel, newChat } from '../../support/scripted-panel';
import { plan } from '../../support/scripted-web-model';
import { shootPanel } from '../../support/shots';
import { seriousAxe } from '../../support/axe';

// The answer a person asked for comes first, in type they can read; the earlier chats say how each ended and where.

const ANSWER = 'The cheapest flight from Boston to Denver on the 12th is SW1182 at 7:05, for $290, with one stop in Chicago.';
const { s } = useSiteSession({ '/': '<!doctype html><title>Flights</title><h1>Flights</h1>' }, { panelWindow: true }, async (session, served) => {
  await session.page.goto(`${served.url}/`);
  session.llm.script({ name: 'planner', match: isPlanner, answer: (r) => plan(/hotel/.test(taskOf(r)) ? "I couldn't find any hotel on this site." : ANSWER, []) });
});

/** The font size of every piece of text the panel shows, smallest first, with what it says. */
const textSizes = () =>
  s.panel.evaluate(() => {
    const out: { px: number; text: string }[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement!;
      if (!n.textContent?.trim() || !el.checkVisibility() || el.closest('.visually-hidden')) continue;
      out.push({ px: parseFloat(getComputedStyle(el).fontSize), text: n.textContent.trim().slice(0, 40) });
    }
    return out.sort((a, b) => a.px - b.px);
  });

describe('answer first', () => {
  it('shows the final answer in readable type, no smaller than the rest of the panel', async () => {
    // a long task, so its title in the earlier chats would be cut
    const task = 'Find me the cheapest flight from Boston to Denver on the 12th of next month, leaving in the morning, economy, one adult';
    await (await askInPanel(s, task)).end(15_000);
    const answer = s.panel.getByTestId('final').locator('.final-text');
    await expect.poll(() => answer.textContent()).toContain('SW1182');
    const sizes = await textSizes();
    const answerPx = await answer.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(answerPx, JSON.stringify(sizes.slice(0, 5))).toBeGreaterThanOrEqual(15);
    expect(answerPx).toBeGreaterThanOrEqual(Math.max(...sizes.filter((x) => !/Done|Could not/.test(x.text)).map((x) => x.px)) - 1);
    await shootPanel(s.panel, 'answer');
  });

  it('lists earlier chats with titles cut between words, how each ended and on which site, Delete quieter than Open', async () => {
    await newChat(s.panel);
    await (await askInPanel(s, 'Book a hotel in Denver for the 12th')).end(15_000);
    await s.panel.getByRole('button', { name: 'Chats' }).click();
    const rows = s.panel.getByTestId('history-chat');
    await expect.poll(() => rows.count()).toBe(2);
    // each entry says how it ended: a run that says it could not is not "Done"
    expect(await rows.first().getByTestId('history-outcome').textContent()).toBe('Could not finish');
    const row = rows.nth(1);
    const title = (await row.locator('.history-chat-title').textContent()) ?? '';
    // the stored title is cut at 80 characters; shown, it ends on a whole word
    expect(title).toBe('Find me the cheapest flight from Boston to Denver on the 12th of next month…');
    expect(await row.getByTestId('history-outcome').textContent()).toBe('Done');
    expect(await row.getByTestId('history-site').textContent()).toBe('127.0.0.1');
    const weight = (name: string) => row.getByRole('button', { name, exact: true }).evaluate((b) => {
      const st = getComputedStyle(b);
      return { border: st.borderTopStyle !== 'none' && parseFloat(st.borderTopWidth) > 0 && st.borderTopColor !== 'rgba(0, 0, 0, 0)', bg: st.backgroundColor };
    });
    const open = await weight('Open');
    const del = await weight('Delete');
    expect(open.border).toBe(true);
    expect(del.border).toBe(false);
    expect(del.bg).toBe('rgba(0, 0, 0, 0)');
    await shootPanel(s.panel, 'history');
    expect(await seriousAxe(s.panel), 'axe: the earlier chats').toEqual([]);
  });
});
