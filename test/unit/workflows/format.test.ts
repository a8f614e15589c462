import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Demonstration } from '../../../src/shared/demonstration';
import { workflowFromDemonstration } from '../../../src/workflows/from-demonstration';
import { parseWorkflowFile, workflowFileText } from '../../../src/workflows/file';
import { resolveValues, fillAction } from '../../../src/workflows/fill';
import { chromeRecordingFromWorkflow } from '../../../src/workflows/chrome-recorder/export';
import { fingerprintFromSelectors } from '../../../src/workflows/chrome-recorder/selectors';

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../fixtures/workflows', name), 'utf8');
const demo = Demonstration.parse(JSON.parse(fixture('demo-search.json')));
const wf = workflowFromDemonstration(demo, { id: 'wf-1', now: 10 });

describe('workflow from a demonstration', () => {
  it('turns typed values into variables with defaults and secrets into variables without one', () => {
    expect(wf.variables).toEqual([
      { name: 'from', label: 'From', default: 'Boston', secret: false },
      { name: 'to', label: 'To', default: 'Denver', secret: false },
      { name: 'pin', label: 'PIN', secret: true },
    ]);
    expect(wf.steps.map((s) => s.intent)).toEqual([
      'type {{from}} into "From"',
      'type {{to}} into "To"',
      'type {{pin}} into "PIN"',
      'click the "Search flights" button',
      'choose the "08:15 $120" option',
    ]);
  });
  it('folds the navigation a click caused into that click, and keeps the pages steps start on', () => {
    const click = wf.steps[3]!;
    expect(click.after).toEqual({ navigates: true, path: '/airline/results' });
    expect(wf.steps[4]!.before?.path).toBe('/airline/results');
    expect(wf.steps.some((s) => s.action.kind === 'navigate')).toBe(false);
    expect(JSON.stringify(wf.steps)).not.toContain('scenario=s1'); // no session address is kept as a step
  });
  it('fills variables, asks for secrets and refuses unknown names', () => {
    expect(resolveValues(wf, { to: 'Miami' })).toEqual({ ok: false, message: 'Give a value for "PIN" before the replay starts.' });
    const r = resolveValues(wf, { to: 'Miami', pin: '1234' });
    expect(r).toEqual({ ok: true, values: { from: 'Boston', to: 'Miami' }, secrets: { pin: '1234' } });
    expect(fillAction(wf.steps[1]!.action, { to: 'Miami' })).toEqual({ kind: 'type', value: 'Miami' });
    expect(resolveValues(wf, { nope: 'x' })).toMatchObject({ ok: false, message: expect.stringContaining('"nope"') });
  });
});

describe('workflow files', () => {
  const text = workflowFileText(wf);
  it('round-trips, under a new id so nothing stored is replaced', () => {
    const r = parseWorkflowFile(text, { id: 'wf-2', now: 20 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.workflow.id).toBe('wf-2');
    expect(r.workflow.steps).toEqual(wf.steps);
    expect(r.workflow.variables).toEqual(wf.variables);
  });
  const refuse = (mutate: (o: Record<string, unknown>) => unknown, message: RegExp | string) => {
    const o = JSON.parse(text) as Record<string, unknown>;
    const r = parseWorkflowFile(typeof mutate === 'function' ? JSON.stringify(mutate(o) ?? o) : text, { id: 'x', now: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  };
  it('says in words what a refused file is not and which files Import takes, never the parser\'s words or the file\'s bytes', () => {
    const said = (text: string) => {
      const r = parseWorkflowFile(text, { id: 'x', now: 0 });
      return r.ok ? 'accepted' : r.message;
    };
    const takes = /Import takes a workflow exported from this extension \(its Export button\) or a JSON file exported from the Recorder in Chrome’s DevTools\.$/;
    // a JSON file of notes: no "format", no steps
    const notes = said(JSON.stringify({ notes: ['buy milk'], owner: 'me' }));
    expect(notes).toMatch(/^This JSON file is not a workflow of this extension, nor a Chrome Recorder export\./);
    expect(notes).toMatch(takes);
    expect(notes).not.toMatch(/"format"|missing|expected/);
    expect(said('[1, 2]')).toMatch(takes);
    // a picture read as text: the parser quotes its first bytes; none of them are shown
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('utf8');
    const picture = said(png);
    expect(picture).toMatch(/^The file is not JSON: it looks like a picture or another kind of file, not a workflow\./);
    expect(picture).toMatch(takes);
    expect(picture).not.toMatch(/PNG|Unexpected|token|position|\uFFFD/);
    expect(said('hello, these are my notes')).toMatch(/^The file is not JSON, so it is not a workflow\. Import takes/);
    // cut short: the good advice stays, the parser's position goes
    const cut = said('{"format": "copilot-workflow", "version": 1, "name": "Sign in to the ba');
    expect(cut).toBe('The file is not JSON as it stands: it stops in the middle. It looks cut short: export it again.');
  });

  it('refuses malformed and future files with a message naming the problem', () => {
    expect(parseWorkflowFile('{"format": ', { id: 'x', now: 0 })).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not JSON/) });
    refuse((o) => ({ ...o, version: 2 }), /newer version of the extension \(format version 2\); this one reads version 1/);
    refuse((o) => ({ ...o, format: 'something' }), /^This JSON file is not a workflow of this extension \(it says its format is “something”\), nor a Chrome Recorder export\. Import takes/);
    refuse((o) => ({ ...o, steps: [] }), /^The workflow file is not valid: steps: /);
    // in words, not the schema's: what is missing, and what a field should be
    refuse((o) => ({ format: o.format, version: o.version }), /^The workflow file is not valid: "id" is missing; "name" is missing; "site" is missing/);
    refuse((o) => ({ ...o, name: 7 }), /"name" should be text/);
    refuse((o) => {
      (o.steps as { action: unknown }[])[1]!.action = { kind: 'teleport' };
      return o;
    }, /step 2 \(action\.kind\)/);
    refuse((o) => {
      (o.steps as { action: { value: string } }[])[0]!.action.value = '{{city}}';
      return o;
    }, /step 1 uses \{\{city\}\}, which is not among the variables/);
    refuse((o) => {
      (o.variables as { default?: string }[])[2]!.default = 'hunter2';
      return o;
    }, /secret variable "pin" carries a value/);
  });
});

