import { FakeBrowser, FakeTabs, type FakePage } from './fake-browser';

export const START = 'https://compare.example/';
export const SHOPS = [
  { url: 'https://compare.example/shop/a', name: 'Shop A', price: '$54.00' },
  { url: 'https://compare.example/shop/b', name: 'Shop B', price: '$47.50' },
  { url: 'https://compare.example/shop/c', name: 'Shop C', price: '$49.99' },
];

const shopPages: Record<string, FakePage> = Object.fromEntries(
  SHOPS.map((s) => [s.url, { title: s.name, elements: () => [{ id: 1, tag: 'text' as const, name: `# ${s.name}` }, { id: 2, tag: 'text' as const, name: `Kettle, 1.7 l: ${s.price}` }, { id: 3, tag: 'button' as const, name: 'Add to cart' }] }]),
);

/** The start page: where the answer goes. */
export function compareStart(): FakeBrowser {
  return new FakeBrowser({ [START]: { title: 'Compare', elements: () => [{ id: 1, tag: 'text', name: '# Which shop is cheapest?' }, { id: 4, tag: 'input', name: 'Cheapest shop' }] } }, START);
}

/** The shops' tabs: ids from 100. */
export const shopTabs = () => new FakeTabs(shopPages, 100);
