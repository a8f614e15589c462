import { describe, expect, it } from 'vitest';
import type { BrowserAction } from '../../../src/shared/action';
import type { Workflow } from '../../../src/shared/workflow';
import { runReplay } from '../../../src/workflows/replay/engine';
import type { ReplayPage } from '../../../src/workflows/replay/ports';
import { fakePage, fp, harness, workflow, type El } from './replay-support';

/**
 * A key pressed without an element of its own goes to whatever has the focus at that moment: an
 * imported flow clicks a field, presses Tab, then Enter, and the Enter lands on the "Pay $420"
 * button the Tab moved to. The gate must judge that button, not the field the last step acted on.
 */
const els = (): El[] => [
  { id: 1, role: 'textbox', name: 'Card holder', domId: 'holder' },
  { id: 2, role: 'button', name: 'Pay $420', domId: 'pay' },
];

const flow = (): Workflow => ({
  ...workflow,
  source: { kind: 'chrome-recorder' },
  variables: [],
  steps: [
    { id: 's1', action: { kind: 'click' }, target: fp('textbox', 'Card holder', { domId: 'holder' }), intent: 'click "Card holder"', before: { path: '/login', title: '' }, after: { navigates: false } },
    { id: 's2', action: { kind: 'press', keys: 'Tab' }, intent: 'press Tab', before: { path: '/login', title: '' }, after: { navigates: false } },
    { id: 's3', action: { kind: 'press', keys: 'Enter' }, intent: 'press Enter', before: { path: '/login', title: '' }, after: { navigates: false } },
  ],
});

/** The fake page, keeping the focus as a browser does: a click focuses its element, Tab moves it to the next one. */
function focusingPage(withFocus: boolean) {
  const list = els();
  const { page, acted } = fakePage(list);
  let focus: number | undefined;
  const described: (number | 'focused')[] = [];
  const act: ReplayPage['act'] = async (a: BrowserAction, ...rest) => {
    if (a.kind === 'click') focus = a.id;
    if (a.kind === 'press' && a.keys === 'Tab' && focus !== undefined) focus = list[list.findIndex((e) => e.id === focus) + 1]?.id;
    return page.act(a, ...rest);
  };
  const describeId: ReplayPage['describe'] = async (id) => (described.push(id), page.describe(id));
  const shown: ReplayPage = { ...page, act, describe: describeId, ...(withFocus ? { describeFocused: async () => (described.push('focused'), focus === undefined ? null : page.describe(focus)) } : {}) };
  return { page: shown, acted, described };
}

describe('a key pressed with no element of its own', () => {
  it('is judged by the element that has the focus now: Enter after a Tab onto "Pay $420" asks before paying', async () => {
    const { page, acted, described } = focusingPage(true);
    const h = harness(page);
    const end = await runReplay(h.start, flow(), h.ports);
    expect(end.status).toBe('waiting');
    expect(end.index).toBe(2);
    expect(end.confirm).toMatchObject({ category: 'payment', irreversible: true });
    expect(end.confirm!.description).toMatch(/Pay \$420/);
    expect(acted.map((a) => (a.kind === 'press' ? a.keys : a.kind))).toEqual(['click', 'Tab']);
    // both keys asked the page what has the focus; neither was judged by the field clicked first
    expect(described).toEqual([1, 'focused', 'focused']);
  });

  it('without a page that names the focus, is not judged by the element the focus left with a Tab', async () => {
    const { page, acted, described } = focusingPage(false);
    const h = harness(page);
    const end = await runReplay(h.start, flow(), h.ports);
    // the click and the Tab were judged by the field; the Enter by nothing the replay can name
    expect(described).toEqual([1, 1]);
    expect(acted.map((a) => (a.kind === 'press' ? a.keys : a.kind)).slice(0, 2)).toEqual(['click', 'Tab']);
    if (end.status !== 'waiting') expect(end.log.at(-1)?.element ?? '').not.toMatch(/Card holder/);
  });
});
