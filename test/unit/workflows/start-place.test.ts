import { describe, expect, it } from 'vitest';
import type { Workflow } from '../../../src/shared/workflow';
import { startPlace } from '../../../src/workflows/replay/start-place';
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

  it('leaves the tab where it is on the site when the first step navigates by itself', () => {
    expect(startPlace(opensItself, 'https://bank.test/accounts', false)).toBe('here');
    expect(startPlace(opensItself, 'https://elsewhere.example/', false)).toBe('new');
  });
});
