import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForContentScript } from '../../support/extension';
import { panelSend, storedReplays } from '../../support/panel';
import { useExtensionArena } from '../../support/fixtures';
import { createScenario, score } from '../../../arena/client.mjs';
import type { Workflow } from '../../../src/shared/workflow';
import type { ReplayState } from '../../../src/workflows/replay/state';
import { recordingData, waitForSteps } from '../record/helpers';

// A step that opens a new tab (a result link with target=_blank): recorded through the side panel,
// then replayed into a new tab of its own with no model call.
const { ext, llm, arena, page, panel } = useExtensionArena((p) => {
  p.setDefaultTimeout(10_000);
  return open();
});
const NAME = 'Wish for the second result';

async function open() {
  const s = await createScenario(arena.url, 'ratings', 1, 0);
  await page.goto(s.startUrl);
  // no wait for the content script: the Record or Run that follows puts it into the page
  return s;
}

async function lastReplay(): Promise<ReplayState | undefined> {
  return ((await storedReplays(panel)).map((r) => r.data) as ReplayState[]).sort((a, b) => b.startedAt - a.startedAt)[0];
}

const itemPages = () => ext.context.pages().filter((p) => p.url().includes('/t/ratings/item?'));

describe('a step that opens a new tab', () => {
  it('is recorded with the tab it opened, and replays into a new tab with no model call', async () => {
    const s = await open();
    const second = (await (await fetch(new URL(`/t/ratings/items.json?scenario=${s.id}`, arena.url))).json())[1].name as string;
    await panel.bringToFront();
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    const [opened] = await Promise.all([ext.context.waitForEvent('page'), page.getByRole('link', { name: second }).click()]);
    await opened.waitForURL(/\/item\?/);
    await waitForContentScript(opened);
    await opened.bringToFront();
    await waitForSteps(panel, 1);
    await clickWhenRecorded(opened, 'Add to wishlist');
    await opened.waitForURL(/\/wish\?/);
    expect((await score(arena.url, s.id)).reason).toContain(`on the wishlist: ${second}`);
    await waitForSteps(panel, 2);
    await panel.bringToFront();
    await panel.getByTestId('record-task').fill(NAME);
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');
    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string }[] };
    const wf = ((await panelSend(panel, 'workflows.get', { id: list.result.find((w) => w.name === NAME)!.id })) as { result: Workflow }).result;
    // the link opened tab 2; the wishlist click happened there and took that tab to /wish
    expect(wf.steps.map((st) => [st.action.kind, st.tab ?? 1, st.after])).toEqual([
      ['click', 1, { navigates: false, opensTab: true }],
      ['click', 2, { navigates: true, path: '/t/ratings/wish' }],
    ]);
    await opened.close();

    const base = llm.requests.length;
    const again = await open();
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    await item.getByRole('button', { name: 'Start replay' }).click();
    await expect.poll(async () => (await lastReplay())?.status, { timeout: 30_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
    const end = (await lastReplay())!;
    expect(end.status, end.message).toBe('done');
    expect((await score(arena.url, again.id)).reason).toContain(`on the wishlist: ${second}`);
    expect(llm.requests.length).toBe(base);
    // the replay followed into a tab of its own, in the Co-pilot group; the list stays in the start tab
    const worker = await ext.serviceWorker();
    const grouped = await worker.evaluate(async () => {
      const [group] = await chrome.tabGroups.query({ title: 'Co-pilot' });
      return group ? (await chrome.tabs.query({ groupId: group.id })).map((t) => t.url ?? '') : [];
    });
    expect(grouped).toEqual([expect.stringMatching(new RegExp(`/t/ratings/wish\\?scenario=${again.id}&n=2$`))]);
    expect(page.url()).toBe(again.startUrl);
    expect(itemPages()).toHaveLength(0);
  });
});

/** Clicks once the new tab's recorder is capturing: its first page load reached the recording. */
async function clickWhenRecorded(p: Page, name: string): Promise<void> {
  await expect.poll(async () => (await recordingData(panel))?.tabs?.find((t) => t.n === 2)?.loaded, { timeout: 10_000 }).toBe(true);
  await p.getByRole('link', { name }).click();
}
