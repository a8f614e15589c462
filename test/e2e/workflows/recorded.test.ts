import { describe, expect, it } from 'vitest';
import { panelSend, storedReplays } from '../../support/panel';
import { chooseOption } from '../../support/person';
import { useExtensionArena } from '../../support/fixtures';
import { createScenario, score } from '../../../arena/client.mjs';
import type { ReplayState } from '../../../src/workflows/replay/state';
import { newChat } from '../../support/scripted-panel';

// A workflow recorded through the side panel, then replayed by one click, from chat, across a
// service-worker restart and step by step. One browser, provider and arena for the file.
const { ext, llm, arena, page, panel } = useExtensionArena((p) => {
  p.setDefaultTimeout(10_000);
  return open(1);
});
const NAME = 'Update my address country';

const countryOf = (text: string) => /^Set the country to (.+) and save/.exec(text)![1]!;

async function open(seed: number) {
  const s = await createScenario(arena.url, 'select-native', seed, 0);
  await page.goto(s.startUrl);
  // no wait for the content script: the Record or Run that follows puts it into the page
  return s;
}

/** The replays stored for the test tab, newest first, as the panel's database holds them. */
async function replays(): Promise<ReplayState[]> {
  return ((await storedReplays(panel)).map((r) => r.data) as ReplayState[]).sort((a, b) => b.startedAt - a.startedAt);
}

async function newReplayEnds(before: number): Promise<ReplayState> {
  await expect.poll(async () => (await replays()).length, { timeout: 10_000 }).toBeGreaterThan(before);
  await expect.poll(async () => (await replays())[0]!.status, { timeout: 20_000 }).toMatch(/^(done|waiting|failed|stopped)$/);
  return (await replays())[0]!;
}

async function runFromLibrary(values: Record<string, string>, stepMode = false) {
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
  await item.getByRole('button', { name: 'Run' }).click();
  for (const [label, value] of Object.entries(values)) await item.getByLabel(label, { exact: true }).fill(value);
  if (stepMode) await item.getByLabel('Step by step').check();
  await item.getByRole('button', { name: 'Start replay' }).click();
}


