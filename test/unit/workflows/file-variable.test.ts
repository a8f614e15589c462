import { describe, expect, it } from 'vitest';
import { Demonstration } from '../../../src/shared/demonstration';
import { workflowFromDemonstration } from '../../../src/workflows/from-demonstration';
import { fillAction, resolveValues } from '../../../src/workflows/fill';
import { browserActionFor } from '../../../src/workflows/replay/actions';
import { replayDecision } from '../../../src/workflows/replay/consent';
import { checkWorkflow } from '../../../src/workflows/check';

const demo = Demonstration.parse({
  format: 'copilot-demonstration',
  version: 1,
  id: 'd1',
  task: 'Apply with my CV',
  site: 'jobs.example',
  startUrl: 'https://jobs.example/apply',
  createdAt: 1,
  steps: [
    { at: 1, url: 'https://jobs.example/apply', title: 'Apply', page: '', action: { kind: 'upload', id: 5, file: 'cv-2025.pdf' }, target: { tag: 'input', role: 'button', name: 'Your CV', inputType: 'file', label: 'Your CV', css: '#cv' } },
  ],
});
const wf = workflowFromDemonstration(demo, { id: 'wf-cv', now: 2 });

describe('a file chosen while recording', () => {
  it('becomes a file variable, its recorded name a hint, and an upload step that fills it', () => {
    expect(wf.variables).toEqual([{ name: 'your_cv', label: 'Your CV', default: 'cv-2025.pdf', secret: false, file: true }]);
    expect(wf.steps[0]).toMatchObject({ action: { kind: 'upload', file: '{{your_cv}}' }, intent: 'attach {{your_cv}} to "Your CV"' });
  });

  it('runs only with a file chosen for the run: the recorded name alone is not a file', () => {
    expect(resolveValues(wf, {})).toEqual({ ok: false, message: 'Choose a file for "Your CV" before the replay starts.' });
    const r = resolveValues(wf, { your_cv: 'cv-2026.pdf' }, new Set(['your_cv']));
    expect(r).toEqual({ ok: true, values: { your_cv: 'cv-2026.pdf' }, secrets: {} });
    const filled = fillAction(wf.steps[0]!.action, r.ok ? r.values : {});
    expect(browserActionFor(filled, 5, 'input')).toEqual({ kind: 'upload', id: 5, file: 'cv-2026.pdf' });
  });

  it('an upload step names exactly one file variable: a secret or typed text is never sent as a file', () => {
    expect(checkWorkflow(wf)).toBeUndefined();
    const withSecret = { ...wf, variables: [...wf.variables, { name: 'pw', label: 'Password', secret: true }], steps: [{ ...wf.steps[0]!, action: { kind: 'upload' as const, file: '{{pw}}' } }] };
    expect(checkWorkflow(withSecret)).toBe('step 1 (upload) must name one file variable, as {{name}}');
    expect(checkWorkflow({ ...wf, steps: [{ ...wf.steps[0]!, action: { kind: 'upload' as const, file: 'notes {{your_cv}}' } }] })).toBe('step 1 (upload) must name one file variable, as {{name}}');
  });

  it('an imported file\'s upload is asked about even on its own start host (its address is its author\'s word)', () => {
    const action = { kind: 'upload' as const, id: 5, file: 'cv-2026.pdf' };
    const el = { id: 5, tag: 'input', role: 'button', name: 'Your CV', inputType: 'file', secret: false, line: '<input id=5 type=file label="Your CV">' };
    const imported = { ...wf, source: { kind: 'file' as const } };
    expect(replayDecision({ workflow: imported, step: wf.steps[0]!, action, el, typesSecret: false, approvals: [], repaired: false, url: 'https://jobs.example/apply', requestsHeld: true })).toMatchObject({ kind: 'confirm', category: 'send' });
  });

  it('sends the file unasked only on the workflow\'s own host, with the tab\'s requests held', () => {
    const action = { kind: 'upload' as const, id: 5, file: 'cv-2026.pdf' };
    const el = { id: 5, tag: 'input', role: 'button', name: 'Your CV', inputType: 'file', secret: false, line: '<input id=5 type=file label="Your CV">' };
    const base = { workflow: wf, step: wf.steps[0]!, action, el, typesSecret: false, approvals: [], repaired: false };
    expect(replayDecision({ ...base, url: 'https://jobs.example/apply', requestsHeld: true })).toEqual({ kind: 'allow' });
    expect(replayDecision({ ...base, url: 'https://cv-scan.example/apply', requestsHeld: true })).toMatchObject({ kind: 'confirm', category: 'send', irreversible: true });
    expect(replayDecision({ ...base, url: 'https://jobs.example/apply', requestsHeld: false })).toMatchObject({ kind: 'confirm', category: 'send' });
  });
});