describe('Chrome DevTools Recorder', () => {
  it('reads selectors of every kind into one fingerprint', () => {
    const fp = fingerprintFromSelectors([['aria/Search flights[role="button"]'], ['#search'], ['xpath///*[@id="search"]'], ['pierce/#search'], ['text/Search flights'], ['my-app', 'button.go']], [0]);
    expect(fp).toMatchObject({ role: 'button', name: 'Search flights', domId: 'search', xpath: '//*[@id="search"]', css: '#search', text: 'Search flights', frames: ['nth-frame(0)'] });
    const shadow = fingerprintFromSelectors([['my-app', 'button.go']]);
    expect(shadow).toMatchObject({ css: 'button.go', shadow: ['my-app'], tag: 'button' });
    expect(fingerprintFromSelectors(['[data-testid="go"]'])).toMatchObject({ testId: 'data-testid=go' });
  });
  it('imports a recording: changes become variables, keys become presses, asserted navigations become effects', () => {
    const r = parseWorkflowFile(fixture('login-recording.chrome.json'), { id: 'wf-c', now: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const w = r.workflow;
    expect(r.kind).toBe('chrome-recorder');
    expect(w.site).toBe('127.0.0.1:4173');
    expect(w.variables).toEqual([{ name: 'username', label: 'Username', default: 'mlopez', secret: false }, { name: 'password', label: 'Password', secret: true }]);
    expect(JSON.stringify(w)).not.toContain('Tulip-1234');
    expect(w.steps.map((s) => s.action.kind)).toEqual(['navigate', 'click', 'type', 'type', 'press', 'click']);
    expect(w.steps[4]!.action).toEqual({ kind: 'press', keys: 'Shift+Tab' });
    expect(w.steps[5]!.after).toEqual({ navigates: true, path: '/t/login/submit' });
    expect(w.steps[2]!.target).toMatchObject({ name: 'Username', domId: 'username' });
  });
  it('refuses steps it cannot replay, and files that are not recordings', () => {
    const bad = JSON.stringify({ title: 't', steps: [{ type: 'navigate', url: 'http://a.test/' }, { type: 'customStep', name: 'x' }] });
    expect(parseWorkflowFile(bad, { id: 'x', now: 0 })).toMatchObject({ ok: false, message: expect.stringContaining('Step 2 ("customStep") of the Chrome Recorder file is a custom step') });
    const broken = JSON.stringify({ title: 't', steps: [{ type: 'click' }] });
    expect(parseWorkflowFile(broken, { id: 'x', now: 0 })).toMatchObject({ ok: false, message: expect.stringContaining('Step 1 ("click") of the Chrome Recorder file is not valid') });
  });
  it('exports a workflow back, secrets empty, and the export imports again', () => {
    const out = chromeRecordingFromWorkflow(wf);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.warnings).toEqual(['"PIN" is a secret and is exported empty; fill it in the Recorder.']);
    const flow = JSON.parse(out.text) as { steps: { type: string; value?: string; selectors?: unknown[] }[] };
    expect(flow.steps.map((s) => s.type)).toEqual(['setViewport', 'navigate', 'change', 'change', 'change', 'click', 'click']);
    expect(flow.steps[2]).toMatchObject({ value: 'Boston', selectors: ['aria/From[role="combobox"]', '#from'] });
    const again = parseWorkflowFile(out.text, { id: 'y', now: 0 });
    expect(again.ok).toBe(true);
  });
});
