import { describe, expect, it } from 'vitest';
import { parse } from '@puppeteer/replay';
import type { Fingerprint } from '../../../src/shared/fingerprint';
import type { Workflow } from '../../../src/shared/workflow';
import { chromeRecordingFromWorkflow, splitKeys } from '../../../src/workflows/chrome-recorder/export';
import { exportSelectors } from '../../../src/workflows/chrome-recorder/export-selectors';

const fp = (over: Partial<Fingerprint>): Fingerprint => ({ tag: 'button', role: 'button', name: '', css: 'form > button', xpath: '', frames: [], shadow: [], ...over });

const workflow: Workflow = {
  format: 'copilot-workflow',
  version: 1,
  id: 'w',
  name: 'Send a request',
  description: '',
  site: '127.0.0.1:4173',
  startUrl: 'http://127.0.0.1:4173/t/iframe-form/?scenario=s1',
  variables: [
    { name: 'message', label: 'Message', default: 'Hello', secret: false },
    { name: 'pin', label: 'PIN', secret: true },
  ],
  steps: [
    { id: 's1', action: { kind: 'type', value: '{{message}}' }, intent: 'type', after: { navigates: false }, target: fp({ tag: 'textarea', role: 'textbox', name: 'Message', label: 'Message', css: '#msg', frames: ['iframe[title="Support"]'] }) },
    { id: 's2', action: { kind: 'type', value: '{{pin}}' }, intent: 'type', after: { navigates: false }, target: fp({ tag: 'input', role: 'textbox', name: 'PIN', inputType: 'password', css: '#pin' }) },
    { id: 's3', action: { kind: 'press', keys: 'Control+Enter' }, intent: 'press', after: { navigates: true, path: '/t/iframe-form/submit' } },
    { id: 's4', action: { kind: 'click' }, intent: 'click', after: { navigates: false }, target: fp({ name: 'Send request', text: 'Send request', rect: { x: 10, y: 10, w: 120, h: 30 }, frames: ['nth-frame(1)', 'nth-frame(0)'] }) },
  ],
  source: { kind: 'recording' },
  createdAt: 0,
  updatedAt: 0,
};

type Step = Record<string, unknown>;
const exported = (values?: Record<string, string>) => {
  const r = chromeRecordingFromWorkflow(workflow, { values });
  if (!r.ok) throw new Error(r.message);
  return { ...r, steps: (JSON.parse(r.text) as { steps: Step[] }).steps };
};

describe('export for Chrome Recorder', () => {
  it('writes a file that Chrome runner\'s own parser accepts, with viewport, navigation and asserted events', () => {
    const { text, steps } = exported();
    expect(() => parse(JSON.parse(text))).not.toThrow();
    expect(steps.map((s) => s.type)).toEqual(['setViewport', 'navigate', 'change', 'change', 'keyDown', 'keyDown', 'keyUp', 'keyUp', 'click']);
    expect(steps[1]).toMatchObject({ url: workflow.startUrl, assertedEvents: [{ type: 'navigation', url: workflow.startUrl }] });
    // the navigation is awaited from the key that submits, not from a later keyUp
    expect(steps[5]).toMatchObject({ key: 'Enter', assertedEvents: [{ type: 'navigation', url: 'http://127.0.0.1:4173/t/iframe-form/submit' }] });
    expect(steps[6]).not.toHaveProperty('assertedEvents');
  });
  it('fills variables with the values given at export, else their recorded ones, and never writes a secret', () => {
    expect(exported().steps[2]).toMatchObject({ value: 'Hello' });
    const given = exported({ message: 'Other words', pin: '9999' });
    expect(given.steps[2]).toMatchObject({ value: 'Other words' });
    expect(given.steps[3]).toMatchObject({ value: '' });
    expect(given.text).not.toContain('9999');
    expect(given.warnings).toContain('"PIN" is a secret and is exported empty; fill it in the Recorder.');
  });
  it('writes frame paths by index, clicks the middle of the element and warns when a frame index is assumed', () => {
    const { steps, warnings } = exported();
    expect(steps[2]).toMatchObject({ frame: [0] });
    expect(steps[8]).toMatchObject({ frame: [1, 0], offsetX: 60, offsetY: 15 });
    expect(warnings.some((w) => w.startsWith('Step 1 acts inside a frame'))).toBe(true);
    expect(warnings.some((w) => w.startsWith('Step 4'))).toBe(false);
    // an element whose size is unknown (an imported step) is pressed inside its rounded corner, not at (1, 1)
    const unsized = chromeRecordingFromWorkflow({ ...workflow, steps: [{ ...workflow.steps[3]!, target: fp({ name: 'Go' }) }] });
    expect(unsized.ok && JSON.parse(unsized.text).steps[2]).toMatchObject({ type: 'click', offsetX: 8, offsetY: 8 });
  });
  it('gives each element aria, CSS, XPath and text selectors that name it alone', () => {
    expect(exportSelectors(fp({ name: 'Send request', text: 'Send request', domId: 'send', xpath: '/html/body/form/button' }))).toEqual([
      'aria/Send request[role="button"]',
      '#send',
      'form > button',
      'xpath//html/body/form/button',
      'text/Send request',
    ]);
    // a radio's name attribute is its whole group's; a short text is part of too many labels
    expect(exportSelectors(fp({ tag: 'input', role: 'radio', name: 'Yes', inputType: 'radio', nameAttr: 'answer', css: '#yes', text: 'Yes' }))).toEqual(['aria/Yes[role="radio"]', '#yes']);
    // a select is named by its label in Chrome's tree, not by the label and the chosen value
    expect(exportSelectors(fp({ tag: 'select', role: 'combobox', name: 'Country Spain', label: 'Country', nameAttr: 'country', css: '#c' }))[0]).toBe('aria/Country[role="combobox"]');
    // inside a shadow root the CSS selectors walk down from the host; XPath cannot
    expect(exportSelectors(fp({ css: 'button', xpath: '/x', shadow: ['news-form'] }))).toEqual([['news-form', 'button']]);
    expect(exportSelectors(fp({ tag: 'div', role: 'generic', name: 'x', css: 'div' }))).toEqual(['div']);
  });
  it('splits key chords, the plus key included', () => {
    expect(splitKeys('Control+Shift+a')).toEqual(['Control', 'Shift', 'a']);
    expect(splitKeys('Control++')).toEqual(['Control', '+']);
    expect(splitKeys('+')).toEqual(['+']);
  });
});