describe('a recorded workflow', () => {
  it('is recorded through the side panel and replays with one click (score 1, no model call), then with a new value on another seed', async () => {
    const s = await open(1);
    await panel.bringToFront();
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await chooseOption(page.getByLabel('Country', { exact: true }), countryOf(s.text));
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL(/\/submit/);
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    await panel.bringToFront();
    await panel.getByTestId('record-task').fill(NAME);
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');
    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { name: string; variables: { name: string; label: string; default?: string }[] }[] };
    const wf = list.result.find((w) => w.name === NAME)!;
    expect(wf.variables).toEqual([expect.objectContaining({ label: 'Country', default: countryOf(s.text) })]);

    // saving a recording may label it with a model call; the replays below must make none
    const base = llm.requests.length;
    const again = await open(1);
    await runFromLibrary({});
    expect((await newReplayEnds(0)).status).toBe('done');
    expect(await score(arena.url, again.id)).toMatchObject({ success: 1 });
    expect(llm.requests.length).toBe(base);

    const other = await open(2);
    expect(countryOf(other.text)).not.toBe(countryOf(s.text));
    await runFromLibrary({ Country: countryOf(other.text) });
    expect((await newReplayEnds(1)).status).toBe('done');
    expect(await score(arena.url, other.id)).toMatchObject({ success: 1 });
    expect(llm.requests.length).toBe(base);
  });

  it('runs from a chat request: one call fills the value, the timeline shows it, the replay scores 1', async () => {
    const s = await open(3);
    const want = countryOf(s.text);
    const wf = ((await panelSend(panel, 'workflows.list', {})) as { result: { name: string; variables: { name: string }[] }[] }).result.find((w) => w.name === NAME)!;
    llm.script({
      name: 'values',
      match: (r) => r.system.includes('You fill in the values of a saved browser workflow'),
      answer: (r) => ({ text: JSON.stringify({ values: { [wf.variables[0]!.name]: /again, to (.+)$/m.exec(r.lastUser)![1]! } }) }),
    });
    const before = (await replays()).length;
    const base = llm.requests.length;
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByLabel('Message').fill(`update my address country again, to ${want}`);
    await panel.getByLabel('Message').press('Enter');
    const end = await newReplayEnds(before);
    expect(end.status).toBe('done');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    // the values call, once, and nothing else (no agent run, no healing)
    expect(llm.requests.slice(base).map((r) => r.rule)).toEqual(['values']);
    await expect.poll(() => panel.getByTestId('replay-started').last().textContent()).toContain(`${wf.variables[0]!.name} = ${want}`);
  });

  it('a request that names no workflow goes to the agent as before', async () => {
    llm.clear();
    llm.script({ name: 'agent', answer: { error: { status: 400, message: 'scripted refusal' } } });
    const before = (await replays()).length;
    await newChat(panel);
    await panel.getByLabel('Message').fill('what is on this page?');
    await panel.getByLabel('Message').press('Enter');
    await expect.poll(() => llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(llm.requests.every((r) => !r.system.includes('You fill in the values'))).toBe(true);
    expect((await replays()).length).toBe(before);
  });

  it('survives a service-worker restart in the middle and resumes from the persisted step, doing no step twice', async () => {
    llm.clear();
    const s = await open(4);
    await page.evaluate(() => ((document.querySelector('button[type=submit]') as HTMLElement).style.display = 'none'));
    const before = (await replays()).length;
    await runFromLibrary({ Country: countryOf(s.text) });
    // the select step is done and persisted; the save step waits for its button to show
    await expect.poll(async () => ((await replays()).length > before ? (await replays())[0]!.index : -1), { timeout: 10_000 }).toBe(1);
    await ext.stopServiceWorker();
    await page.evaluate(() => ((document.querySelector('button[type=submit]') as HTMLElement).style.display = ''));
    await panel.bringToFront(); // the panel reconnects, which starts the worker again
    const end = await newReplayEnds(before);
    expect(end.status, end.message).toBe('done');
    expect(end.log.map((l) => l.index)).toEqual([0, 1]);
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    expect(llm.requests).toHaveLength(0);
    const events = (await panel.evaluate(
      () =>
        new Promise<{ type: string; runId: string; index?: number }[]>((resolve) => {
          const req = indexedDB.open('copilot');
          req.onsuccess = () => {
            const get = req.result.transaction('events').objectStore('events').getAll();
            get.onsuccess = () => resolve(get.result);
          };
        }),
    )).filter((e) => e.runId === end.replayId);
    expect(events.filter((e) => e.type === 'replay_step').map((e) => e.index)).toEqual([0, 1]);
    expect(events.some((e) => e.type === 'resumed')).toBe(true);
  });

  it('pauses after each step in step-by-step mode; "Run one step, then pause" runs the next one', async () => {
    const s = await open(5);
    const before = (await replays()).length;
    await runFromLibrary({ Country: countryOf(s.text) }, true);
    const status = panel.getByTestId('replay-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 10_000 }).toBe('paused');
    expect(await status.getAttribute('data-index')).toBe('1');
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe(countryOf(s.text));
    expect(await score(arena.url, s.id)).toMatchObject({ success: 0 });
    await status.getByRole('button', { name: 'Run one step, then pause' }).click();
    const end = await newReplayEnds(before);
    expect(end.status).toBe('done');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
  });

  it('Pause stops before the next step and Resume finishes the replay', async () => {
    const s = await open(6);
    // the first step waits for its field to show, which leaves time to press Pause
    await page.evaluate(() => ((document.querySelector('select') as HTMLElement).style.display = 'none'));
    const before = (await replays()).length;
    await runFromLibrary({ Country: countryOf(s.text) });
    const status = panel.getByTestId('replay-status');
    await expect.poll(async () => ((await replays()).length > before ? (await replays())[0]!.status : ''), { timeout: 10_000 }).toBe('running');
    await status.getByRole('button', { name: 'Pause' }).click();
    await page.evaluate(() => ((document.querySelector('select') as HTMLElement).style.display = ''));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 10_000 }).toBe('paused');
    expect(await status.getAttribute('data-index')).toBe('1');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 0 });
    await status.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await replays())[0]!.status, { timeout: 10_000 }).toBe('done');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
  });

  it('renames a workflow from the library', async () => {
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
    await item.getByRole('button', { name: 'Rename' }).click();
    await item.getByLabel('New name').fill('Set the shipping country');
    await item.getByRole('button', { name: 'Save name' }).click();
    await panel.getByText('Renamed to “Set the shipping country”.').waitFor();
    const names = ((await panelSend(panel, 'workflows.list', {})) as { result: { name: string }[] }).result.map((w) => w.name);
    expect(names).toEqual(['Set the shipping country']);
  });
});
