import { describe, expect, it } from 'vitest';
import { markTabOpeners, stampTab, tabNumberOf, withOpenedTab, withTabLoad } from '../../../src/background/recording/tab-steps';
import { withStep } from '../../../src/background/recording/steps';
import type { DemoStep } from '../../../src/shared/demonstration';
import type { RecordingData } from '../../../src/shared/messages/recording';

const LIST = 'http://shop.test/results';
const ITEM = 'http://shop.test/item?n=2';
const start = (): RecordingData => ({ first: { url: LIST, title: 'Results', headings: [], page: '' }, steps: [], lastUrl: LIST, ready: true });
const click = (at: number, id: number, url = LIST): DemoStep => ({ at, url, title: '', action: { kind: 'click', id }, page: `<a id=${id}>x</a>` });

describe('a recording across the tabs its steps open', () => {
  it('numbers a tab opened from one of its tabs once its first web page reports, and ignores tabs opened from elsewhere', () => {
    let d = withOpenedTab(start(), { tabId: 12, openerTabId: 10, startTabId: 10, at: 100 })!;
    // a tab the browser opened for itself, naming the active tab as its opener: it never reports a page
    d = withOpenedTab(d, { tabId: 11, openerTabId: 10, startTabId: 10, at: 90 })!;
    expect(tabNumberOf(d, 12, 10)).toBeUndefined();
    expect(withOpenedTab(d, { tabId: 13, openerTabId: 77, startTabId: 10, at: 120 })).toBeUndefined();
    d = withTabLoad(d, 12, ITEM, 'Stove', 110);
    expect(d.tabs).toEqual([
      { n: 1, tabId: 10, from: 0, at: 0, loaded: true },
      { n: 2, tabId: 12, from: 1, at: 100, loaded: true },
      { n: 0, tabId: 11, from: 1, at: 90, loaded: false },
    ]);
    expect([tabNumberOf(d, 10, 12), tabNumberOf(d, 12, 12), tabNumberOf(d, 11, 12), tabNumberOf(d, 99, 12)]).toEqual([1, 2, undefined, undefined]);
    expect(tabNumberOf(start(), 10, 10)).toBe(1);
  });

  it("takes the new tab's first page as the opening's effect, and later loads there as navigations in that tab", () => {
    let d = withOpenedTab(start(), { tabId: 12, openerTabId: 10, startTabId: 10, at: 100 })!;
    d = withTabLoad(d, 12, ITEM, 'Stove', 110);
    expect(d.steps).toEqual([]);
    expect(d.lastUrl).toBe(ITEM);
    d = withTabLoad(d, 12, 'http://shop.test/wish?n=2', 'Wishlist', 130);
    expect(d.steps.map((s) => [s.action.kind, s.tab])).toEqual([['navigate', 2]]);
    // the first tab's loads are as before: no tab number
    expect(withTabLoad(start(), 10, ITEM, '', 5).steps.map((s) => s.tab)).toEqual([undefined]);
  });

  it('marks the click that opened the tab, whichever reached the recording first', () => {
    let d = withStep(start(), click(90, 5));
    d = withTabLoad(withOpenedTab(d, { tabId: 12, openerTabId: 10, startTabId: 10, at: 100 })!, 12, ITEM, '', 105);
    // a later click of tab 1 (arriving before the opening) is not the opener; the item page's click is in tab 2
    d = withStep(d, stampTab(click(120, 7, ITEM), 2));
    d = withStep(d, click(95, 6));
    expect(markTabOpeners(d).map((s) => [s.at, s.tab ?? 1, !!s.opensTab])).toEqual([[90, 1, false], [95, 1, true], [120, 2, false]]);
  });
});
