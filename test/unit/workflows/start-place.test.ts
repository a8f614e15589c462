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

  it("opens a first step's own address as it starts, and says that step is done", () => {
    const welcome: Workflow = { ...opensItself, steps: [{ ...opensItself.steps[0]!, action: { kind: 'navigate', url: 'https://bank.test/welcome?from=file' } }, ...workflow.steps] };
    expect(startPlace(welcome, 'https://bank.test/accounts', false)).toBe('go');
    expect(startPlace(welcome, 'https://bank.test/welcome', false)).toBe('here');
    expect(startPlace(welcome, 'https://elsewhere.example/', false)).toBe('new');
    expect(startAddress(welcome, {})).toEqual({ url: 'https://bank.test/welcome?from=file', firstStep: true });
    const withValue: Workflow = { ...opensItself, steps: [{ ...opensItself.steps[0]!, action: { kind: 'navigate', url: 'https://bank.test/{{page}}' } }] };
    expect(startAddress(withValue, { page: 'offers' })).toEqual({ url: 'https://bank.test/offers', firstStep: true });
    expect(startPlace(withValue, 'https://bank.test/offers', false, { page: 'offers' })).toBe('here');
  });

  it('opens the start address for a first step the gate would ask about, or whose address needs a value the start does not have', () => {
    const first = (url: string): Workflow => ({ ...opensItself, steps: [{ ...opensItself.steps[0]!, action: { kind: 'navigate', url } }] });
    // another site, no web page, a scheme hidden behind a tab character, a placeholder only the run fills
    for (const url of ['https://elsewhere.example/login', 'javascript:alert(1)', 'file:///etc/passwd', 'ht\ttps://bank.test/x', 'https://bank.test/{{password}}']) {
      expect(startAddress(first(url), { username: 'kenji' })).toEqual({ url: workflow.startUrl, firstStep: false });
      expect(startPlace(first(url), 'https://bank.test/accounts', false)).toBe('here');
    }
  });
});
