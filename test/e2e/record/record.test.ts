import { beforeAll, describe, expect, it } from 'vitest';
import { shootPanel } from '../../support/shots';
import type { Page } from 'playwright-core';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { chooseDate } from '../../arena/helpers';
import { createScenario } from '../../../arena/client.mjs';
import type { DemoStep } from '../../../src/shared/demonstration';
import { demonstrations, dumpDatabases, recordingData, waitForSteps } from './helpers';

// One browser profile for the file (relaunched once at the end, to check the demos survive it).
const { ext, arena, relaunch } = useExtension({ arena: true, keptProfile: true });
let page: Page;
let panel: Page;

beforeAll(async () => {
  page = await ext.context.newPage();
  page.setDefaultTimeout(10_000);
});

/** Opens a scenario in the test page and a side panel that acts on that page's tab. */
async function open(task: string, seed: number): Promise<{ text: string; startUrl: string }> {
  const s = await createScenario(arena.url, task, seed, 0);
  await page.goto(s.startUrl);
  // no wait for the content script: the Record that follows puts it into the page
  if (!panel || panel.isClosed()) panel = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
  return s;
}

async function startRecording(): Promise<void> {
  await panel.bringToFront();
  await panel.getByTestId('record').click();
  await panel.getByTestId('recording').waitFor();
  // the Record button left with the chat: focus is in the recording's view, not lost to the body
  await expect.poll(() => panel.evaluate(() => document.activeElement?.tagName ?? '')).not.toBe('BODY');
  await page.bringToFront();
}

async function save(task: string): Promise<string> {
  await panel.bringToFront();
  await panel.getByTestId('record-task').fill(task);
  await panel.getByTestId('record-save').click();
  const message = panel.getByTestId('record-message');
  await message.waitFor();
  return message.innerText();
}

/** Every recorded step names an element of its own page model (or is a navigation) and carries a fingerprint. */
function expectWellFormed(steps: DemoStep[]) {
  for (const s of steps) {
    expect(s.page, `page model of step ${s.action.kind}`).toMatch(/ id=\d+/);
    if (s.action.kind === 'navigate') continue;
    expect(s.target, `fingerprint of ${s.action.kind}`).toBeDefined();
    expect(s.target!.css.length).toBeGreaterThan(0);
    if (s.action.id !== undefined) expect(s.page).toContain(` id=${s.action.id} `.trimEnd());
  }
}

