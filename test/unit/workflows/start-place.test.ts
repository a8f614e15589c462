import { describe, expect, it } from 'vitest';
import type { Workflow } from '../../../src/shared/workflow';
import { startAddress, startPlace } from '../../../src/workflows/replay/start-place';
import { workflow } from './replay-support';

/** A Chrome Recorder file's first step goes to its page itself. */
const opensItself: Workflow = { ...workflow, steps: [{ id: 'n', action: { kind: 'navigate', url: 'https://bank.test/login' }, intent: 'open the sign-in page', after: { navigates: true } }, ...workflow.steps] };

describe('where a replay starts', () => {
  it('runs in the tab as it is on the page the first step was recorded on', () => {
    expect(startPlace(workflow, 'https://bank.test/login?next=%2F', false)).toBe('here');
    expect(startPlace(workflow, 'https://www.bank.test/login', false)).toBe('here');
  });

  it('sends the tab to the start page when it shows another page of the site, a blank page or a browser page', () => {
    expect(startPlace(workflow, 'https://bank.test/accounts', false)).toBe('go');
    expect(startPlace(workflow, 'about:blank', false)).toBe('go');
    expect(startPlace(workflow, 'chrome://newtab/', false)).toBe('go');
    expect(startPlace(workflow, '', false)).toBe('go');
  });

  it("opens a new tab rather than leave another site's page, and when asked to", () => {
    expect(startPlace(workflow, 'https://mail.example.com/draft/1', false)).toBe('new');
    expect(startPlace(workflow, 'https://bank.test.evil.example/login', false)).toBe('new');
    expect(startPlace(workflow, 'https://bank.test/login', true)).toBe('new');
    expect(startPlace(workflow, undefined, false)).toBe('new');
  });

  it("opens a first step's own address as it starts, so that step finds the tab there", () => {
    expect(startPlace(opensItself, 'https://bank.test/accounts', false)).toBe('go');
    expect(startPlace(opensItself, 'https://bank.test/login?next=%2F', false)).toBe('here');
    expect(startPlace(opensItself, 'https://elsewhere.example/', false)).toBe('new');
    expect(startAddress(opensItself, {})).toBe('https://bank.test/login');
    const withValue: Workflow = { ...opensItself, steps: [{ ...opensItself.steps[0]!, action: { kind: 'navigate', url: 'https://bank.test/{{page}}' } }] };
    expect(startAddress(withValue, { page: 'offers' })).toBe('https://bank.test/offers');
    expect(startPlace(withValue, 'https://bank.test/offers', false, { page: 'offers' })).toBe('here');
  });

  it('opens the start address, not a first step that leaves the site or is no web page (the step asks in its turn)', () => {
    for (const url of ['https://elsewhere.example/login', 'javascript:alert(1)', 'file:///etc/passwd']) {
      const wf: Workflow = { ...opensItself, steps: [{ ...opensItself.steps[0]!, action: { kind: 'navigate', url } }] };
      expect(startAddress(wf, {})).toBe(workflow.startUrl);
      expect(startPlace(wf, 'https://bank.test/accounts', false)).toBe('here');
    }
  });
});
