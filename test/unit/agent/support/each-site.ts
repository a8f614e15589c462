import { FakeTabs, type FakeEl, type FakePage } from './fake-browser';

export const RESULTS = 'https://outdoor.example/results';
export const ITEMS = [
  { n: 1, name: 'Camping stove', rating: '4.3', reviews: '128' },
  { n: 2, name: 'Folding chair', rating: '3.9', reviews: '41' },
  { n: 3, name: 'Headlamp', rating: '4.8', reviews: '312' },
  { n: 4, name: 'Trekking poles', rating: '4.1', reviews: '77' },
];
export const itemUrl = (n: number) => `https://outdoor.example/item/${n}`;

/**
 * A results list whose ratings are only on each result's page, and a wishlist the item pages add to.
 * `links: false` gives rows that open their item by a script (no address), so EACH must click and come back.
 */
export function outdoorSite(opts: { links?: boolean; offSite?: boolean } = {}): { pages: Record<string, FakePage>; wished: string[] } {
  const wished: string[] = [];
  const row = (it: (typeof ITEMS)[number]): FakeEl =>
    opts.links === false
      ? { id: 10 + it.n, tag: 'button', name: it.name, onClick: () => itemUrl(it.n) }
      : { id: 10 + it.n, tag: 'a', name: it.name, href: opts.offSite && it.n === 2 ? 'https://elsewhere.example/chair' : itemUrl(it.n) };
  const pages: Record<string, FakePage> = {
    [RESULTS]: {
      title: 'Search results',
      elements: () => [{ id: 1, tag: 'text', name: '# Search results for "camping"' }, ...ITEMS.map(row), { id: 20, tag: 'a', name: 'Next page', href: `${RESULTS}?page=2` }],
    },
  };
  for (const it of ITEMS) {
    pages[itemUrl(it.n)] = {
      title: it.name,
      elements: () => [
        { id: 1, tag: 'text', name: `# ${it.name}` },
        { id: 2, tag: 'text', name: `Rating: ${it.rating} out of 5 · ${it.reviews} reviews` },
        { id: 3, tag: 'a', name: 'Add to wishlist', href: `${itemUrl(it.n)}/wish`, onClick: () => (wished.push(it.name), `${itemUrl(it.n)}/wish`) },
      ],
    };
    pages[`${itemUrl(it.n)}/wish`] = { title: 'Wishlist', elements: () => [{ id: 1, tag: 'text', name: `${it.name} is on your wishlist.` }] };
  }
  return { pages, wished };
}

/** Tabs over the same site: ids from 200. */
export const siteTabs = (pages: Record<string, FakePage>) => new FakeTabs(pages, 200);
