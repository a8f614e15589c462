import { describe, expect, it } from 'vitest';
import type { Demonstration } from '../../../src/shared/demonstration';
import type { Workflow } from '../../../src/shared/workflow';
import type { ReplayPage, ReplayTabs } from '../../../src/workflows/replay/ports';
import { runReplay } from '../../../src/workflows/replay/engine';
import { parseWorkflowFile } from '../../../src/workflows/file';
import { chromeRecordingFromWorkflow } from '../../../src/workflows/chrome-recorder/export';
import { workflowFromDemonstration } from '../../../src/workflows/from-demonstration';
import { fakePage, fp, harness, workflow as base } from './replay-support';

const ITEM = 'https://bank.test/item?n=2';

/** Two steps: a link that opens a new tab on the list, then a button in that tab. */
const twoTabs: Workflow = {
  ...base,
  variables: [],
  steps: [
    { id: 's1', action: { kind: 'click' }, target: fp('link', 'Camping stove', { domId: 'r2' }), intent: 'click "Camping stove"', before: { path: '/login', title: '' }, after: { navigates: false, opensTab: true } },
    { id: 's2', action: { kind: 'click' }, target: fp('button', 'Add to wishlist', { domId: 'wish' }), intent: 'click "Add to wishlist"', before: { path: '/item', title: '' }, after: { navigates: false }, tab: 2, tabUrl: ITEM },
  ],
};

/** The replay's tabs over two fake pages: tab 2 exists once the link was clicked. */
function twoTabPorts() {
  const list = fakePage([{ id: 5, role: 'link', name: 'Camping stove', domId: 'r2' }]);
  const item = fakePage([{ id: 7, role: 'button', name: 'Add to wishlist', domId: 'wish' }], { url: ITEM });
  let current = 1;
  const entered: number[] = [];
  const tabs: ReplayTabs = {
    async enter(n) {
      entered.push(n);
      if (n === 2 && !list.acted.length) return 'The step before should have opened a new tab (tab 2), and none opened; retry that step, or stop.';
      current = n;
      return null;
    },
  };
  const page = new Proxy({} as ReplayPage, { get: (_, k: keyof ReplayPage) => (current === 1 ? list.page : item.page)[k] });
  return { list, item, tabs, page, entered };
}

describe('a step in a tab that an earlier step opened', () => {
  it('replay follows into the new tab and goes on there, with no model call', async () => {
    const t = twoTabPorts();
    const h = harness(t.page);
    const end = await runReplay(h.start, twoTabs, { ...h.ports, tabs: t.tabs });
    expect(end.status).toBe('done');
    expect(t.entered).toEqual([1, 2]);
    expect(t.list.acted).toEqual([{ kind: 'click', id: 5, button: 'left', modifiers: [] }]);
    expect(t.item.acted).toEqual([{ kind: 'click', id: 7, button: 'left', modifiers: [] }]);
    expect(end.modelCalls).toBe(0);
  });

  it('stops and says why when the tab did not open, or when the replay cannot follow tabs', async () => {
    const t = twoTabPorts();
    const h = harness(t.page);
    const skipped = { ...twoTabs, steps: [twoTabs.steps[1]!] };
    const end = await runReplay(h.start, skipped, { ...h.ports, tabs: t.tabs });
    expect(end).toMatchObject({ status: 'waiting', message: 'The step before should have opened a new tab (tab 2), and none opened; retry that step, or stop.' });
    const one = harness(t.page);
    const alone = await runReplay(one.start, skipped, one.ports);
    expect(alone.message).toBe('This step runs in tab 2, which an earlier step opened; this replay runs in one tab only.');
    expect(t.item.acted).toEqual([]);
  });

  it('a Chrome Recorder file: a step whose target is not main runs in the tab the step before opened, and exports back to that target', () => {
    const file = JSON.stringify({
      title: 'Wish',
      steps: [
        { type: 'navigate', url: 'http://shop.test/results' },
        { type: 'click', target: 'main', selectors: [['a[target=_blank]']], offsetX: 4, offsetY: 4 },
        { type: 'click', target: 'http://shop.test/item?n=2', selectors: [['#wish']], offsetX: 4, offsetY: 4 },
      ],
    });
    const r = parseWorkflowFile(file, { id: 'wf-t', now: 1 });
    if (!r.ok) throw new Error(r.message);
    const steps = r.workflow.steps;
    expect(steps.map((s) => [s.action.kind, s.tab ?? 1, !!s.after.opensTab])).toEqual([['navigate', 1, false], ['click', 1, true], ['click', 2, false]]);
    expect(steps[2]).toMatchObject({ tabUrl: 'http://shop.test/item?n=2', before: { path: '/item' } });
    const out = chromeRecordingFromWorkflow(r.workflow);
    if (!out.ok) throw new Error(out.message);
    const targets = (JSON.parse(out.text) as { steps: { type: string; target?: string }[] }).steps.filter((s) => s.type === 'click').map((s) => s.target);
    expect(targets).toEqual(['main', 'http://shop.test/item?n=2']);
  });

  it('a recording: the opening click says so, the next steps carry their tab, and the new page is not a navigation of the first tab', () => {
    const page = '<a id=5>Camping stove</a>';
    const demo: Demonstration = {
      format: 'copilot-demonstration', version: 1, id: 'd', task: 'wish', description: '', site: 'shop.test', startUrl: 'http://shop.test/results', title: '', headings: [], createdAt: 0, labels: [],
      steps: [
        { at: 1, url: 'http://shop.test/results', title: 'Results', action: { kind: 'click', id: 5 }, target: fp('link', 'Camping stove'), page, opensTab: true },
        { at: 2, url: 'http://shop.test/item?n=2', title: 'Stove', action: { kind: 'click', id: 7 }, target: fp('link', 'Add to wishlist'), page: '<a id=7>Add to wishlist</a>', tab: 2 },
        { at: 3, url: 'http://shop.test/wish?n=2', title: 'Wishlist', action: { kind: 'navigate', url: 'http://shop.test/wish?n=2' }, page: '', tab: 2 },
      ],
    };
    const wf = workflowFromDemonstration(demo, { id: 'w', now: 0 });
    expect(wf.steps[1]!.tabUrl).toBe('http://shop.test/item?n=2');
    expect(wf.steps.map((s) => [s.tab ?? 1, s.after])).toEqual([
      [1, { navigates: false, opensTab: true }],
      [2, { navigates: true, path: '/wish' }],
    ]);
  });
});
