/** Words that are numbers (a price, a count, a date): a redesign changes them and the thing stays the same. */
const NUMBER = /^\d+(?:[.,]\d+)*$/;
/**
 * How long the recorded block around an element may be (words, numbers aside) and how many words a
 * candidate's may add to it, to count as an extended name: a card's "iPhone 15 Pro $999" is a name,
 * a longer block is text a redesign adds to without making it another thing (measured on the
 * training corpora: longer names cost found cases there, as menus gained an entry).
 */
export const BLOCK_NAME = { words: 2, added: 1 };
/** A row carries the item's name among its other cells ("acme/api-server Public Edit"). */
export const ROW_NAME = { words: 6, added: 2 };

/** A text's words that name something: numbers aside. */
export const nameWords = (words: Set<string>): string[] => [...words].filter((w) => !NUMBER.test(w));

/** How often a word occurs among the candidates' texts (`with`), out of how many texts (`of`). */
export interface Occurrences {
  with: (word: string) => number;
  of: number;
}

/**
 * Whether a candidate's row or block names another thing than the recorded one by extending its
 * name: it keeps every recorded word (numbers aside), each of which tells the recorded item from
 * the others (around at most half the candidates: not a menu every link of it shares), and
 * adds words of its own that tell it apart as well ("iPhone 15 Pro" and "iPhone 15 Pro Max",
 * "acme/api-server" and "acme/api-server-v2", the plan "Pro" and "Pro Plus"). The words it adds
 * are what tells the two things apart: such a candidate is a namesake, not a closer match.
 */
export function namesake(recorded: Set<string>, theirs: Set<string>, seen: Occurrences, limits: { words: number; added: number }): boolean {
  const rare = (w: string) => seen.with(w) <= seen.of / 2;
  const named = nameWords(recorded);
  if (!named.length || named.length > limits.words || !named.every((w) => rare(w) && theirs.has(w))) return false;
  const added = [...theirs].filter((w) => !recorded.has(w) && !NUMBER.test(w));
  return added.length > 0 && added.length <= limits.added && added.every(rare);
}

/**
 * The same for a row, whose words are counted among the rows that share any recorded word (`of`):
 * a table's other rows, not the rest of the page. Some recorded words must tell the row from those
 * (around at most half of them: "api-server", not the "acme" every repository's row has), every
 * recorded word must be kept, and what it adds must tell it apart as well ("api-server-v2").
 */
export function rowNamesake(recorded: Set<string>, theirs: Set<string>, seen: Occurrences, limits: { words: number; added: number }): boolean {
  const rare = (w: string) => seen.with(w) <= seen.of / 2;
  const named = nameWords(recorded);
  if (!named.some(rare) || named.length > limits.words || !named.every((w) => theirs.has(w))) return false;
  const added = [...theirs].filter((w) => !recorded.has(w) && !NUMBER.test(w));
  return added.length > 0 && added.length <= limits.added && added.every(rare);
}
