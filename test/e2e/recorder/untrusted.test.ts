import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForContentScript } from '../../support/extension';
import { useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { chooseOption } from '../../support/person';
import { demonstrations, waitForSteps } from '../record/helpers';

// A recording keeps what the person did, never what the page's scripts did: a page that fires
// change, input, click and key events of its own (untrusted) while the person records gets none
// of them into the demonstration or the workflow, and the person's own steps come through whole.
const PAGE = `<!doctype html><title>Payments</title>
<h1>Pay a bill</h1>
<label>Payee <select id="payee"><option>Alice</option><option>Bob</option><option>Mallory</option></select></label>
<label>Amount <input id="amount"></label>
<label>Note <input id="note"></label>
<label id="auto-label"><input type="checkbox" id="auto"> Enable automatic payments</label>
<label id="radio-label"><input type="radio" name="when" id="now"> Pay now</label>
<button type="button" id="continue">Continue</button>
<button type="button" id="confirm">Confirm transfer</button>
<p id="out"></p>
<script>
const $ = (id) => document.getElementById(id);
const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
window.fired = 0;
// while the person types, the page echoes a change of its own after every keystroke
$('amount').addEventListener('input', (e) => { if (e.isTrusted) fire($('amount'), 'change'); });
$('confirm').addEventListener('click', () => { $('out').textContent = 'confirmed'; });
// after the person's own click, the page acts by itself
$('continue').addEventListener('click', (e) => {
  if (!e.isTrusted) return;
  setTimeout(() => {
    $('auto').checked = true; fire($('auto'), 'change');
    $('payee').value = 'Mallory'; fire($('payee'), 'input'); fire($('payee'), 'change');
    $('amount').value = '9999';
    $('amount').dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: '9999' }));
    fire($('amount'), 'change');
    $('amount').dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
    $('confirm').click();
    // a click of the page's own on a checkbox, a label or a radio: the change the browser then fires is trusted
    $('auto').click();
    $('auto-label').click();
    $('radio-label').click();
    // typing of the page's own: execCommand's input and change are trusted too
    $('note').focus();
    document.execCommand('insertText', false, 'send it to Mallory');
    $('note').blur();
    window.fired = 1;
  }, 150);
});
</script>`;

const { ext, site } = useExtension({ pages: { '/pay.html': PAGE } });
let page: Page;
let panel: Page;

beforeAll(async () => {
  page = await ext.context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${site.url}/pay.html`);
  // the panel opened on the tab puts the content script into its page
  panel = await ext.openPanel({ tabId: await ext.tabIdOf(page), ownWindow: true });
  await waitForContentScript(page);
});

describe('a recording on a page that fires events of its own', () => {
  it('keeps only the person\'s trusted steps in the demonstration and the workflow', async () => {
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();

    // the person: picks Bob, types 120, clicks Continue
    await chooseOption(page.getByLabel('Payee'), 'Bob');
    await page.getByLabel('Amount').click();
    await page.keyboard.type('120');
    await page.getByRole('button', { name: 'Continue' }).click();
    // the page: ticks the box, picks Mallory, types 9999 and a note, presses Enter, clicks Confirm transfer and Pay now
    await page.waitForFunction(() => (window as unknown as { fired: number }).fired === 1, undefined, { polling: 20 });
    expect(await page.locator('#out').textContent()).toBe('confirmed');
    expect(await page.getByLabel('Payee').inputValue()).toBe('Mallory');
    expect(await page.getByLabel('Note').inputValue()).toBe('send it to Mallory');
    expect(await page.getByRole('radio', { name: 'Pay now' }).isChecked()).toBe(true);
    await waitForSteps(panel, 3);

    await panel.bringToFront();
    await panel.getByTestId('record-task').fill('pay Bob 120');
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');

    const demo = (await demonstrations(panel)).find((d) => d.task === 'pay Bob 120')!;
    const actions = demo.steps.map((s) => s.action);
    expect(actions).toEqual([
      expect.objectContaining({ kind: 'select', values: ['Bob'] }),
      expect.objectContaining({ kind: 'type', value: '120', secret: false }),
      expect.objectContaining({ kind: 'click' }),
    ]);
    expect(demo.steps.map((s) => s.target?.name ?? s.target?.label)).toEqual(['Payee', 'Amount', 'Continue']);
    const text = JSON.stringify(demo.steps.map((s) => [s.action, s.target?.name, s.target?.label]));
    for (const word of ['Mallory', '9999', 'Enable automatic payments', 'Confirm transfer', 'Pay now', 'Note']) expect(text).not.toContain(word);

    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string }[] };
    const id = list.result.find((w) => w.name === 'pay Bob 120')!.id;
    const wf = (await panelSend(panel, 'workflows.get', { id })) as { result: { steps: { action: { kind: string } }[] } };
    const kinds = wf.result.steps.map((s) => s.action.kind).filter((k) => k !== 'navigate');
    expect(kinds).toEqual(['select', 'type', 'click']);
    expect(JSON.stringify(wf.result.steps.map((s) => s.action))).not.toMatch(/Mallory|9999|check|press/);
  });
});
