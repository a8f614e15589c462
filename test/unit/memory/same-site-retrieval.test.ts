import { describe, expect, it } from 'vitest';
import { MemoryIndex } from '../../../src/memory/index-search';
import { demonstrationKey } from '../../../src/memory/key';
import { retrieveExemplars } from '../../../src/memory/retrieve';
import { registrableSite, sameSite } from '../../../src/memory/same-site';
import type { Demonstration } from '../../../src/shared/demonstration';
import { flightDemo } from './demo-fixture';

const at = (id: string, url: string) => flightDemo({ id, site: new URL(url).host, startUrl: url });

/** The same task recorded on four sites; the person now asks it on shop.example's search page. */
const demos: Demonstration[] = [
  at('same-host', 'https://shop.example/airline/search'),
  at('subdomain', 'https://flights.shop.example/airline/search'),
  at('other-site', 'https://bank.example/airline/search'),
  at('github-neighbour', 'https://attacker.github.io/airline/search'),
];
const index = new MemoryIndex(demos.map((d) => ({ id: d.id, ...((k) => ({ site: k.site, key: k.text }))(demonstrationKey(d)) })));
const load = async (ids: string[]) => ids.map((id) => demos.find((d) => d.id === id));
const ask = (url: string) => ({ task: 'Search flights from Boston to Denver on 12 July', url, title: 'SkyWays' });

describe('examples from other sites', () => {
  it('are not given unless the person allowed them: only the registrable site of the tab', async () => {
    const found = await retrieveExemplars(index, ask('https://www.shop.example/airline/search'), load, { k: 5 });
    expect(found.map((e) => e.id).sort()).toEqual(['same-host', 'subdomain']);
    expect(found.every((e) => e.why.startsWith('same site'))).toBe(true);
  });

  it('are given, ranked after the same site, when "Use examples recorded on other sites" is on', async () => {
    const found = await retrieveExemplars(index, ask('https://www.shop.example/airline/search'), load, { k: 5, otherSites: true });
    expect(found.map((e) => e.id).slice(0, 2).sort()).toEqual(['same-host', 'subdomain']);
    expect(found.map((e) => e.id).slice(2).sort()).toEqual(['github-neighbour', 'other-site']);
  });

  it('tell two github.io sites apart and find nothing for a page without a site', async () => {
    expect((await retrieveExemplars(index, ask('https://me.github.io/airline/search'), load, { k: 5 })).map((e) => e.id)).toEqual([]);
    expect(await retrieveExemplars(index, ask('about:blank'), load, { k: 5 })).toEqual([]);
  });
});

describe('registrable site', () => {
  it('follows the public-suffix list, private suffixes included, and ignores ports and user info', () => {
    expect(registrableSite('www.shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableSite('https://bank.example@evil.example/')).toBe('evil.example');
    expect(registrableSite('127.0.0.1:4173')).toBe('127.0.0.1');
    expect(sameSite('attacker.github.io', 'me.github.io')).toBe(false);
    expect(sameSite('a.shop.example:8080', 'https://www.shop.example/x')).toBe(true);
    expect(sameSite('', '')).toBe(false);
  });
});
