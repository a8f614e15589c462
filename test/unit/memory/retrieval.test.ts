import { describe, expect, it } from 'vitest';
import { MemoryIndex, WEIGHTS, type MemoryEntry } from '../../../src/memory/index-search';
import { demonstrationKey, taskKey } from '../../../src/memory/key';
import { terms, siteOf } from '../../../src/memory/text';
import { normalize } from '../../../src/memory/vector';
import { retrieveExemplars } from '../../../src/memory/retrieve';
import { flightDemo } from './demo-fixture';

const entry = (id: string, task: string, url: string, vector?: number[]): MemoryEntry => {
  const key = taskKey({ task, url, title: '' });
  return { id, site: key.site, key: key.text, vector: vector ? normalize(vector) : undefined };
};

const stored = [
  entry('flight', 'Book the cheapest flight from Boston to Denver', 'http://127.0.0.1:4173/airline/search'),
  entry('reply', 'Reply to the email from Alice saying thanks', 'http://127.0.0.1:4173/inbox'),
  entry('buy', 'Buy a blue kettle and pay by card', 'https://shop.example.com/kettles'),
  entry('login', 'Sign in with the username ada', 'http://127.0.0.1:4173/login'),
];

describe('retrieval key and words', () => {
  it('normalises case, accents, plurals and stop words, and keeps numbers', () => {
    expect(terms('Book the FLIGHTS to Zürich on 12 July')).toEqual(['book', 'flight', 'zurich', '12', 'july']);
  });
  it('maps the words people use for the same thing in web tasks to one term', () => {
    expect(terms('reserve a plane ticket')).toEqual(terms('book a flight flight'));
    expect(terms('log in, then purchase')).toEqual(['login', 'buy']);
    const index = new MemoryIndex(stored);
    expect(index.search({ key: 'reserve a plane ticket to Denver', site: 'x.test' })[0]?.id).toBe('flight');
  });

  it('takes the site from the address without www and the path words into the key', () => {
    expect(siteOf('https://www.Example.com:8080/a?b')).toBe('example.com:8080');
    const key = taskKey({ task: 'Find a booking', url: 'http://127.0.0.1:4173/airline/find-booking?x=1', title: 'SkyWays' });
    expect(key.site).toBe('127.0.0.1:4173');
    expect(key.text).toContain('airline find booking');
    expect(demonstrationKey(flightDemo()).text).toContain('Sign in');
  });
});

describe('lexical, vector and site scoring', () => {
  const index = new MemoryIndex(stored);

  it('ranks the demonstration sharing the rare words first and says which words matched', () => {
    const [first] = index.search({ key: 'cheapest flight Boston to Chicago', site: '127.0.0.1:4173' }, { k: 3, vectorNote: 'no embedding model, words only' });
    expect(first?.id).toBe('flight');
    expect(first?.sameSite).toBe(true);
    expect(first?.why).toMatch(/^same site; words: .*cheapest.*flight.*boston/);
    expect(first?.why).toContain('no embedding model, words only');
  });

  it('gives the same-site demonstration the boost, and only when there is also some similarity', () => {
    const words = index.search({ key: 'sign in as ada', site: 'other.org' }, { k: 1 })[0]!;
    const same = index.search({ key: 'sign in as ada', site: '127.0.0.1:4173' }, { k: 1 })[0]!;
    expect(same.id).toBe('login');
    expect(same.score - words.score).toBeCloseTo(WEIGHTS.site, 2);
    // a site alone is not an example: nothing shares a word with this
    expect(index.search({ key: 'weather tomorrow', site: '127.0.0.1:4173' })).toEqual([]);
  });

  it('combines cosine with words when both sides have vectors, so a paraphrase with no shared words is found', () => {
    const withVectors = new MemoryIndex([
      entry('flight', 'Book the cheapest flight from Boston to Denver', 'http://a.test/air', [1, 0, 0]),
      entry('mail', 'Reply to the email from Alice', 'http://b.test/mail', [0, 1, 0]),
    ]);
    const ranked = withVectors.search({ key: 'travel to the mountains', site: 'c.test', vector: new Float32Array([0.9, 0.1, 0]) }, { k: 2 });
    expect(ranked.map((r) => r.id)).toEqual(['flight']);
    expect(ranked[0]!.vector).toBeGreaterThan(0.9);
    expect(ranked[0]!.why).toMatch(/vector 0\.99/);
    expect(ranked[0]!.score).toBeCloseTo(WEIGHTS.vector * ranked[0]!.vector!, 2);
  });

  it('returns at most k, best first, and nothing from an empty memory', () => {
    const many = new MemoryIndex(Array.from({ length: 50 }, (_, i) => entry(`d${i}`, `flight ${i} from Boston`, 'http://x.test/')));
    const top = many.search({ key: 'flight 7 from Boston', site: 'x.test' }, { k: 5, minScore: 0 });
    // words every demonstration shares say little: the others fall under the default threshold
    expect(many.search({ key: 'flight 7 from Boston', site: 'x.test' }, { k: 5 }).map((r) => r.id)).toEqual(['d7']);
    expect(top).toHaveLength(5);
    expect(top[0]!.id).toBe('d7');
    expect(top.map((r) => r.score)).toEqual([...top.map((r) => r.score)].sort((a, b) => b - a));
    expect(new MemoryIndex([]).search({ key: 'flight', site: '' })).toEqual([]);
  });
});

describe('retrieveExemplars', () => {
  it('keys the task, searches and converts the stored demonstration with its score and why', async () => {
    const demo = flightDemo();
    const key = demonstrationKey(demo);
    const index = new MemoryIndex([{ id: demo.id, site: key.site, key: key.text }]);
    const asked: string[][] = [];
    const found = await retrieveExemplars(index, { task: 'search flights from Miami to Denver', url: 'http://127.0.0.1:4173/airline/search', title: 'SkyWays' }, async (ids) => {
      asked.push(ids);
      return ids.map(() => demo);
    });
    expect(asked).toEqual([['demo-flight']]);
    expect(found).toHaveLength(1);
    expect(found[0]!.why).toMatch(/same site; words: .*flight/);
    expect(found[0]!.trajectory.length).toBeGreaterThan(0);
  });
});