describe('recording through the side panel', () => {
  it('records an airline search across a page navigation, surviving a service-worker restart', async () => {
    const s = await open('airline-book', 4);
    await startRecording();
    await page.getByRole('radio', { name: 'One way', exact: true }).check();
    await page.getByLabel('From', { exact: true }).fill('Bos');
    await page.getByRole('option', { name: /^Boston \(/ }).click();
    await waitForSteps(panel, 3);
    // the worker may be stopped at any moment: steps keep arriving in the same recording
    await ext.stopServiceWorker();
    await page.getByLabel('To', { exact: true }).fill('Los');
    await page.getByRole('option', { name: /^Los Angeles \(/ }).click();
    await chooseDate(page, /^Departure date$/, '25 May 2027');
    await Promise.all([page.waitForURL(/\/results/), page.getByRole('button', { name: 'Search flights' }).click()]);
    await waitForContentScript(page);
    await page.getByRole('radiogroup').first().getByRole('radio').first().check();
    const listed = await waitForSteps(panel, 9);
    expect(listed.some((t) => t.startsWith('Type “Bos” into “From”'))).toBe(true);
    expect(listed.some((t) => t.startsWith('↳ opened /airline/results'))).toBe(true);

    expect(await save('search flights from Boston to Los Angeles')).toBe('Saved “search flights from Boston to Los Angeles”, also as a workflow.');
    await panel.getByTestId('record').waitFor();

    const [demo] = await demonstrations(panel);
    expect(demo).toBeDefined();
    expect(demo!.site).toBe(new URL(s.startUrl).host);
    expect(demo!.startUrl).toBe(s.startUrl);
    expect(demo!.headings).toContain('Where to next?');
    const steps = demo!.steps;
    expectWellFormed(steps);
    const kinds = steps.map((x) => x.action.kind);

    const oneWay = steps.find((x) => x.action.kind === 'check');
    expect(oneWay?.target).toMatchObject({ role: 'radio', name: 'One way', inputType: 'radio' });
    const from = steps.find((x) => x.action.kind === 'type' && x.target?.label === 'From');
    expect(from?.action).toMatchObject({ kind: 'type', value: 'Bos', secret: false });
    expect(from?.target).toMatchObject({ role: 'combobox', domId: 'from', placeholder: 'City or airport', css: '#from', xpath: expect.stringMatching(/^\/html\[1\]\/body\[1\]\//) });
    // the page before typing shows the field still empty
    expect(from?.page).toMatch(/<input id=\d+ [^>]*label="From"[^>]*>/);
    expect(from?.page).not.toMatch(/label="From"[^>]*value="Bos"/);
    const pick = steps[steps.indexOf(from!) + 1];
    expect(pick?.action.kind).toBe('click');
    expect(pick?.target).toMatchObject({ role: 'option', name: expect.stringMatching(/^Boston \(BOS\)/) });

    const search = steps.find((x) => x.action.kind === 'click' && x.target?.name === 'Search flights');
    expect(search?.target).toMatchObject({ role: 'button', tag: 'button' });
    // a stored demonstration keeps the lines around what was acted on, and no field's value
    expect(search?.page).toMatch(/<button id=\d+[^>]*>Search flights<\/button>/);
    expect(JSON.stringify(steps.map((x) => x.page))).not.toMatch(/value=\\?"(?:Bos|Los)/);
    const nav = steps[steps.indexOf(search!) + 1];
    expect(nav?.action).toMatchObject({ kind: 'navigate', url: expect.stringMatching(/\/airline\/results\?/) });
    const chosen = steps.at(-1)!;
    expect(chosen.action.kind).toBe('check');
    expect(chosen.url).toMatch(/\/airline\/results\?/);
    expect(chosen.target?.role).toBe('radio');
    expect(kinds.filter((k) => k === 'navigate')).toHaveLength(1);

    // asked for, the workflow was made from the same demonstration
    const dump = JSON.parse(await dumpDatabases(panel)) as { copilot: { workflows: { data: { source: { id: string } } }[]; recordings: unknown[] } };
    expect(dump.copilot.workflows.some((w) => w.data.source.id === demo!.id)).toBe(true);
    expect(dump.copilot.recordings).toHaveLength(0);
  });

  it('never stores a password typed while recording', async () => {
    const s = await open('login', 1);
    const password = /password "(.+?)"/.exec(s.text)![1]!;
    const username = /username "(.+?)"/.exec(s.text)![1]!;
    await startRecording();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').click();
    await page.keyboard.type(password);
    await page.keyboard.press('Tab');
    await waitForSteps(panel, 2);
    // while recording: the username is stored (so the search below can find values), the password is not
    const during = await dumpDatabases(panel);
    expect(during).toContain(username);
    expect(during).not.toContain(password);

    // back into the password field and Enter: the field is unchanged (no new step), Enter submits
    await page.getByLabel('Password').click();
    await Promise.all([page.waitForURL(/submit/), page.keyboard.press('Enter')]);
    const listed = await waitForSteps(panel, 4);
    expect(listed.slice(0, 4)).toEqual([
      expect.stringMatching(/^Type “.+” into “Username”/),
      expect.stringMatching(/^Type a secret \(password\) into “Password”/),
      expect.stringMatching(/^Press Enter in “Password”/),
      expect.stringMatching(/^↳ opened \/t\/login\/submit/),
    ]);
    // the page Enter opened is said under it: three steps, as the workflow keeps them, with nothing to delete on the fourth line
    expect(await panel.getByTestId('record-count').textContent()).toBe('3');
    expect(await panel.locator('[data-testid=record-step][data-effect] button').count()).toBe(0);
    await shootPanel(panel, 'recording');
    // saved as an example only: no workflow
    await panel.bringToFront();
    await panel.getByTestId('record-workflow').uncheck();
    expect(await save('sign in to Harbor Bank')).toBe('Saved “sign in to Harbor Bank”.');

    const all = await dumpDatabases(panel);
    expect(all).not.toContain(password);
    const demo = (await demonstrations(panel)).find((d) => d.task === 'sign in to Harbor Bank')!;
    const typed = demo.steps.find((x) => x.action.kind === 'type' && x.action.secret);
    expect(typed).toMatchObject({ variable: 'password', action: { kind: 'type', value: '', secret: true }, target: { inputType: 'password' } });
    expect(typed!.page).not.toContain(password);
    const workflows = (JSON.parse(all) as { copilot: { workflows: { data: { source: { id: string } } }[] } }).copilot.workflows;
    expect(workflows.some((w) => w.data.source.id === demo.id)).toBe(false);
  });

  it('deletes a step from the recording when the panel says so', async () => {
    await open('login', 2);
    await startRecording();
    await page.getByLabel('Username').fill('first-value');
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    const before = await waitForSteps(panel, 2);
    await panel.bringToFront();
    expect(before[0]).toMatch(/^Type “first-value” into “Username”/);
    await panel.getByRole('button', { name: 'Delete step 1' }).click();
    await panel.waitForFunction(() => document.querySelectorAll('[data-testid=record-step]').length === 1, undefined, { polling: 50 });
    const left = await recordingData(panel);
    expect(left?.steps.map((x) => x.action.kind)).toEqual(['check']);
    // nothing to save without a name; the recording stays
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').innerText()).toMatch(/Give the task a name/);
    expect((await recordingData(panel))?.steps).toHaveLength(1);
    await panel.getByTestId('record-discard').click();
    await panel.getByTestId('record').waitFor();
    expect(await recordingData(panel)).toBeUndefined();
  });

  it('refuses to save a recording with no steps, with a clear message', async () => {
    await open('login', 3);
    await startRecording();
    expect(await save('nothing at all')).toMatch(/Nothing was recorded yet/);
    expect(await recordingData(panel)).toBeDefined();
    await panel.bringToFront();
    await panel.getByTestId('record-discard').click();
    await panel.getByTestId('record').waitFor();
  });

  it('stops recording a tab that is closed, keeping what it captured', async () => {
    const s = await createScenario(arena.url, 'login', 4, 0);
    const other = await ext.context.newPage();
    await other.goto(s.startUrl);
    const otherPanel = await ext.openPanel({ tabId: await ext.tabIdOf(other) });
    await otherPanel.getByTestId('record').click();
    await otherPanel.getByTestId('recording').waitFor();
    await other.bringToFront();
    await other.getByRole('checkbox', { name: 'Remember me' }).check();
    await waitForSteps(otherPanel, 1);
    await other.close();
    await expect
      .poll(async () => (JSON.parse(await dumpDatabases(otherPanel)) as { copilot: { recordings: { status: string; data: { steps: unknown[] } }[] } }).copilot.recordings.map((r) => [r.status, r.data.steps.length]))
      .toEqual([['stopped', 1]]);
    await otherPanel.close();
  });

  it('keeps the demonstrations after the browser profile is closed and opened again', async () => {
    const before = (await demonstrations(panel)).map((d) => d.id).sort();
    expect(before.length).toBeGreaterThanOrEqual(2);
    await relaunch();
    page = await ext.context.newPage();
    panel = await ext.openPanel();
    const after = await demonstrations(panel);
    expect(after.map((d) => d.id).sort()).toEqual(before);
    expect(after.find((d) => d.task.startsWith('search flights'))?.steps.length).toBeGreaterThanOrEqual(9);
  });
});

