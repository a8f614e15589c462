import { describe, expect, it } from 'vitest';
import { parseWorkflowFile } from '../../../src/workflows/file';
import { reviewOf } from '../../../src/workflows/chrome-recorder/review';
import { targetLooksSecret } from '../../../src/workflows/rules';

const opts = { id: 'wf-r', now: 1 };
const file = (steps: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ title: 'Flow', steps, ...extra });
const nav = { type: 'navigate', url: 'http://shop.test/start' };

describe('Chrome Recorder import, every step type', () => {
  it('keeps the file selectors, timeouts, buttons and wait conditions on the steps', () => {
    const r = parseWorkflowFile(
      file(
        [
          { type: 'setViewport', width: 800, height: 600, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
          nav,
          { type: 'waitForElement', selectors: [['custom-element', 'button']], operator: '>=', count: 2, visible: false, properties: { className: 'x' }, attributes: { class: 'x' }, timeout: 1200 },
          { type: 'click', selectors: [['xpath///*[@id="a"]'], ['#a']], offsetX: 3, offsetY: 4, button: 'secondary' },
          { type: 'doubleClick', selectors: ['#b'], offsetX: 1, offsetY: 1, deviceType: 'touch', duration: 500 },
          { type: 'hover', selectors: ['#c'] },
          { type: 'scroll', selectors: ['#overflow'], x: 0, y: 40 },
          { type: 'scroll', x: 40, y: 40 },
          { type: 'keyDown', key: 'Control' },
          { type: 'keyDown', key: 'a' },
          { type: 'keyUp', key: 'a' },
          { type: 'keyUp', key: 'Control' },
          { type: 'waitForExpression', expression: 'window.x === 1' },
          { type: 'emulateNetworkConditions', download: 1, upload: 1, latency: 1 },
          { type: 'click', selectors: ['#d'], offsetX: 1, offsetY: 1, button: 'back' },
          { type: 'close' },
        ],
        { timeout: 3000 },
      ),
      opts,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const kinds = r.workflow.steps.map((s) => s.action.kind);
    expect(kinds).toEqual(['navigate', 'wait', 'click', 'double_click', 'hover', 'scroll', 'scroll', 'press']);
    const [, wait, click, , , scroll] = r.workflow.steps;
    expect(wait!.recorder).toMatchObject({ selectors: [['custom-element', 'button']], timeoutMs: 1200, wait: { operator: '>=', count: 2, visible: false, properties: { className: 'x' } } });
    expect(click!.recorder).toMatchObject({ selectors: [['xpath///*[@id="a"]'], ['#a']], timeoutMs: 3000, button: 'right', learned: false });
    expect(scroll!.action).toEqual({ kind: 'scroll', x: 0, y: 40 });
    expect(r.workflow.steps[7]!.action).toEqual({ kind: 'press', keys: 'Control+a' });
    // what the replay does not honour is named, by step
    expect(r.notes.join('\n')).toMatch(/Step 1 \("setViewport"\).*800×600/);
    expect(r.notes.join('\n')).toMatch(/Step 13 \("waitForExpression"\).*would run the file's code/);
    expect(r.notes.join('\n')).toMatch(/Step 15 \("click"\).*back button/);
    expect(r.notes.join('\n')).toMatch(/Step 16 \("close"\)/);
    expect(r.notes.join('\n')).toMatch(/Step 5 \("doubleClick"\): its touch input is replayed as a mouse click; it is not held down for 500 ms/);
    expect(r.notes.join('\n')).toMatch(/Step 14 \("emulateNetworkConditions"\)/);
  });

  it('refuses, naming the step: custom steps, unknown types, unknown selector kinds, a navigate to another site, cut and huge files', () => {
    const msg = (text: string) => {
      const r = parseWorkflowFile(text, opts);
      return r.ok ? 'accepted' : r.message;
    };
    expect(msg(file([nav, { type: 'customStep', name: 'login', parameters: {} }]))).toMatch(/^Step 2 \("customStep"\).*custom step/);
    expect(msg(file([nav, { type: 'teleport', selectors: ['#a'] }]))).toMatch(/^Step 2 \("teleport"\).*not a step type/);
    expect(msg(file([nav, { type: 'click', selectors: [['shadow/#a']], offsetX: 1, offsetY: 1 }]))).toMatch(/^Step 2 \("click"\).*"shadow\/#a".*kind is not one of/);
    expect(msg(file([nav, { type: 'navigate', url: 'http://evil.test/steal' }]))).toMatch(/^Step 2 \("navigate"\).*leaves shop.test for evil.test/);
    expect(msg(file([nav, { type: 'navigate', url: 'http://www.shop.test/next' }]))).toBe('accepted');
    const whole = file([nav, { type: 'click', selectors: ['#a'], offsetX: 1, offsetY: 1 }]);
    expect(msg(whole.slice(0, whole.length - 20))).toMatch(/not JSON.*cut short/);
    expect(msg('x'.repeat(60_000_000))).toMatch(/larger than 5 MB/);
  });

  it('makes a value typed into a password field a secret with no stored value, and reviews the flow in words', () => {
    const r = parseWorkflowFile(
      file([
        nav,
        { type: 'change', value: 'mlopez', selectors: [['aria/Username'], ['#username']] },
        { type: 'change', value: 'Tulip-1234', selectors: [['#pw'], ['input[type="password"]']] },
        { type: 'click', selectors: [['aria/Sign in[role="button"]']], offsetX: 1, offsetY: 1, assertedEvents: [{ type: 'navigation', url: 'http://shop.test/home', title: '' }] },
      ]),
      opts,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(JSON.stringify(r.workflow)).not.toContain('Tulip-1234');
    expect(r.workflow.variables.find((v) => v.secret)).toBeTruthy();
    const review = reviewOf(r.workflow, r.notes, r.warnings);
    expect(review.site).toBe('shop.test');
    expect(review.steps[0]).toBe('Open http://shop.test/start');
    expect(review.steps[1]).toContain('"mlopez"');
    expect(review.steps[2]).toBe('Type your password (asked at Run, never stored) into "pw"');
    expect(review.steps[3]).toContain('then the page changes to /home');
    expect(review.leaves).toEqual([]);
  });

  it('names a secret by the kind of field it goes into when no words name the field: "password", never "value"', () => {
    const r = parseWorkflowFile(file([nav, { type: 'change', value: 'Tulip-1234', selectors: [['input[type="password"]']] }]), opts);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.workflow.variables).toEqual([{ name: 'password', label: 'Password', secret: true }]);
    expect(reviewOf(r.workflow, r.notes, r.warnings).steps[1]).toBe('Type your password (asked at Run, never stored) into the password field');
    // a field named only by its id: the id is no word for a person, the kind of secret is
    const byId = parseWorkflowFile(file([nav, { type: 'change', value: 'Tulip-1234', selectors: [['#pw'], ['input[type="password"]']] }]), opts);
    expect(byId.ok && byId.workflow.variables).toEqual([{ name: 'password', label: 'Password', secret: true }]);
  });

  it('types the password of a password + confirm pair from one secret, asked once, whether or not the confirm field says password', () => {
    for (const confirm of [[['#verify']], [['aria/Confirm password'], ['#password2']]]) {
      const r = parseWorkflowFile(
        file([
          nav,
          { type: 'change', value: 'mlopez', selectors: [['#username']] },
          { type: 'change', value: 'Tulip-1234', selectors: [['#password']] },
          { type: 'change', value: 'Tulip-1234', selectors: confirm },
          // a short value typed again by chance is not a confirmation
          { type: 'change', value: '1234', selectors: [['#pin']] },
          { type: 'change', value: '1234', selectors: [['#quantity']] },
        ]),
        opts,
      );
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(JSON.stringify(r.workflow)).not.toContain('Tulip-1234');
      const secrets = r.workflow.variables.filter((v) => v.secret).map((v) => v.name);
      expect(secrets).toEqual(['password', expect.stringMatching(/pin/)]);
      expect(r.workflow.steps.map((s) => (s.action.kind === 'type' ? s.action.value : ''))).toEqual(['', '{{username}}', '{{password}}', '{{password}}', `{{${secrets[1]}}}`, '{{quantity}}']);
      // the confirm field counts as a password field for the rules (and the replay checks the page says so)
      expect(targetLooksSecret(r.workflow.steps[3]!.target)).toBe(true);
      expect(r.literals).toMatchObject({ password: 'Tulip-1234' });
    }
  });

  it('says when a step led away from the start site as recorded', () => {
    const r = parseWorkflowFile(
      file([nav, { type: 'click', selectors: [['aria/Pay with Example[role="link"]']], offsetX: 1, offsetY: 1, assertedEvents: [{ type: 'navigation', url: 'https://pay.example/checkout', title: '' }] }]),
      opts,
    );
    expect(r.ok && r.warnings).toEqual(['Step 2 ("click") led to pay.example when it was recorded, away from shop.test.']);
  });
});
