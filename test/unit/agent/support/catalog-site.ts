import type { FindQuery, FoundElement } from '../../../../src/shared/page';
import { FakeBrowser, type FakeEl } from './fake-browser';

export const CATALOG = 'https://shop.example/catalog';
export const pageUrl = (n: number) => (n === 1 ? CATALOG : `${CATALOG}?page=${n}`);

export interface Product {
  name: string;
  price: string;
  rating: string;
}

/** Three pages of four products each, as a results table. */
export const PRODUCTS: Product[][] = [
  [
    { name: 'Desk lamp', price: '$24.00', rating: '4.5' },
    { name: 'Kettle', price: '$31.50', rating: '4.1' },
    { name: 'Toaster', price: '$1,299.99', rating: '3.9' },
    { name: 'Blender, glass jar', price: '$58.00', rating: '4.7' },
  ],
  [
    { name: 'Rice cooker', price: '$89.00', rating: '4.4' },
    { name: 'Coffee grinder', price: '$42.25', rating: '4.0' },
    { name: 'Hand mixer', price: '$19.99', rating: '3.6' },
    { name: 'Waffle iron', price: '$35.00', rating: '4.2' },
  ],
  [
    { name: 'Air fryer', price: '$110.00', rating: '4.8' },
    { name: 'Juicer', price: '$64.50', rating: '3.8' },
    { name: 'Slow cooker', price: '$47.00', rating: '4.3' },
    { name: 'Food scale', price: '$12.00', rating: '4.6' },
  ],
];

/**
 * A shop's catalog: a table of products over three pages, with a Next link on all but the last.
 * `filler` lines go before the table, so a small page budget cuts the table off.
 */
export function catalogSite(options: { filler?: number } = {}): FakeBrowser {
  const pages = Object.fromEntries(
    PRODUCTS.map((products, i) => {
      const n = i + 1;
      const elements = (): FakeEl[] => {
        const els: FakeEl[] = [{ id: 1, tag: 'text', name: `# Catalog, page ${n} of 3` }];
        for (let f = 0; f < (options.filler ?? 0); f++) els.push({ id: 500 + f, tag: 'text', name: `Store news item ${f}: opening hours change for the holidays in several cities.` });
        els.push({ id: 2, tag: 'text', name: 'Product | Price | Rating' });
        products.forEach((p, r) => els.push({ id: 100 + r, tag: 'text', name: `${p.name} | ${p.price} | ${p.rating}` }));
        if (n < 3) els.push({ id: 30, tag: 'a', name: 'Next', href: pageUrl(n + 1), onClick: () => pageUrl(n + 1) });
        return els;
      };
      return [pageUrl(n), { title: `Catalog ${n}`, elements }];
    }),
  );
  return new CatalogBrowser(pages, CATALOG);
}

/** As the real page model's find does, text lines match too, shown as `<text id=N>line</text>`. */
class CatalogBrowser extends FakeBrowser {
  override async find(q: FindQuery): Promise<FoundElement[]> {
    const needle = (q.text ?? '').toLowerCase();
    const texts = this.elements()
      .filter((e) => e.tag === 'text' && e.name.toLowerCase().includes(needle))
      .map((e) => ({ id: e.id, line: `<text id=${e.id}>${e.name}</text>`, inViewport: false }));
    return [...(await super.find(q)), ...texts].slice(0, q.limit ?? 20);
  }
}

/** A page's rows in the text grammar, `name | price | rating`. */
export const rowsOf = (n: number) => PRODUCTS[n - 1]!.map((p) => `${p.name} | ${p.price} | ${p.rating}`);
