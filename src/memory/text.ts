/**
 * Words of a task or a page title, normalised the same way for stored demonstrations and queries:
 * lower case, accents dropped, stop words dropped, a light plural/verb-ending strip so "flights"
 * meets "flight" and "booking" meets "book". Numbers stay (dates, flight numbers, prices).
 */

const STOP = new Set(
  `a an the and or but of to from in on at by for with without into onto over under about as is are was were be been
  it its this that these those my me i you your we our us he she they them his her their please can could would will
  shall should do does did done get got go want need like just then than so also some any all each every via per
  up down out off new`.split(/\s+/),
);

/**
 * Words people use for the same thing in web tasks, mapped to one term on both sides (stored
 * keys and queries), so "reserve a plane ticket" meets "book a flight". Kept short and generic:
 * task verbs and the nouns of common sites, nothing specific to one site.
 */
const SAME: Record<string, string> = Object.fromEntries(
  Object.entries({
    book: 'reserve reservation',
    flight: 'plane fly airline airfare ticket',
    email: 'mail e-mail message',
    buy: 'purchase order',
    search: 'find look lookup',
    delete: 'remove trash erase discard',
    login: 'signin log sign logon',
    reply: 'respond answer',
    cheap: 'cheapest lowest inexpensive',
    choose: 'pick select',
    fill: 'enter complete',
  }).flatMap(([canonical, others]) => others.split(' ').map((w) => [w, canonical])),
);

/** "flights" -> "flight", "booking" -> "book", "searched" -> "search"; short words are left alone. */
export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:sh|ch|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Each retrieval term of a text with the word it came from, in order, repeats kept. */
export function words(text: string): { term: string; word: string }[] {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const out: { term: string; word: string }[] = [];
  for (const [word] of plain.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (STOP.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    const term = stem(word);
    out.push({ term: SAME[term] ?? SAME[word] ?? term, word });
  }
  return out;
}

/** The terms of a text for retrieval, in order, repeats kept (term frequency counts). */
export function terms(text: string): string[] {
  return words(text).map((w) => w.term);
}

/** The host of an address without a leading "www.", or "" when it is not one. */
export function siteOf(url: string): string {
  // a regex, not URL: the pure core is compiled without the DOM library
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#]+)/i.exec(url.trim());
  return m ? (m[1] ?? '').toLowerCase().replace(/^www\./, '') : '';
}

/** The path of an address: "https://x.org/airline/search?q=1" -> "/airline/search". */
export function pathOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url.trim());
  return m?.[1] ?? '';
}
