/**
 * Tokens as the model will count them (o200k BPE), not a character estimate. The BPE tables are
 * about 2 MB, too much to parse on every page a person opens, so the content script loads them on
 * the first snapshot (see ../load-tokenizer.ts) and hands the counter in here; tools that inject
 * the page model into plain pages bundle it directly.
 */
let count: ((text: string) => number) | undefined;

export function useTokenCounter(counter: (text: string) => number): void {
  count = counter;
}

export function countTokens(text: string): number {
  if (!count) throw new Error('the token counter is not loaded yet');
  return text ? count(text) : 0;
}
